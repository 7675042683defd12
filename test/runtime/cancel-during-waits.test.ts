/**
 * Cancel pressed while the add-on waits out a 429 (PRODUCTION.md A10/A18: no Retry-After; the
 * client backs off 1, 2, 4, 8 s and tries again). Built add-on, emulated runtime on a manual clock,
 * sandbox throttling the endpoint for a while. Cancel is another execution, run here at the first
 * Utilities.sleep after a throttled answer, as the sidebar's second google.script.run call runs
 * while the first one sleeps. For each place that waits: the run sees Cancel within one slice of
 * the wait (not after the whole backoff), sends nothing after it, the ledger charges nothing after
 * it, the rows answered before it are written, and the message says it was cancelled.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { generateCompanies, recordOf } from "../../sandbox/api/companies";
import type { SandboxStats } from "../../sandbox/api/control";
import { manualClock } from "../../sandbox/gas/clock";
import type { ServiceCall } from "../../sandbox/gas/execution";
import { fetchAllSync } from "../../sandbox/sync-http/index";
import type { HttpOutcome, HttpRequest } from "../../src/api/ports";
import { WAIT_SLICE_MS } from "../../src/api/wait";
import { PATHS } from "../../src/api/wire";
import { emptyForm as emptyCompanyForm } from "../../src/jobs/company-search/form";
import { emptyForm as emptyLeadForm, type LeadSearchForm } from "../../src/jobs/lead-search/form";
import type { CompanyEstimate, CompanyRunResult } from "../../src/rpc/companies";
import type { EmailEstimate, EmailProgress } from "../../src/rpc/emails";
import type { EnrichProgress, EnrichRequest } from "../../src/rpc/enrich";
import type { LeadsEstimate, LeadsRunResult } from "../../src/rpc/leads";
import { COMPANY_FIELDS } from "../../src/sheet/lead-fields";
import { crmRows, DEFAULT_REQUEST, rpcValue } from "../jobs/enrich-world";
import { type AddonRuntime, companySheetRows, DEMO_KEY, startAddonRuntime } from "./support";

const OWNER = "owner@example.com";
const EDITOR = "editor@example.com";
const SHEET = "CRM";
const clock = manualClock(Date.UTC(2026, 10, 25, 9, 0, 0));

/** Every request the add-on sent, in order, with whether Cancel had been pressed by then. */
const sent: Array<{ url: string; afterCancel: boolean }> = [];
let throttledAnswers = 0;
/** What Cancel saw: the clock and the ledger's total at the moment it was pressed. */
let cancelled: { at: number; ledger: number; answer: unknown } | null = null;

/** Set by a test whose run no hook can reach (a trigger's): pressed as the first 429 comes back. */
let pressOnThrottle: (() => unknown) | null = null;
/** Pressed once the first call to `path` has been answered, before the add-on reads it. */
let pressAfterSending: { path: string; press: () => unknown } | null = null;

function recordingFetch(requests: HttpRequest[], options?: { timeoutMs?: number }): HttpOutcome[] {
  for (const request of requests) sent.push({ url: request.url, afterCancel: cancelled !== null });
  const outcomes = fetchAllSync(requests, options);
  const throttled = outcomes.filter((o) => o.kind === "response" && o.status === 429).length;
  throttledAnswers += throttled;
  if (pressAfterSending && requests.some((r) => r.url.includes(pressAfterSending!.path))) {
    // The answers are back but not yet read: Cancel pressed while the call was out.
    pressAfterSending.press();
    pressAfterSending = null;
  }
  if (throttled > 0 && pressOnThrottle && cancelled === null) {
    // Before the backoff starts: the whole wait lies after Cancel.
    const answer = pressOnThrottle();
    cancelled = { at: clock.now(), ledger: ledgerNow(), answer };
  }
  return outcomes;
}

let addon: AddonRuntime;

/** The ledger's total now, read synchronously (the add-on's execution is blocked in its sleep). */
function ledgerNow(): number {
  const [answer] = fetchAllSync([
    { url: `${addon.sandboxUrl}/__sandbox/stats`, method: "get", headers: {}, muteHttpExceptions: true },
  ]);
  if (answer?.kind !== "response") throw new Error("the sandbox's stats did not answer");
  const stats = JSON.parse(answer.body) as SandboxStats;
  return stats.ledger.reduce((sum, entry) => sum + Math.abs(entry.amount), 0);
}

