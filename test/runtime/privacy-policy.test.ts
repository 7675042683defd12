/**
 * The privacy policy (docs/marketplace/privacy.html) held against the code (issue 22): the API key
 * is written only to the user's own user properties, and the add-on sends requests only to the
 * configured base URL. Checked twice: in the source (where the key and the network can be
 * touched at all) and in the built add-on at work in the emulated runtime (a key saved, formulas,
 * an enrichment run, a company search, an export, a second editor), every store, cell, cache, log
 * and request searched afterwards.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchAllSync } from "../../sandbox/sync-http/index";
import { urlFetchWhitelist } from "../../scripts/build";
import { emptyForm } from "../../src/jobs/company-search/form";
import { crmRows, driveSteps, estimateAndConfirm, rpcValue, SHEET, USER } from "../jobs/enrich-world";
import { type AddonRuntime, startAddonRuntime } from "./support";

const root = join(import.meta.dirname, "../..");
/** A key the sandbox knows, distinctive enough to find wherever it might have been copied. */
const SECRET = "sk-privacy-1d9e44c0-KEY-77ab";
const EDITOR = "editor@example.com";

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** A file's code without its comments, so a comment naming a service does not count as a use. */
function code(path: string): string {
  return readFileSync(join(root, path), "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:])\/\/.*$/gm, "$1");
}

const filesUsing = (files: string[], pattern: RegExp) => files.filter((file) => pattern.test(code(file)));

describe("the privacy policy, in the source", () => {
  const server = sourceFiles("src");
  const sidebar = sourceFiles("sidebar");

  it("reaches the network through one adapter only: UrlFetchApp in src/gas/http.ts", () => {
    expect(filesUsing(server, /\bUrlFetchApp\b/)).toEqual(["src/gas/http.ts"]);
    // No other Google service that sends or stores data elsewhere.
    expect(
      filesUsing(
        server,
        /\b(MailApp|GmailApp|DriveApp|DocumentApp|SlidesApp|FormApp|Jdbc|BigQuery|XmlService)\b/,
      ),
    ).toEqual([]);
  });

  it("builds every request's address from the configured base URL and a spec path", () => {
    // Requests are made in one place, the only code that sets an Authorization header.
    expect(filesUsing(server, /\bAuthorization:/)).toEqual(["src/api/request.ts"]);
    const request = code("src/api/request.ts");
    const addresses = [...request.matchAll(/\burl: ([^\n]+)/g)].map((m) => m[1]!);
    expect(addresses.length).toBe(2);
    for (const address of addresses) expect(address).toMatch(/^`?\$?\{?endpointUrl\(connection, path\)/);
    // The configured base URL, then the spec's path as production names it (the network's name
    // from the build, PRODUCTION.md A14): no other address.
    expect(request).toMatch(/function endpointUrl\(connection: Connection, path: EndpointPath\)/);
    expect(request).toMatch(/return `\$\{baseOf\(connection\)\}\$\{wireOf\(connection\)\.path\(path\)\}`;/);
    // The adapter sends the address it is given, unchanged.
    expect([...code("src/gas/http.ts").matchAll(/\burl: ([^,\n]+)/g)].map((m) => m[1])).toEqual([
      "request.url",
    ]);
  });

  it("has a sidebar that sends nothing itself: only google.script.run calls to the add-on", () => {
    expect(
      filesUsing(sidebar, /\bfetch\(|\b(XMLHttpRequest|WebSocket|EventSource|sendBeacon)\b|new Image\(/),
    ).toEqual([]);
  });

  it("writes the key only to user properties: the key's property is handled in the settings store alone", () => {
    expect(filesUsing(server, /\bSETTING_KEYS\b|["']API_KEY["']/)).toEqual([
      "src/gas/settings-store.ts",
      "src/gas/settings.ts",
    ]);
    const store = code("src/gas/settings-store.ts");
    expect(store).not.toMatch(/getDocumentProperties|getScriptProperties|CacheService|Logger|console\./);
    // Every write of the store goes to the object userProperties() returns.
    const writes = [...store.matchAll(/(\w+(?:\(\))?)\.(setProperty|setProperties|deleteProperty)\(/g)];
    expect(writes.length).toBeGreaterThan(0);
    for (const write of writes) expect(["store", "userProperties()"]).toContain(write[1]);
    expect(store).toMatch(/const store = userProperties\(\);/);
  });

  it("lets a production build fetch the API's origin and nothing else (Apps Script enforces the manifest)", () => {
    expect(urlFetchWhitelist("https://api.example.com/v2")).toEqual(["https://api.example.com/"]);
  });
});

describe("the privacy policy, in the built add-on at work", () => {
  let addon: AddonRuntime;
  const requested: string[] = [];

  beforeAll(async () => {
    const placeholder = await startAddonRuntime();
    const urls = await placeholder.control.sampleUrls(6);
    await placeholder.close();
    addon = await startAddonRuntime({
      apiKey: null,
      runtime: {
        user: USER,
        spreadsheet: { sheets: [{ name: SHEET, rows: crmRows(urls, 0), maxRows: 20 }] },
        fetchAll: (requests, options) => {
          requested.push(...requests.map((request) => request.url));
          return fetchAllSync(requests, options);
        },
      },
    });
    await addon.control.setCredits(SECRET, 1_000);
    const { runtime } = addon;
    expect(rpcValue(runtime, "saveSettings", { apiKey: `Token ${SECRET}` })).toMatchObject({ saved: true });
    rpcValue(runtime, "testConnection", null);
    runtime.setCell(SHEET, "E1", '=LOOKUP_LEAD(A2:A4, "full_name")');
    runtime.setCell(SHEET, "F1", "=CREDIT_BALANCE()");
    expect(driveSteps(runtime, estimateAndConfirm(runtime, "A1:A7")).state).toBe("done");
    const form = { ...emptyForm(), locations: ["Germany"], limit_by: 10 };
    const estimate = rpcValue<{ maxCredits: number }>(runtime, "companyEstimate", form);
    rpcValue(runtime, "companyRun", { form, confirmedCredits: estimate.maxCredits });
    rpcValue(runtime, "creditsExport", { filters: {}, replace: true });
    // A second editor, without a key of their own, opens Settings.
    expect(rpcValue(runtime, "getSettings", null, { user: EDITOR })).toMatchObject({
      hasKey: false,
      maskedKey: "",
    });
  });
  afterAll(async () => {
    await addon?.close();
  });

  it("sent every request to the configured base URL, on the spec's paths", () => {
    expect(requested.length).toBeGreaterThan(5);
    const elsewhere = requested.filter((url) => !url.startsWith(`${addon.sandboxUrl}/api/`));
    expect(elsewhere).toEqual([]);
  });

  it("kept the key in the user's own user properties and nowhere else", () => {
    const { runtime } = addon;
    const found: string[] = [];
    const search = (value: unknown, path: string): void => {
      if (typeof value === "string") {
        if (value.includes(SECRET)) found.push(path);
      } else if (Array.isArray(value)) {
        for (const [i, item] of value.entries()) search(item, `${path}[${i}]`);
      } else if (value && typeof value === "object") {
        for (const [key, item] of Object.entries(value)) search(item, `${path}.${key}`);
      }
    };
    // The spreadsheet (every sheet, cell, formula and note) and every property store.
    search(runtime.data(), "data");
    for (const [name, cache] of [
      ["document", runtime.caches.document],
      ["script", runtime.caches.script],
      ["user", runtime.caches.user(USER)],
      ["editor", runtime.caches.user(EDITOR)],
    ] as const) {
      for (const key of cache.keys()) search([key, cache.get(key)], `cache.${name}.${key}`);
    }
    search(runtime.logs, "logs");
    search(runtime.ui.events, "ui");
    expect(found).toEqual([`data.properties.user.${USER}.API_KEY`]);
  });
});
