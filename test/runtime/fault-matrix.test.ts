/**
 * Issue 12, "Done when": the fault matrix. Enrichment, company search, lead search and the Credits
 * export, run by the built add-on in the emulated runtime against the sandbox, through each fault:
 * 10% 500s, 5% 502/504 after a paid call, 5% bodies cut off after a paid call, throttling, a slow
 * tail past the fetch timeout, a cut-off mid-step, a deleted column, a full spreadsheet and a
 * second editor. After each, whatever it did:
 * - no row lost: every row paid for is in a sheet;
 * - no user cell changed but the targets (the user's own columns keep their exact input);
 * - no credit charged twice (the sandbox's ledger), and what the add-on reports matches it (a
 *   502/504, a cut body or a timeout after sending is reported as "may have been charged", and the
 *   run's total is read from the ledger: issues 18.4, 23.4);
 * - every row's status says what happened.
 * Then the caps (issue 18.2): Enrich's cap under every fault, a scheduled run's cap and the daily
 * formula budget under lost answers and timeouts; the ledger stays at or under each.
 * Cells not covered here are listed at the end of the file.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import type { RunOptions } from "../../sandbox/gas/runtime";
import { fetchAllSync } from "../../sandbox/sync-http/index";
import type { HttpOutcome, HttpRequest } from "../../src/api/ports";
import { emptyForm as emptyCompanyForm } from "../../src/jobs/company-search/form";
import type { CompanyEstimate, CompanyRunResult } from "../../src/jobs/company-search/types";
import { emptyForm as emptyLeadForm, type LeadSearchForm } from "../../src/jobs/lead-search/form";
import type { CreditsExportResult } from "../../src/rpc/credits";
import type { EnrichProgress } from "../../src/rpc/enrich";
import type { LeadsRunResult } from "../../src/rpc/leads";
import { chargesPerPerson, crmRows } from "../jobs/enrich-world";
import { type AddonRuntime, startAddonRuntime } from "./support";

const LOOKUP = "/api/network/leads/by_link/";
const CRM = "CRM";
const DISTINCT = 40;
const DUPLICATES = 6;
const LAST_ROW = 1 + DISTINCT + DUPLICATES;
/** The fetch timeout of this runtime: the "slow tail" answers after it (and is charged). */
const FETCH_TIMEOUT_MS = 400;
const TERMINAL = /^(ok|ok: .+|not found|error: .+|interrupted: .+|not enriched yet: .+)$/;
const SECOND_EDITOR = "colleague@example.com";

type Fault =
  | "500s"
  | "502/504"
  | "cut body"
  | "throttling"
  | "slow tail"
  | "cut-off"
  | "deleted column"
  | "full"
  | "second editor";
const FAULTS: Fault[] = [
  "500s",
  "502/504",
  "cut body",
  "throttling",
  "slow tail",
  "cut-off",
  "deleted column",
  "full",
  "second editor",
];

let addon: AddonRuntime;
let urls: string[];
/**
 * Every n-th answered 200 of a paid call is lost on the way back (0: off): charged, but unread,
 * as a gateway's 502/504 or as a body cut off in transit.
 */
let gatewayEvery = 0;
let gatewayHow: "status" | "cut" = "status";
let answered = 0;
let gateways = 0;

function withGateways(requests: HttpRequest[], options?: { timeoutMs?: number }): HttpOutcome[] {
  const outcomes = fetchAllSync(requests, options);
  if (gatewayEvery === 0) return outcomes;
  return outcomes.map((outcome, i) => {
    if (outcome.kind !== "response" || outcome.status !== 200 || requests[i]!.method !== "post")
      return outcome;
    answered += 1;
    if (answered % gatewayEvery !== 0) return outcome;
    gateways += 1;
    if (gatewayHow === "cut") return { ...outcome, body: outcome.body.slice(0, outcome.body.length >> 1) };
    return { kind: "response", status: gateways % 2 === 0 ? 502 : 504, body: "<html>Bad Gateway</html>" };
  });
}

type Answer<T> = { ok: true; value: T } | { ok: false; error: { kind: string; message: string } };

function rpc<T>(method: string, arg: unknown, options?: RunOptions): Answer<T> {
  return addon.runtime.rpc(method, arg, options) as Answer<T>;
}

function value<T>(answer: Answer<T>): T {
  if (!answer.ok) throw new Error(`${answer.error.kind}: ${answer.error.message}`);
  return answer.value;
}