/**
 * The hook that presses Cancel (`press`, another execution) at the first sleep after a throttled
 * answer: the add-on is then waiting out the backoff.
 */
function cancelInBackoff(press: () => unknown): (call: ServiceCall) => boolean {
  return (call) => {
    if (call.method === "Utilities.sleep" && throttledAnswers > 0 && cancelled === null) {
      const answer = press();
      cancelled = { at: clock.now(), ledger: ledgerNow(), answer };
    }
    return false;
  };
}

/** What the run did after Cancel was pressed: time it went on waiting, requests it sent. */
function afterCancel(paths: readonly string[]): { waitedMs: number; sent: string[] } {
  if (!cancelled) throw new Error("Cancel was never pressed: the run met no backoff");
  return {
    waitedMs: clock.now() - cancelled.at,
    sent: sent.filter((r) => r.afterCancel && paths.some((p) => r.url.includes(p))).map((r) => r.url),
  };
}

const call = <T>(
  method: string,
  arg: unknown,
  options: Parameters<AddonRuntime["runtime"]["rpc"]>[2] = {},
) => {
  const answer = addon.runtime.rpc(method, arg, { user: OWNER, ...options }) as
    | { ok: true; value: T }
    | { ok: false; error: { kind: string; message: string } };
  if (!answer.ok) throw new Error(`${method}: ${answer.error.kind}: ${answer.error.message}`);
  return answer.value;
};

let urls: string[] = [];

beforeAll(async () => {
  addon = await startAddonRuntime({
    userProperties: { SPEND_CAP: "5000", CHUNK_SIZE: "4" },
    runtime: {
      user: OWNER,
      clock,
      fetchAll: recordingFetch,
      spreadsheet: { sheets: [{ name: SHEET, rows: [["Profile URL"]], maxRows: 60 }] },
    },
  });
  urls = await addon.control.sampleUrls(8, 3100);
  // An editor of the spreadsheet with no API key of their own.
  addon.runtime.properties.user(EDITOR).setAll({ API_BASE_URL: addon.sandboxUrl });
});
afterAll(async () => {
  await addon?.close();
});
beforeEach(async () => {
  await addon.control.reset();
  addon.runtime.properties.document.clear();
  addon.runtime.properties.user(OWNER).setAll({ API_GENERATION: "legacy" });
  for (const name of ["Leads", "Companies"]) {
    if (addon.runtime.sheets().some((s) => s.name === name)) addon.runtime.deleteSheet(name);
  }
  addon.runtime.setValues(SHEET, "A1", crmRows(urls, 0));
  sent.length = 0;
  throttledAnswers = 0;
  cancelled = null;
  pressOnThrottle = null;
  pressAfterSending = null;
});

/** Estimate and confirm an enrichment of the 8 URLs, as the Enrich tab does. */
function startEnrich(request: EnrichRequest): string {
  addon.runtime.select(SHEET, `A1:A${urls.length + 1}`);
  const estimate = call<{ progress: EnrichProgress }>("enrichEstimate", request);
  call("enrichConfirm", { jobId: estimate.progress.jobId });
  return estimate.progress.jobId;
}

/** Steps as the sidebar does, Cancel pressed during the first backoff; answers the last progress. */
function stepWithCancel(jobId: string): EnrichProgress {
  const interrupt = cancelInBackoff(() => call("enrichCancel", { jobId }));
  let progress = call<EnrichProgress>("enrichStep", { jobId }, { interrupt });
  for (let i = 0; progress.state === "running" && i < 20; i += 1)
    progress = call<EnrichProgress>("enrichStep", { jobId }, { interrupt });
  return progress;
}

const titles = () => addon.runtime.getValues(SHEET, `A2:B${urls.length + 1}`).map((row) => row[1]);

