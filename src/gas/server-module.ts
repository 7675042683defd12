/**
 * Loads the server module (src/server.ts, built into dist/server-module.html) once per execution.
 *
 * Code.js is evaluated by every execution, formula cells included (G5), so it stays small and the
 * rest of the server code waits in an HTML file of the project, which Apps Script stores but does
 * not evaluate. It is read with HtmlTemplate.getRawContent, documented to return a file's
 * unprocessed content (HtmlOutput.getContent only "gets the content", PRODUCTION.md G11), and
 * checked against the SHA-256 the build wrote into Code.js before it is evaluated: a file that is
 * missing, edited in the script editor, left from another push or rewritten on the way is one
 * clear error, never other code run. Evaluating it is plain JavaScript (Google's HtmlTemplate.getCode
 * documentation has scripts `eval` generated code the same way). The text is the project's own
 * file, written by scripts/build.ts: nothing from a user or the API is evaluated.
 */
import type * as ServerModule from "../server";

export type Server = typeof ServerModule;

/** dist/server-module.html, as HtmlService names project files (without .html). */
export const SERVER_MODULE_FILE = "server-module";
/** The global name the module's IIFE assigns (scripts/build.ts builds it with this name). */
export const SERVER_MODULE_GLOBAL = "AddOnServer";

/** What to do when the module cannot be used: the same for every cause. */
const PUSH_ALL =
  "Push all four files of dist/ together (Code.js, server-module.html, sidebar.html, appsscript.json): npm run push, or copy each into the script project unchanged.";

/** An error the sidebar shows with its kind and next step (rpc/user-error.ts). */
function setupError(what: string): Error {
  return Object.assign(
    new Error(`The add-on's server code (${SERVER_MODULE_FILE}.html) ${what}: push all four files of dist/.`),
    { kind: "setup", next: PUSH_ALL },
  );
}

/** SHA-256 of `text` as UTF-8, in hex (Apps Script's digest is signed bytes). */
function sha256Hex(text: string): string {
  const bytes = Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, text, Utilities.Charset.UTF_8);
  return bytes.map((byte) => ((byte + 256) % 256).toString(16).padStart(2, "0")).join("");
}

/** The module's text as the build wrote it, or a setup error. */
function readModule(): string {
  let code: string;
  try {
    code = HtmlService.createTemplateFromFile(SERVER_MODULE_FILE).getRawContent();
  } catch {
    throw setupError("is missing from the script project");
  }
  // Whitespace after the last statement is the only change allowed: a store that drops the file's
  // final newline must not lock every user out, and it changes no statement.
  if (sha256Hex(code.trimEnd()) !== __SERVER_MODULE_SHA256__)
    throw setupError("is not the one this Code.js was built with (edited, or from another build)");
  return code;
}

let loaded: Server | null = null;

/** The server module, checked and evaluated on first use in this execution. */
export function serverModule(): Server {
  if (!loaded) {
    const code = readModule();
    // A function body, so the module's `var AddOnServer` stays local instead of becoming a global.
    loaded = new Function(`${code}\nreturn ${SERVER_MODULE_GLOBAL};`)() as Server;
  }
  return loaded;
}