/**
 * The slow tail's answers come after the add-on gave up on them, and are charged then: wait for
 * them before reading the ledger (and before the next test resets it).
 */
async function settle(fault: Fault): Promise<void> {
  if (fault === "slow tail") await new Promise((resolve) => setTimeout(resolve, FETCH_TIMEOUT_MS + 600));
}

async function ledger(path: string): Promise<number> {
  return ledgerCredits(addon.control, path);
}

/**
 * The execution is cut off (the 6-minute limit) as the second group's fetchAll goes out, counted
 * across steps: a fresh run's step holds the groups that answer within its first second.
 */
function cutOffAtSecondFetch(jobId: string): void {
  let sent = 0;
  const interrupt = (call: { method: string }) => call.method === "UrlFetchApp.fetchAll" && ++sent === 2;
  let cut: unknown = null;
  while (cut === null) {
    try {
      const step = value(rpc<EnrichProgress>("enrichStep", { jobId }, { interrupt }));
      if (step.state !== "running") break;
    } catch (error) {
      cut = error;
    }
  }
  expect(String(cut)).toMatch(/Exceeded maximum execution time/);
}

/** Rows below the header of a sheet the run wrote; 0 when nothing was written (no sheet). */
function dataRows(name: string): number {
  if (!addon.runtime.sheets().some((s) => s.name === name)) return 0;
  return (addon.runtime.getSheetCells(name).length || 1) - 1;
}

/** What the user typed, cell by cell, in the given columns of a sheet. */
function inputs(sheet: string, columns: string, rows: number): string[][] {
  return addon.runtime
    .getFormulas(sheet, `${columns.split(":")[0]}1:${columns.split(":")[1]}${rows}`)
    .map((row, r) =>
      row.map((_, c) => addon.runtime.getCell(sheet, `${String.fromCharCode(65 + c)}${r + 1}`).input),
    );
}

/** Fills the spreadsheet to within a few thousand cells of Sheets' 10 million. */
function fillSpreadsheet(): void {
  const used = addon.runtime.sheets().reduce((sum, s) => sum + s.maxRows * s.maxColumns, 0);
  addon.runtime.insertSheet("Archive");
  const columns = Math.floor((10_000_000 - used - 2_000) / 1000) - 26;
  addon.runtime.insertColumns("Archive", 1, columns);
}

/** `heavy`: a quarter of the answers lost or late (the caps' cases), instead of one in 20. */
async function applyFault(fault: Fault, heavy = false): Promise<void> {
  const faults =
    fault === "500s"
      ? [{ kind: "server_error" as const, rate: heavy ? 0.25 : 0.1 }]
      : fault === "throttling"
        ? [{ kind: "throttle" as const, rate: 0.15 }]
        : fault === "slow tail"
          ? [{ kind: "slow" as const, rate: heavy ? 0.25 : 0.05, delayMs: FETCH_TIMEOUT_MS + 300 }]
          : [];
  await addon.control.configure({ faults, lookupErrorRate: 0, latencyMs: 0 });
  gatewayEvery = fault === "502/504" || fault === "cut body" ? (heavy ? 4 : 20) : 0;
  gatewayHow = fault === "cut body" ? "cut" : "status";
  if (fault === "full") fillSpreadsheet();
}

beforeAll(async () => {
  addon = await startAddonRuntime({
    userProperties: { SPEND_CAP: "5000", CHUNK_SIZE: "20", API_GENERATION: "legacy" },
    timeouts: { fetchMs: FETCH_TIMEOUT_MS },
    runtime: {
      spreadsheet: { sheets: [{ name: CRM, rows: [], maxRows: LAST_ROW + 5 }] },
      fetchAll: withGateways,
    },
  });
  addon.runtime.properties.user(SECOND_EDITOR).setAll({
    API_KEY: "sandbox-demo-key",
    API_BASE_URL: addon.sandboxUrl,
    SPEND_CAP: "5000",
  });
  urls = await addon.control.sampleUrls(DISTINCT, 700);
});

afterAll(async () => {
  await addon?.close();
});