describe("Cancel while Enrich waits out a 429", () => {
  it("lookups (legacy): stops within one slice of the backoff, sends and charges nothing after, keeps the rows answered", async () => {
    // The first 2 lookups of the group of 4 are throttled; the other 2 are answered and paid.
    await addon.control.configure({ faults: [{ path: PATHS.leadLookup, kind: "throttle", count: 2 }] });
    const end = stepWithCancel(startEnrich(DEFAULT_REQUEST));
    const after = afterCancel([PATHS.leadLookup]);
    expect(after.waitedMs).toBeLessThanOrEqual(WAIT_SLICE_MS);
    expect(after.sent).toEqual([]);
    expect(ledgerNow()).toBe(cancelled!.ledger);
    expect(end.state).toBe("cancelled");
    expect(end.ok).toBe(2);
    expect(end.message?.message).toMatch(
      /^Cancelled: 2 URLs enriched, 6 URLs not reached; 2 credits charged/,
    );
    // The 2 answered rows are written; the rest keep what they had.
    expect(titles().filter((title) => title !== "Old title")).toHaveLength(2);
  });

  it("bulk jobs: a submit throttled, then Cancel: no job is submitted after it, nothing charged", async () => {
    addon.runtime.properties.user(OWNER).setAll({ API_GENERATION: "auto" });
    await addon.control.configure({
      faults: [{ path: PATHS.bulkEnrichRealtime, kind: "throttle", count: 1 }],
    });
    const fresh = { options: { ...DEFAULT_REQUEST.options, extras: { up_to_the_second_fresh: true } } };
    const end = stepWithCancel(startEnrich(fresh));
    const after = afterCancel([PATHS.bulkEnrichRealtime, PATHS.bulkEnrichDatabase]);
    expect(after.sent).toEqual([]);
    expect(after.waitedMs).toBeLessThanOrEqual(WAIT_SLICE_MS);
    expect(ledgerNow()).toBe(0);
    expect(end.state).toBe("cancelled");
    expect(end.message?.message).toMatch(
      /^Cancelled: 0 URLs enriched, 8 URLs not reached; 0 credits charged/,
    );
    expect(titles().every((title) => title === "Old title")).toBe(true);
  });

  it("bulk jobs: Cancel pressed while the submit is out: the jobs it made are paid, so they are polled and written before the run ends", async () => {
    addon.runtime.properties.user(OWNER).setAll({ API_GENERATION: "auto" });
    const fresh = { options: { ...DEFAULT_REQUEST.options, extras: { up_to_the_second_fresh: true } } };
    const jobId = startEnrich(fresh);
    pressAfterSending = { path: PATHS.bulkEnrichRealtime, press: () => call("enrichCancel", { jobId }) };
    let progress = call<EnrichProgress>("enrichStep", { jobId });
    // Before, this step ended the run: 8 credits charged, no row written.
    expect(progress.message?.message).toMatch(
      /^Stopping: nothing more is sent\. 8 URLs .* paid as they complete/,
    );
    for (let i = 0; progress.state === "running" && i < 200; i += 1) {
      progress = call<EnrichProgress>("enrichStep", { jobId });
      clock.sleep(2_000);
    }
    expect(progress.state).toBe("cancelled");
    // Wait for the sandbox's workers: a job left unpolled would still charge.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const charged = ledgerNow();
    expect(charged).toBe(8);
    expect(progress.ok).toBe(charged);
    expect(progress.message?.message).toMatch(
      /^Cancelled: 8 URLs enriched, 0 URLs not reached; 8 credits charged/,
    );
    expect(titles().filter((title) => title !== "Old title")).toHaveLength(charged);
  });

  it("Work email: the finder throttled, then Cancel: the rows found are written, no finder call after it", async () => {
    await addon.control.configure({ faults: [{ path: PATHS.emailFinder, kind: "throttle", count: 1 }] });
    const withEmail: EnrichRequest = {
      options: {
        fields: ["first_name", "last_name", "job_title", "company_name", "company_website"],
        extras: {},
        mode: "refresh",
        workEmail: true,
      },
    };
    const end = stepWithCancel(startEnrich(withEmail));
    const after = afterCancel([PATHS.emailFinder, PATHS.leadLookup]);
    expect(after.sent).toEqual([]);
    expect(after.waitedMs).toBeLessThanOrEqual(WAIT_SLICE_MS);
    expect(ledgerNow()).toBe(cancelled!.ledger);
    expect(end.state).toBe("cancelled");
    expect(end.message?.message).toMatch(/^Cancelled: /);
    // The lookups answered before Cancel are written; their emails say the run was cancelled.
    const [header, ...rows] = addon.runtime.getValues(SHEET, `A1:Z${urls.length + 1}`);
    const status = header!.indexOf("Email Status");
    expect(status).toBeGreaterThan(0);
    const statuses = rows.map((row) => String(row[status]));
    expect(statuses.filter((s) => s.includes("cancelled")).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === "" || s.includes("cancelled") || s.startsWith("not checked"))).toBe(
      true,
    );
  });
});

