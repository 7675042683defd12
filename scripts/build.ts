/**
 * Builds what Apps Script runs into dist/:
 * - Code.js: the add-on bundled by esbuild into one IIFE, followed by one top-level
 *   `function NAME(...)` per export of src/main.ts, each carrying that export's JSDoc. Apps Script
 *   only sees top-level function declarations, and Sheets shows their JSDoc (`@customfunction`) in
 *   autocomplete; esbuild drops JSDoc, so the declarations are generated here from main.ts's syntax.
 * - server-module.html: the server code only the sidebar, menu actions and trigger run (src/server.ts),
 *   evaluated on demand so that formula cells do not load it (src/gas/server-module.ts).
 * - sidebar.html: the Preact sidebar with its script and styles inlined (the sidebar iframe may not
 *   fetch anything).
 * - appsscript.json: the manifest, with urlFetchWhitelist built from the production base URL.
 *
 * Environment: API_BASE_URL sets the production base URL (default below).
 *
 * Sandbox builds (`build(url, { sandbox: true })`: the test suite's global setup, `npm start`,
 * the benchmarks) add the emulation-only prefix `http://127.0.0.1:*\/` to urlFetchWhitelist, so
 * the emulated runtime lets the add-on fetch the local sandbox on its ephemeral port. Google
 * accepts https prefixes only: `npm run build` and `npm run push` never write it.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import ts from "typescript";
import { SERVER_MODULE_FILE, SERVER_MODULE_GLOBAL } from "../src/gas/server-module";
import { bundleForBrowser, inlineScriptText } from "./browser-bundle";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  version: string;
  addon: Record<string, unknown>;
};

/**
 * The About item's and the sidebar footer's links, from package.json's `addon`: https only, since
 * the Marketplace listing names the same pages and the sidebar opens them for the user.
 */
export function addonLinks(addon: Record<string, unknown>): Record<string, string> {
  const links: Record<string, string> = {};
  for (const name of ["supportUrl", "privacyPolicyUrl", "termsOfServiceUrl"]) {
    const url = addon[name];
    if (typeof url !== "string" || !url.startsWith("https://")) {
      throw new Error(`package.json addon.${name} must be an https URL, got ${JSON.stringify(url)}`);
    }
    links[name] = url;
  }
  return links;
}

/** The API's production base URL; override with API_BASE_URL at build time. */
export const DEFAULT_API_BASE_URL = "https://api.prospecting-data.example";
/** The sandbox API on loopback, any port: allowed in sandbox builds only (see above). */
export const SANDBOX_WHITELIST_PREFIX = "http://127.0.0.1:*/";
/** Name of the IIFE's global that holds main.ts's exports. */
const BUNDLE_GLOBAL = "AddOn";

export interface GlobalEntry {
  name: string;
  params: string[];
  jsdoc: string;
}

/** Reads the exported functions of main.ts with their parameter names and JSDoc. */
export function readGlobalEntries(mainSource: string): GlobalEntry[] {
  const file = ts.createSourceFile("main.ts", mainSource, ts.ScriptTarget.ES2022, true);
  const entries: GlobalEntry[] = [];
  for (const statement of file.statements) {
    if (!ts.isFunctionDeclaration(statement) || !statement.name) continue;
    const exported = statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    const ranges = ts.getLeadingCommentRanges(mainSource, statement.getFullStart()) ?? [];
    const docs = ranges.map((r) => mainSource.slice(r.pos, r.end)).filter((c) => c.startsWith("/**"));
    entries.push({
      name: statement.name.text,
      params: statement.parameters.map((p) => p.name.getText(file)),
      jsdoc: docs.at(-1) ?? "",
    });
  }
  return entries;
}

function entryDeclarations(entries: GlobalEntry[]): string {
  return entries
    .map((e) => {
      const params = e.params.join(", ");
      return `${e.jsdoc}\nfunction ${e.name}(${params}) {\n  return ${BUNDLE_GLOBAL}.${e.name}(${params});\n}\n`;
    })
    .join("\n");
}

export interface BuildOptions {
  /** Also allow the local sandbox (tests, playground, benchmarks); never for a deployment. */
  sandbox?: boolean;
}

/** The manifest's urlFetchWhitelist: the base URL's origin, and the sandbox in sandbox builds. */
export function urlFetchWhitelist(baseUrl: string, options: BuildOptions = {}): string[] {
  const origin = new URL(baseUrl);
  const list = [`${origin.protocol}//${origin.host}/`];
  if (options.sandbox) list.push(SANDBOX_WHITELIST_PREFIX);
  return list;
}

