/**
 * Issue 18.11: an API or a proxy that echoes the key gets it nowhere, whatever the spelling. A
 * proxy between the add-on and the sandbox writes the request's key into answers: JSON-escaped
 * (`\/`), URL-encoded, in base64 (alone and inside an encoded header), with and without `Token `,
 * into lead fields of successful answers and into the detail of refused ones. After an Enrich run
 * and a formula, no cell of any sheet (the CRM's values and statuses, the change history every
 * collaborator reads), no progress message and no formula result carries the key in any spelling.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchAllSync } from "../../sandbox/sync-http";
import type { HttpOutcome, HttpRequest } from "../../src/api/ports";
import type { EnrichProgress } from "../../src/rpc/enrich";
import { crmRows, driveSteps, estimateAndConfirm, SHEET } from "../jobs/enrich-world";
import { type AddonRuntime, startAddonRuntime } from "./support";

/** A key with every character the spellings treat differently: `/`, `+`, `=`, `-`. */
const KEY = "sk/live+7f3c=9a2e-SECRET/key";
const ROWS = 9;

/** The spellings a proxy may echo, built here with Node's own encoders (not the add-on's). */
function echoes(key: string): string[] {
  const token = `Token ${key}`;
  return [
    JSON.stringify(key).slice(1, -1).replace(/\//g, "\\/"),
    JSON.stringify(token).slice(1, -1).replace(/\//g, "\\/"),
    encodeURIComponent(key),
    encodeURIComponent(token).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
    encodeURIComponent(token).replace(/%20/g, "+"),
    Buffer.from(key).toString("base64"),
    Buffer.from(token).toString("base64url"),
    Buffer.from(`Authorization: ${token}`).toString("base64"),
    Buffer.from(`{"authorization":"${token}"}`).toString("base64"),
  ];
}

/** Every spelling to look for in what the add-on shows: decoded forms included. */
function forbidden(key: string): string[] {
  return [
    key,
    encodeURIComponent(key),
    encodeURIComponent(key).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
    Buffer.from(key).toString("base64").replace(/=+$/, ""),
    Buffer.from(key).toString("base64url"),
  ];
}

/** Text of `text` decoded from every base64 run in it (what a reader could decode). */
function decodedRuns(text: string): string {
  return (text.match(/[A-Za-z0-9+/_-]{12,}/g) ?? [])
    .map((run) => Buffer.from(run.replace(/-/g, "+").replace(/_/g, "/"), "base64").toString("latin1"))
    .join(" ");
}

let answered = 0;

/** The proxy: every answer carries the request's key, in one spelling after another. */
function echoingProxy(requests: HttpRequest[], options?: { timeoutMs?: number }): HttpOutcome[] {
  return fetchAllSync(requests, options).map((outcome, i) => {
    const auth = requests[i]!.headers.Authorization ?? "";
    const key = auth.replace(/^Token\s+/, "");
    if (outcome.kind !== "response" || requests[i]!.method !== "post" || key === "") return outcome;
    const spelling = echoes(key)[answered % echoes(key).length]!;
    answered += 1;
    if (answered % 3 === 0) {
      // A refusal whose detail quotes the request's header (a proxy's error page).
      const body = `{"status":"error","status_code":400,"detail":"proxy refused header ${spelling}"}`;
      return { kind: "response", status: 400, body };
    }
    if (outcome.status !== 200) return outcome;
    // A lead whose text fields echo the key: spliced into the JSON text as a proxy would write it.
    const body = outcome.body
      .replace(/"headline":"/, `"headline":"echo ${spelling} `)
      .replace(/"job_title":"/, `"job_title":"${spelling} `);
    return { ...outcome, body };
  });
}

describe("the key in any spelling never reaches a cell, a status or the sidebar", () => {
  let addon: AddonRuntime;
  beforeAll(async () => {
    addon = await startAddonRuntime({
      apiKey: KEY,
      sandbox: { keys: { [KEY]: 10_000 } },
      // The echo is injected into lookup answers: the lookup path.
      userProperties: { SPEND_CAP: "5000", API_GENERATION: "legacy" },
      runtime: {
        spreadsheet: { sheets: [{ name: SHEET, rows: [["Profile URL"]], maxRows: 100 }] },
        fetchAll: echoingProxy,
      },
    });
  });
  afterAll(async () => {
    await addon?.close();
  });

  it("after Enrich and a formula, across every sheet and every message", async () => {
    const { runtime } = addon;
    const urls = await addon.control.sampleUrls(ROWS);
    runtime.setValues(SHEET, "A1", crmRows(urls, 0));
    const jobId = estimateAndConfirm(runtime, `A1:A${ROWS + 1}`, {
      options: { fields: ["full_name", "job_title", "headline"], extras: {}, mode: "refresh" },
    });
    const progress: EnrichProgress = driveSteps(runtime, jobId);
    runtime.setCell(SHEET, "K2", '=LOOKUP_LEAD(A2:A7, "job_title,headline")');

    const shown = [
      ...runtime
        .sheets()
        .flatMap((sheet) =>
          runtime
            .getSheetCells(sheet.name)
            .flatMap((row) => row.map((cell) => `${cell.value ?? ""} ${cell.note ?? ""}`)),
        ),
      JSON.stringify(progress),
    ].join("\n");
    // The proxy did reach the add-on: its echoes were read (and cut out).
    expect(shown).toContain("[redacted]");
    expect(shown).toContain("proxy refused header");
    for (const spelling of forbidden(KEY)) expect(shown).not.toContain(spelling);
    expect(decodedRuns(shown)).not.toContain(KEY);
    expect(runtime.sheets().map((s) => s.name)).toContain("Prospecting changes");
  });
});