describe("An editor presses Cancel on the owner's throttled run", () => {
  it("is refused with the owner's name, leaves no stop request: the run goes on, all charged to the owner's key", async () => {
    await addon.control.configure({ faults: [{ path: PATHS.leadLookup, kind: "throttle", count: 2 }] });
    const jobId = startEnrich(DEFAULT_REQUEST);
    let progress = call<EnrichProgress>(
      "enrichStep",
      { jobId },
      { interrupt: cancelInBackoff(() => addon.runtime.rpc("enrichCancel", { jobId }, { user: EDITOR })) },
    );
    expect(cancelled?.answer).toMatchObject({
      ok: false,
      error: { kind: "not_owner", message: expect.stringContaining(OWNER) },
    });
    for (let i = 0; progress.state === "running" && i < 20; i += 1)
      progress = call<EnrichProgress>("enrichStep", { jobId });
    expect(progress).toMatchObject({ state: "done", ok: 8 });
    expect(ledgerNow()).toBe(8);
    const stats = await addon.control.stats();
    expect(stats.ledger.every((entry) => entry.key === DEMO_KEY)).toBe(true);
  });
});

describe("Cancel while a run in the background (the hourly trigger) waits out a 429", () => {
  it("the trigger's step stops within one slice, sends and charges nothing after, and the run ends cancelled", async () => {
    await addon.control.configure({ faults: [{ path: PATHS.leadLookup, kind: "throttle", count: 2 }] });
    const jobId = startEnrich(DEFAULT_REQUEST);
    call("enrichBackground", { jobId });
    // The owner opens the sidebar again and presses Cancel while the trigger's step is throttled.
    pressOnThrottle = () => call("enrichCancel", { jobId });
    const [run] = addon.runtime.advanceClock(60 * 60 * 1000);
    expect(run?.outcome).toBe("completed");
    const execution = addon.runtime.executions.find((e) => e.id === run!.executionId)!;
    if (!cancelled) throw new Error("Cancel was never pressed: the trigger met no 429");
    expect(execution.startedAt + execution.durationMs - cancelled.at).toBeLessThanOrEqual(WAIT_SLICE_MS);
    expect(afterCancel([PATHS.leadLookup]).sent).toEqual([]);
    expect(ledgerNow()).toBe(cancelled.ledger);
    const end = call<{ job: EnrichProgress | null }>("enrichStartup", null).job;
    expect(end).toMatchObject({ state: "cancelled", ok: 2 });
    expect(end?.message?.message).toMatch(
      /^Cancelled: 2 URLs enriched, 6 URLs not reached; 2 credits charged/,
    );
    expect(titles().filter((title) => title !== "Old title")).toHaveLength(2);
  });
});