beforeEach(async () => {
  await addon.control.reset();
  gatewayEvery = 0;
  answered = 0;
  gateways = 0;
  addon.runtime.properties.document.clear();
  addon.runtime.properties.user(addon.runtime.user).setAll({ SPEND_CAP: "5000" });
  addon.runtime.properties.user(addon.runtime.user).delete("FORMULA_DAILY_CREDITS");
  for (const trigger of addon.runtime.triggers.list()) addon.runtime.triggers.remove(trigger.id);
  for (const sheet of addon.runtime.sheets()) if (sheet.name !== CRM) addon.runtime.deleteSheet(sheet.name);
  const blank = Array.from({ length: LAST_ROW + 5 }, () => new Array<string>(14).fill(""));
  addon.runtime.setValues(CRM, "A1", blank);
  const rows = crmRows(urls, DUPLICATES).map((row, i) => [
    ...row,
    i === 0 ? "Notes" : i % 3 === 0 ? "'=1+1" : i % 3 === 1 ? "'+1 555 0100" : "'00123",
  ]);
  addon.runtime.setValues(CRM, "A1", rows.slice(0, 1));
  rows.slice(1).forEach((row, i) => {
    row.forEach((text, c) => {
      addon.runtime.setCell(CRM, `${String.fromCharCode(65 + c)}${i + 2}`, text);
    });
  });
});

describe("fault matrix: Enrich", () => {
  it.each(FAULTS)("%s", async (fault) => {
    const userBefore = inputs(CRM, "A:D", LAST_ROW);
    await applyFault(fault);
    addon.runtime.select(CRM, `A1:A${LAST_ROW}`);
    const request = {
      options: {
        fields: ["job_title", "company_name", "location"],
        extras: { up_to_the_second_fresh: true },
        mode: "refresh",
      },
    };
    const estimate = rpc<{ progress: EnrichProgress }>("enrichEstimate", request);
    if (fault === "full") {
      // The new columns do not fit: refused at the estimate, before anything is confirmed or sent.
      expect(estimate).toMatchObject({ ok: false, error: { kind: "no_room" } });
      expect(estimate.ok ? "" : estimate.error.message).toMatch(
        /too full for 5 new columns on CRM and the change history.*Nothing was sent/,
      );
      expect(await ledger(LOOKUP)).toBe(0);
      expect(inputs(CRM, "A:D", LAST_ROW)).toEqual(userBefore);
      return;
    }
    if (!estimate.ok) throw new Error(estimate.error.message);
    const jobId = estimate.value.progress.jobId;
    value(rpc("enrichConfirm", { jobId }));

    if (fault === "deleted column") {
      addon.runtime.deleteColumns(CRM, 3, 1); // Company: the run must not write into Notes
      const stopped = value(rpc<EnrichProgress>("enrichStep", { jobId }));
      expect(stopped).toMatchObject({ state: "stopped", message: { kind: "columns" }, spent: 0 });
      expect(await ledger(LOOKUP)).toBe(0);
      const after = inputs(CRM, "A:C", LAST_ROW);
      expect(after).toEqual(userBefore.map((row) => [row[0], row[1], row[3]]));
      return;
    }
    if (fault === "second editor") {
      const refused = rpc<EnrichProgress>("enrichStep", { jobId }, { user: SECOND_EDITOR });
      expect(refused.ok).toBe(false);
      expect(await ledger(LOOKUP)).toBe(0);
    }
    if (fault === "cut-off") cutOffAtSecondFetch(jobId);
    let end: EnrichProgress | null = null;
    let failure: string | null = null;
    for (let step = 0; step < 50; step += 1) {
      const next = rpc<EnrichProgress>("enrichStep", { jobId });
      if (!next.ok) {
        failure = next.error.message;
        break;
      }
      end = next.value;
      if (end.state !== "running") break;
    }

    await settle(fault);
    // No user cell changed but the targets: the URLs and Notes keep their exact input.
    const header = addon.runtime.getValues(CRM, "A1:N1")[0]!.map(String);
    const after = inputs(CRM, "A:D", LAST_ROW);
    expect(after.map((row) => [row[0], row[3]])).toEqual(userBefore.map((row) => [row[0], row[3]]));

    // No credit charged twice; what the add-on reports matches the ledger.
    const charges = await chargesPerPerson(addon.control);
    expect([...charges].filter(([, n]) => n > 1)).toEqual([]);
    const charged = [...charges.values()].reduce((a, b) => a + b, 0);

    expect(failure).toBeNull();
    expect(end?.state).toBe("done");
    const statusIndex = header.indexOf("Enrichment Status");
    const statuses = addon.runtime.getValues(CRM, `A2:N${LAST_ROW}`).map((row) => String(row[statusIndex]));
    // Every row's status says what happened.
    for (const status of statuses) expect(status).toMatch(TERMINAL);
    const maybe = statuses.filter((s) => /may have been charged/.test(s)).length;
    expect(end!.spent).toBeLessThanOrEqual(charged);
    // What the add-on could not read as charged, it says may have been (502/504, timeouts, cut-off).
    expect(charged - end!.spent).toBeLessThanOrEqual(maybe);
    if (fault === "502/504" || fault === "cut body") expect(gateways).toBeGreaterThan(0);
    if (fault === "slow tail") expect(maybe).toBeGreaterThan(0);
    expectLedgerTotal(late(fault, statuses), end!.charges, charged, end!.maybeCharged);
  });
});

