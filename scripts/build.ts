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
 * Environment: API_BASE_URL sets the production base URL (default below); API_NETWORK_NAME the word
 * production writes for the spec's `network` in paths and field names (default `network`), and
 * API_COMPANY_DB_NAME the one for `company_db` in `company_db_urn` (default `company_db`): the
 * client uses them on the wire only (src/api/wire-names.ts, PRODUCTION.md A14). `npm run push`
 * builds first, so it reads them too.
 *
 * Code.js carries the SHA-256 of server-module.html, which src/gas/server-module.ts checks before
 * evaluating it: a missing, edited or stale file is one clear error, never other code run.
 *
 * Sandbox builds (`build(url, { sandbox: true })`: the test suite's global setup, `npm start`,
 * the benchmarks) add the emulation-only prefix `http://127.0.0.1:*\/` to urlFetchWhitelist, so
 * the emulated runtime lets the add-on fetch the local sandbox on its ephemeral port. Google
 * accepts https prefixes only: `npm run build` and `npm run push` never write it.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import ts from "typescript";
import { SPEC_WIRE_NAMES, type WireNames, wireNamesProblem } from "../src/api/wire-names";
import { SERVER_MODULE_FILE, SERVER_MODULE_GLOBAL } from "../src/gas/server-module";
import { COMPANY_FIELDS, LEAD_FIELDS, TRANSACTION_FIELDS } from "../src/sheet/lead-fields";
import { bundleForBrowser, inlineScriptText } from "./browser-bundle";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
/** Where `npm run build` writes; tests build other configurations beside it (BuildOptions.outDir). */
export const DIST = join(root, "dist");
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
  /** Production's words for `network` and `company_db`; default: API_NETWORK_NAME and API_COMPANY_DB_NAME. */
  wireNames?: WireNames;
  /** The folder to write (default dist/). */
  outDir?: string;
}

/** The wire names from the environment (empty or unset: the spec's own words), checked. */
export function wireNamesFromEnv(env: NodeJS.ProcessEnv = process.env): WireNames {
  const names: WireNames = {
    network: env.API_NETWORK_NAME?.trim() || SPEC_WIRE_NAMES.network,
    companyDb: env.API_COMPANY_DB_NAME?.trim() || SPEC_WIRE_NAMES.companyDb,
  };
  return checkedWireNames(names);
}

/** `names` when the build can use them on the wire; otherwise an error saying why. */
export function checkedWireNames(names: WireNames): WireNames {
  const problem = wireNamesProblem(names) ?? clashProblem(names);
  if (problem !== null) throw new Error(`API_NETWORK_NAME / API_COMPANY_DB_NAME: ${problem}.`);
  return names;
}

/**
 * A name that is already a word of the spec's own keys (`company`, `job`, `url`...) would be read
 * back into `network` where it never was one (`company_id` -> `network_id`): refused.
 */
function clashProblem(names: WireNames): string | null {
  const words = new Set(
    [...LEAD_FIELDS, ...COMPANY_FIELDS, ...TRANSACTION_FIELDS].flatMap((field) => field.split("_")),
  );
  for (const word of [names.network, names.companyDb]) {
    if (word !== SPEC_WIRE_NAMES.network && word !== SPEC_WIRE_NAMES.companyDb && words.has(word))
      return `"${word}" is already a word of the spec's field names (as in ${[...LEAD_FIELDS, ...COMPANY_FIELDS].find((f) => f.split("_").includes(word))})`;
  }
  return null;
}

/** What the build defines in both server bundles. */
interface Defines {
  baseUrl: string;
  whitelist: string[];
  wireNames: WireNames;
  /** SHA-256 (hex) of server-module.html: Code.js only. */
  serverModuleSha256?: string;
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
  defines: Defines,
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
      __API_BASE_URL__: JSON.stringify(defines.baseUrl),
      __API_NETWORK_NAME__: JSON.stringify(defines.wireNames.network),
      __API_COMPANY_DB_NAME__: JSON.stringify(defines.wireNames.companyDb),
      // The same prefixes as the manifest, so Settings can refuse a base URL Apps Script would not fetch.
      __URL_FETCH_WHITELIST__: JSON.stringify(defines.whitelist),
      __SERVER_MODULE_SHA256__: JSON.stringify(defines.serverModuleSha256 ?? ""),
    },
  });
  return result.outputFiles[0]!.text;
}

/** Code.js: the entry points and what formulas need, then the generated declarations with their JSDoc. */
async function buildCode(defines: Defines): Promise<string> {
  const entry = join(root, "src/main.ts");
  const bundle = await bundleServer(entry, BUNDLE_GLOBAL, defines);
  const entries = readGlobalEntries(readFileSync(entry, "utf8"));
  const header = `// Prospecting add-on ${pkg.version}. Built file: edit src/ and run npm run build.\n`;
  return `${header}${bundle}\n${entryDeclarations(entries)}`;
}

/**
 * server-module.html: src/server.ts, which src/gas/server-module.ts reads through HtmlService and
 * evaluates only in the executions that need it. An HTML file because Apps Script evaluates every
 * script file of a project in every execution, and its HTML files only when asked.
 */
async function buildServerModule(defines: Defines): Promise<string> {
  return bundleServer(join(root, "src/server.ts"), SERVER_MODULE_GLOBAL, defines);
}

/** SHA-256 of the file's text as UTF-8, in hex: what Utilities.computeDigest gives in Apps Script. */
export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
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
function writeDist(dist: string, files: Record<string, string>): void {
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
  const wireNames = options.wireNames ? checkedWireNames(options.wireNames) : wireNamesFromEnv();
  const defines: Defines = { baseUrl, whitelist, wireNames };
  const [serverModule, sidebar] = await Promise.all([buildServerModule(defines), buildSidebar()]);
  // Code.js after the module: it carries the module's hash.
  // Hashed without trailing whitespace, as src/gas/server-module.ts checks it (see there).
  const code = await buildCode({ ...defines, serverModuleSha256: sha256Hex(serverModule.trimEnd()) });
  writeDist(options.outDir ?? DIST, {
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