describe("Cancel while the Emails action waits out a 429", () => {
  it("finder throttled, then Cancel: no finder call after it, nothing charged, the run ends cancelled", async () => {
    addon.runtime.setValues(SHEET, "A1", [
      ["First Name", "Last Name", "Company Website", "Email", "Email Status"],
      ["Ann", "Lee", "initech.com", "", ""],
      ["Bob", "Stone", "initech.com", "", ""],
      ["Cy", "Twombly", "initech.com", "", ""],
    ]);
    await addon.control.configure({ faults: [{ path: PATHS.emailFinder, kind: "throttle", count: 1 }] });
    addon.runtime.select(SHEET, "A1:E4");
    const estimate = call<EmailEstimate>("emailsEstimate", { kind: "find" });
    const jobId = estimate.progress.jobId;
    call("emailsConfirm", { jobId });
    const interrupt = cancelInBackoff(() => call("emailsCancel", { jobId }));
    let progress = call<EmailProgress>("emailsStep", { jobId }, { interrupt });
    for (let i = 0; progress.state === "running" && i < 20; i += 1)
      progress = call<EmailProgress>("emailsStep", { jobId }, { interrupt });
    const after = afterCancel([PATHS.emailFinder]);
    expect(after.sent).toEqual([]);
    expect(after.waitedMs).toBeLessThanOrEqual(WAIT_SLICE_MS);
    expect(ledgerNow()).toBe(0);
    expect(progress.state).toBe("cancelled");
    expect(
      addon.runtime
        .getValues(SHEET, "D2:E4")
        .flat()
        .every((cell) => cell === ""),
    ).toBe(true);
  });
});

describe("Cancel while a lead search waits out a 429", () => {
  it("stops within one slice of the backoff: no search sent after it, nothing charged after it", async () => {
    const records = generateCompanies(1)
      .companies.filter((c) => c.leadCount >= 40 && c.leadCount <= 400)
      .slice(0, 4)
      .map((c) => recordOf(1, c));
    addon.runtime.insertSheet("Companies");
    addon.runtime.setValues("Companies", "A1", [[...COMPANY_FIELDS], ...companySheetRows(records)]);
    addon.runtime.select("Companies", "A2:C5");
    // One of the 4 searches is throttled; the other 3 are answered, paid and written.
    await addon.control.configure({ faults: [{ path: PATHS.leadSearch, kind: "throttle", count: 1 }] });
    const form: LeadSearchForm = {
      ...emptyLeadForm(),
      personas: [{ name: "Marketing", functions: ["marketing", "sales"], seniorities: [], prohibit: [] }],
      target: { kind: "selected_companies", value: "" },
      limit_by: "5",
    };
    const estimate = rpcValue<LeadsEstimate>(addon.runtime, "leadsEstimate", { form }, { user: OWNER });
    if (!estimate.ok) throw new Error(JSON.stringify(estimate.problems));
    const runId = "leads-throttled";
    const interrupt = cancelInBackoff(() => addon.runtime.rpc("leadsCancel", { runId }, { user: OWNER }));
    const result = call<LeadsRunResult>(
      "leadsRun",
      { form, confirmedMaxCredits: estimate.maxCredits, runId },
      { interrupt },
    );
    expect(cancelled?.answer).toMatchObject({
      ok: true,
      value: { message: expect.stringMatching(/^Stopping/) },
    });
    const after = afterCancel([PATHS.leadSearch]);
    expect(after.sent).toEqual([]);
    expect(after.waitedMs).toBeLessThanOrEqual(WAIT_SLICE_MS);
    expect(ledgerNow()).toBe(cancelled!.ledger);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.cancelled).toBe(true);
    expect(result.searches.filter((s) => s.state === "ok")).toHaveLength(3);
    expect(result.charges?.charged).toBe(cancelled!.ledger);
  });
});

describe("Cancel while a company search waits out a 429", () => {
  it("its first page throttled, then Cancel: no page sent after it, nothing charged, the result says cancelled", async () => {
    await addon.control.configure({ faults: [{ path: PATHS.companySearch, kind: "throttle", count: 1 }] });
    const form = { ...emptyCompanyForm(), locations: ["Germany"], limit_by: 200 };
    const estimate = rpcValue<CompanyEstimate>(addon.runtime, "companyEstimate", form, { user: OWNER });
    const runId = "companies-throttled";
    const interrupt = cancelInBackoff(() => addon.runtime.rpc("companyCancel", { runId }, { user: OWNER }));
    const result = call<CompanyRunResult>(
      "companyRun",
      { form, confirmedCredits: estimate.maxCredits, runId },
      { interrupt },
    );
    const after = afterCancel([PATHS.companySearch]);
    expect(after.sent).toEqual([]);
    expect(after.waitedMs).toBeLessThanOrEqual(WAIT_SLICE_MS);
    expect(ledgerNow()).toBe(0);
    expect(result.state).toBe("cancelled");
    expect(result.written).toBe(0);
  });
});