/** What a run says of a request that timed out (errors.ts, lead-search/run.ts). */
const TIMED_OUT = /did not answer within|did not come back in time/;

/** A request may be billed after the run read the ledger: the slow tail, or a message of a timeout. */
function late(fault: Fault, texts: ReadonlyArray<string | undefined>): boolean {
  return fault === "slow tail" || texts.some((text) => TIMED_OUT.test(text ?? ""));
}

/**
 * The run's reported total against the sandbox's ledger (issue 23.4): the same figure. When a
 * request timed out (the slow tail, or this runtime's 400 ms fetch timeout on a loaded machine) it
 * may be billed after the run read the ledger: then the report is at most the ledger, and the
 * ledger at most the report, what it read as pending and what the run could not read (`unread`);
 * the ledger read itself may have timed out (no figure, the answers read stand).
 */
function expectLedgerTotal(
  late: boolean,
  charges: { charged: number; pending: number } | null | undefined,
  charged: number,
  unread: number,
): void {
  if (late) {
    if (!charges) return;
    expect(charges.charged).toBeLessThanOrEqual(charged);
    expect(charged).toBeLessThanOrEqual(charges.charged + charges.pending + unread);
    return;
  }
  expect(charges?.charged).toBe(charged);
}

/**
 * Sends a search under `fault` (a cut-off execution counts as an answer of kind "cut"), waits for
 * the fault to settle and reads what the ledger charged on `path`. A full spreadsheet must refuse
 * it before anything is sent, free: checked here for both searches.
 */
async function searchUnder<T>(
  fault: Fault,
  path: string,
  send: () => Answer<T>,
): Promise<{ run: Answer<T>; charged: number }> {
  let run: Answer<T>;
  try {
    run = send();
  } catch (error) {
    run = { ok: false, error: { kind: "cut", message: String(error) } };
  }
  await settle(fault);
  const charged = await ledger(path);
  if (fault === "full") {
    expect(run).toMatchObject({ ok: false, error: { kind: "no_room" } });
    expect(charged).toBe(0);
  }
  return { run, charged };
}

const leadForm = (): LeadSearchForm => ({
  ...emptyLeadForm(),
  target: { kind: "company_name", value: "Sixhundred Labs" },
  personas: [{ name: "Marketing", functions: ["marketing", "sales"], seniorities: [], prohibit: [] }],
  limit_by: "15",
});

