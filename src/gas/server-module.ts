/**
 * Loads the server module (src/server.ts, built into dist/server-module.html) once per execution.
 *
 * Code.js is evaluated by every execution, formula cells included (G5), so it stays small and the
 * rest of the server code waits in an HTML file of the project, which Apps Script stores but does
 * not evaluate. Reading it is one HtmlService call; evaluating it is plain JavaScript (Google's
 * HtmlTemplate.getCode documentation has scripts `eval` generated code the same way). The text is
 * the project's own file, written by scripts/build.ts: nothing from a user or the API is evaluated.
 */
import type * as ServerModule from "../server";

export type Server = typeof ServerModule;

/** dist/server-module.html, as HtmlService names project files (without .html). */
export const SERVER_MODULE_FILE = "server-module";
/** The global name the module's IIFE assigns (scripts/build.ts builds it with this name). */
export const SERVER_MODULE_GLOBAL = "AddOnServer";

let loaded: Server | null = null;

/** The server module, evaluated on first use in this execution. */
export function serverModule(): Server {
  if (!loaded) {
    const code = HtmlService.createHtmlOutputFromFile(SERVER_MODULE_FILE).getContent();
    // A function body, so the module's `var AddOnServer` stays local instead of becoming a global.
    loaded = new Function(`${code}\nreturn ${SERVER_MODULE_GLOBAL};`)() as Server;
  }
  return loaded;
}