/**
 * One server-side bundle: minified ES2020 in one IIFE that assigns `globalName`. Every
 * custom-function cell is its own execution that loads the whole of Code.js (G5), so its size is
 * paid per cell: minified, it is about a third.
 */
export async function bundleServer(
  entry: string | { contents: string },
  globalName: string,
  baseUrl: string,
  whitelist: string[],
): Promise<string> {
  const result = await esbuild.build({
    ...(typeof entry === "string"
      ? { entryPoints: [entry] }
      : { stdin: { contents: entry.contents, resolveDir: root, loader: "ts" as const } }),
    bundle: true,
    format: "iife",
    globalName,
    target: "es2020",
    platform: "neutral",
    charset: "utf8",
    write: false,
    legalComments: "none",
    minify: true,
    define: {
      __ADDON_VERSION__: JSON.stringify(pkg.version),
      __ADDON_LINKS__: JSON.stringify(addonLinks(pkg.addon)),
      __API_BASE_URL__: JSON.stringify(baseUrl),
      // The same prefixes as the manifest, so Settings can refuse a base URL Apps Script would not fetch.
      __URL_FETCH_WHITELIST__: JSON.stringify(whitelist),
    },
  });
  return result.outputFiles[0]!.text;
}

/** Code.js: the entry points and what formulas need, then the generated declarations with their JSDoc. */
async function buildCode(baseUrl: string, whitelist: string[]): Promise<string> {
  const entry = join(root, "src/main.ts");
  const bundle = await bundleServer(entry, BUNDLE_GLOBAL, baseUrl, whitelist);
  const entries = readGlobalEntries(readFileSync(entry, "utf8"));
  const header = `// Prospecting add-on ${pkg.version}. Built file: edit src/ and run npm run build.\n`;
  return `${header}${bundle}\n${entryDeclarations(entries)}`;
}

/**
 * server-module.html: src/server.ts, which src/gas/server-module.ts reads through HtmlService and
 * evaluates only in the executions that need it. An HTML file because Apps Script evaluates every
 * script file of a project in every execution, and its HTML files only when asked.
 */
async function buildServerModule(baseUrl: string, whitelist: string[]): Promise<string> {
  return bundleServer(join(root, "src/server.ts"), SERVER_MODULE_GLOBAL, baseUrl, whitelist);
}

async function buildSidebar(): Promise<string> {
  const script = inlineScriptText(await bundleForBrowser(join(root, "sidebar/main.tsx")));
  const style = readFileSync(join(root, "sidebar/style.css"), "utf8");
  const template = readFileSync(join(root, "sidebar/index.html"), "utf8");
  return template.replace("/*STYLE*/", () => style).replace("/*SCRIPT*/", () => script);
}

function buildManifest(whitelist: string[]): string {
  const manifest = JSON.parse(readFileSync(join(root, "appsscript.json"), "utf8")) as Record<string, unknown>;
  manifest.urlFetchWhitelist = whitelist;
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/**
 * Replaces dist/ file by file with renames, so a test or the playground reading dist/ while another
 * process builds never sees a missing or half-written file, and removes files no longer built.
 */
function writeDist(files: Record<string, string>): void {
  mkdirSync(dist, { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    const temporary = join(dist, `.${name}.${process.pid}.tmp`);
    writeFileSync(temporary, text);
    renameSync(temporary, join(dist, name));
  }
  for (const name of readdirSync(dist)) {
    if (!(name in files) && !name.endsWith(".tmp"))
      rmSync(join(dist, name), { recursive: true, force: true });
  }
}

export async function build(
  baseUrl = process.env.API_BASE_URL || DEFAULT_API_BASE_URL,
  options: BuildOptions = {},
): Promise<void> {
  if (!baseUrl.startsWith("https://")) {
    throw new Error(
      `API_BASE_URL must be an https URL (Apps Script's urlFetchWhitelist needs it): ${baseUrl}`,
    );
  }
  const whitelist = urlFetchWhitelist(baseUrl, options);
  const [code, serverModule, sidebar] = await Promise.all([
    buildCode(baseUrl, whitelist),
    buildServerModule(baseUrl, whitelist),
    buildSidebar(),
  ]);
  writeDist({
    "Code.js": code,
    [`${SERVER_MODULE_FILE}.html`]: serverModule,
    "sidebar.html": sidebar,
    "appsscript.json": buildManifest(whitelist),
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now();
  await build();
  console.log(`built dist/ in ${Math.round(performance.now() - started)} ms`);
}