describe("fault matrix: searches and export", () => {
  it.each(FAULTS.filter((f) => f !== "deleted column"))("company search: %s", async (fault) => {
    await applyFault(fault);
    const form = { ...emptyCompanyForm(), limit_by: 75 };
    const estimate = value(rpc<CompanyEstimate>("companyEstimate", form));
    const user = fault === "second editor" ? { user: SECOND_EDITOR } : {};
    const interrupt =
      fault === "cut-off"
        ? { interrupt: (call: { method: string }) => call.method === "Range.setValues" }
        : {};
    const { run, charged } = await searchUnder<CompanyRunResult>(fault, "/companies/by_icp", () =>
      rpc<CompanyRunResult>(
        "companyRun",
        { form, confirmedCredits: estimate.maxCredits },
        { ...user, ...interrupt },
      ),
    );
    if (fault === "full") return;
    if (fault === "cut-off") {
      // Cut off before the paid companies reached the sheet: the next search writes them first.
      expect(run.ok).toBe(false);
      const next = value(
        rpc<CompanyRunResult>("companyRun", {
          form: { ...emptyCompanyForm(), limit_by: 5 },
          confirmedCredits: 5,
        }),
      );
      expect(next.errors[0]?.message).toMatch(/paid for by a search that was cut off/);
      const total = await ledger("/companies/by_icp");
      expect(dataRows("Companies")).toBe(total);
      return;
    }
    const result = value(run);
    expect(result.returned + result.errors.length).toBeGreaterThan(0);
    const rows = dataRows("Companies");
    // No row lost, nothing paid twice, the report matches the ledger (a gateway answer: "maybe").
    expect(rows).toBe(result.written);
    expect(result.written + result.duplicates).toBe(result.returned);
    expect(result.spent).toBeLessThanOrEqual(charged);
    const maybe = result.errors.filter((e) => e.charged === "maybe").length;
    if (charged > result.spent) expect(maybe).toBeGreaterThan(0);
    expectLedgerTotal(
      late(
        fault,
        result.errors.map((e) => e.message),
      ),
      result.charges,
      charged,
      charged - result.spent,
    );
  });

  it.each(FAULTS.filter((f) => f !== "deleted column"))("lead search: %s", async (fault) => {
    await applyFault(fault);
    const form = leadForm();
    const user = fault === "second editor" ? { user: SECOND_EDITOR } : {};
    const { run, charged } = await searchUnder<LeadsRunResult>(fault, "/leads/by_icp", () =>
      rpc<LeadsRunResult>(
        "leadsRun",
        { form, confirmedMaxCredits: 15 },
        fault === "cut-off" ? { interrupt: (call) => call.method === "Range.setValues" } : user,
      ),
    );
    if (fault === "full") return;
    if (fault === "cut-off") {
      // Cut off before the paid leads reached the sheet: the next search writes them first.
      expect(run.ok).toBe(false);
      const next = value(rpc<LeadsRunResult>("leadsRun", { form, confirmedMaxCredits: 15 }));
      if (!next.ok) throw new Error("problems");
      expect(next.recovered).toBeGreaterThan(0);
      const rows = dataRows("Leads");
      expect(rows).toBe(next.recovered + next.written);
      expect(rows).toBe(charged);
      return;
    }
    const result = value(run);
    if (!result.ok) throw new Error("problems");
    // Every search says what happened: ok with its leads, or failed with a reason.
    for (const search of result.searches) {
      expect(search.state === "ok" || (search.state === "failed" && search.error?.message)).toBeTruthy();
    }
    if (fault !== "500s" && fault !== "502/504") expect(result.written).toBeGreaterThan(0);
    const rows = dataRows("Leads");
    expect(rows).toBe(result.written);
    expect(result.spent).toBeLessThanOrEqual(charged);
    if (charged > result.spent) {
      expect(result.searches.some((s) => /may have been charged/.test(s.error?.message ?? ""))).toBe(true);
    }
    // A search whose answer was lost never says "try again" alone (issue 18.4).
    for (const search of result.searches)
      expect(search.error?.message ?? "").not.toMatch(/temporary problem/);
    expectLedgerTotal(
      late(
        fault,
        result.searches.map((s) => s.error?.message),
      ),
      result.charges,
      charged,
      charged - result.spent,
    );
  });

  it.each(["500s", "throttling", "cut-off", "full", "second editor"] as Fault[])(
    "credits export: %s",
    async (fault) => {
      // Something to export, and a previous export to keep.
      value(rpc("companyRun", { form: { ...emptyCompanyForm(), limit_by: 5 }, confirmedCredits: 5 }));
      const first = value(rpc<CreditsExportResult>("creditsExport", { filters: {}, replace: true }));
      // The export every case starts from (it once ended otherwise on a loaded machine: say how).
      expect(first, JSON.stringify(first)).toMatchObject({ status: "done" });
      const before = addon.runtime.getSheetCells("Transactions").map((row) => row.map((c) => c.input));
      const sheetId = addon.runtime.sheets().find((s) => s.name === "Transactions")?.id;
      await applyFault(fault);
      const user = fault === "second editor" ? { user: SECOND_EDITOR } : {};
      let result: Answer<CreditsExportResult> | "cut";
      try {
        result = rpc<CreditsExportResult>(
          "creditsExport",
          { filters: {}, replace: true },
          fault === "cut-off" ? { interrupt: (call) => call.method === "Range.setValues" } : user,
        );
      } catch {
        result = "cut";
      }
      const after = addon.runtime.getSheetCells("Transactions").map((row) => row.map((c) => c.input));
      const done = result !== "cut" && result.ok && result.value.status === "done";
      // Either the new export, whole, or the previous one as it was: never half of one.
      if (done) expect(after.length).toBeGreaterThanOrEqual(before.length);
      else expect(after).toEqual(before);
      // The export replaces the sheet's content in one write: the same sheet, and no other beside it.
      expect(addon.runtime.sheets().filter((s) => s.name.startsWith("Transactions"))).toEqual([
        expect.objectContaining({ name: "Transactions", id: sheetId }),
      ]);
    },
  );
});

const CAP = 10;
const HOUR = 3_600_000;
const CAP_FAULTS: Fault[] = ["500s", "502/504", "cut body", "throttling", "slow tail", "cut-off"];

/** The owner's settings for one case (the runtime's user is the owner). */
function ownerSettings(values: Record<string, string>): void {
  addon.runtime.properties.user(addon.runtime.user).setAll(values);
}

/**
 * Issue 18.2: a lookup sent and never read may still be billed; every cap counts it before the
 * next group goes out. A quarter of the answers are lost or late here (the case: cap 10
 * became 19 for Enrich, 18 for a scheduled run, 35 for the formula budget).
 */
describe("fault matrix: caps count what may have been charged (cap 10)", () => {
  it.each(CAP_FAULTS)("Enrich's spend cap: %s", async (fault) => {
    await applyFault(fault, true);
    ownerSettings({ SPEND_CAP: String(CAP) });
    addon.runtime.select(CRM, `A1:A${LAST_ROW}`);
    const request = {
      options: { fields: ["job_title"], extras: { up_to_the_second_fresh: true }, mode: "refresh" },
    };
    const jobId = value(rpc<{ progress: EnrichProgress }>("enrichEstimate", request)).progress.jobId;
    value(rpc("enrichConfirm", { jobId }));
    if (fault === "cut-off") cutOffAtSecondFetch(jobId);
    let end: EnrichProgress | null = null;
    for (let step = 0; step < 50 && end?.state !== "stopped" && end?.state !== "done"; step += 1) {
      end = value(rpc<EnrichProgress>("enrichStep", { jobId }));
    }
    await new Promise((resolve) => setTimeout(resolve, FETCH_TIMEOUT_MS + 600));
    const charged = await ledger(LOOKUP);
    expect(charged).toBeLessThanOrEqual(CAP);
    expect(end!.spent + end!.maybeCharged).toBeGreaterThanOrEqual(charged);
  });

  it.each(["502/504", "slow tail"] as Fault[])("a scheduled run's cap: %s", async (fault) => {
    await applyFault(fault, true);
    addon.runtime.select(CRM, `A1:A${LAST_ROW}`);
    value(
      rpc("scheduleSave", {
        request: {
          options: { fields: ["job_title"], extras: { up_to_the_second_fresh: true }, mode: "refresh" },
        },
        period: "week",
        cap: CAP,
      }),
    );
    addon.runtime.advanceClock(HOUR);
    addon.runtime.advanceClock(HOUR);
    await new Promise((resolve) => setTimeout(resolve, FETCH_TIMEOUT_MS + 600));
    expect(await ledger(LOOKUP)).toBeLessThanOrEqual(CAP);
  });

  it.each(["502/504", "slow tail"] as Fault[])("the daily formula budget: %s", async (fault) => {
    await applyFault(fault, true);
    ownerSettings({ FORMULA_DAILY_CREDITS: String(CAP) });
    for (let top = 2; top + 7 <= LAST_ROW; top += 8) {
      addon.runtime.setCell(CRM, `N${top}`, `=LOOKUP_LEAD(A${top}:A${top + 7}, "full_name")`);
    }
    await new Promise((resolve) => setTimeout(resolve, FETCH_TIMEOUT_MS + 600));
    expect(await ledger(LOOKUP)).toBeLessThanOrEqual(CAP);
  });
});

/*
 * Not covered (the check would fail today, or the fault has no meaning for the operation):
 * - company and lead search, cut off while keeping the paid answers (the store write right after
 *   the fetch) rather than at the sheet write: the window is one property write, and the answer
 *   is lost there; search-cut-after-send.test.ts checks that the next search says so.
 * - Credits export with 502/504 or a slow tail: the transaction list is free; nothing to check
 *   beyond the 500s case.
 * - deleted column for the searches: they re-read their header on every run (planColumns).
 * - the scheduled refresh (40 s lookups over 12 trigger runs; two users on one schedule): on a
 *   manual clock of their own, in fault-matrix-schedule.test.ts.
 */
