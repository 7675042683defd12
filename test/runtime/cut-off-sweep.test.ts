/**
 * A sweep of cut-offs over Enrich's money paths: for each web request a run makes (every
 * UrlFetchApp call, counted across its steps), the execution is cut off (Apps Script's 6-minute
 * limit) right after that call returns, at the next service call; the sidebar then steps the run
 * on to its end. Bulk jobs (the default generation) and lookups (legacy), each with and without
 * Work email (the finder). After each cut, against the sandbox's ledger:
 * - nobody is charged twice (lookups or bulk leads per person; finder rows per person);
 * - every person charged has an answer in their row, or a row that says it may have been charged;
 * - what the run reports covers the ledger: spent <= ledger <= spent + may have been charged;
 * - the run's cap counted what may have been charged (a cap under the list: the ledger stays under it).
 * Then Retry failed rows, cut the same way (at the end of the file).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import { manualClock } from "../../sandbox/gas/clock";
import { normalizeProfileUrl } from "../../src/api/profile-url";
import { PATHS } from "../../src/api/wire";
import type { EnrichEstimate, EnrichProgress, EnrichRequest } from "../../src/rpc/enrich";
import { chargesPerPerson, crmRows, estimateAndConfirm, rpcValue, SHEET, USER } from "../jobs/enrich-world";
import { cutAfterRequest, cutPoints } from "./cut-after-request";
import { type AddonRuntime, startAddonRuntime } from "./support";

const URLS = 24;
const LAST_ROW = URLS + 1;
const CAP = 20;

type Generation = "auto" | "legacy";
interface Case {
  generation: Generation;
  workEmail: boolean;
  /** Bulk jobs still running at their first polls (5 leads at a time, 40 ms each): more polls to cut after. */
  slowJobs?: boolean;
}
const CASES: Case[] = [
  { generation: "auto", workEmail: false },
  { generation: "auto", workEmail: false, slowJobs: true },
  { generation: "legacy", workEmail: false },
  { generation: "auto", workEmail: true },
  { generation: "auto", workEmail: true, slowJobs: true },
  { generation: "legacy", workEmail: true },
];
let world: AddonRuntime;
let urls: string[];

function request(workEmail: boolean): EnrichRequest {
  return {
    options: {
      fields: ["first_name", "last_name", "job_title", "company_name", "company_website"],
      extras: { up_to_the_second_fresh: true },
      mode: "refresh",
      ...(workEmail ? { workEmail: true } : {}),
    },
  };
}

/** Steps the run as the sidebar does, cut off after its `cutAfter`-th web request (0: never). */
function stepThrough(
  jobId: string,
  cutAfter: number,
): { end: EnrichProgress; cut: boolean; fetches: number } {
  const cutter = cutAfterRequest(cutAfter);
  let end: EnrichProgress | null = null;
  for (let step = 0; step < 500 && end?.state !== "done" && end?.state !== "stopped"; step += 1) {
    try {
      end = rpcValue<EnrichProgress>(world.runtime, "enrichStep", { jobId }, { interrupt: cutter.interrupt });
    } catch (error) {
      expect(String(error)).toMatch(/Exceeded maximum execution time/);
    }
  }
  return { end: end!, cut: cutter.cut(), fetches: cutter.requests() };
}

function table(): Record<string, unknown>[] {
  const [header, ...rows] = world.runtime.getValues(SHEET, `A1:Z${LAST_ROW}`);
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [String(name), row[i]])));
}

/**
 * Slow jobs: a cut right after a submit, before its job ids were noted, leaves jobs the run no
 * longer polls (their rows say they may have been charged); they charge as they run, possibly
 * after the run read the ledger. They are left to finish before the ledger is read here.
 */
const JOBS_FINISH_MS = 600;

async function expectSettled(
  end: EnrichProgress,
  workEmail: boolean,
  label: string,
  cap?: number,
  slowJobs = false,
): Promise<void> {
  const late = slowJobs && end.maybeCharged > 0;
  if (late) await new Promise((resolve) => setTimeout(resolve, JOBS_FINISH_MS));
  const charges = await chargesPerPerson(world.control);
  expect(
    [...charges].filter(([, n]) => n > 1),
    label,
  ).toEqual([]);
  const lookups = [...charges.values()].reduce((sum, n) => sum + n, 0);
  const finder = workEmail ? await ledgerCredits(world.control, PATHS.emailFinder) : 0;
  const total = lookups + finder;
  // Every person charged has their answer, or a row saying it may have been charged.
  for (const row of table()) {
    const key = normalizeProfileUrl(String(row["Profile URL"])) ?? "";
    if (!charges.has(key)) continue;
    expect(String(row["Enrichment Status"]), `${label}: ${key}`).toMatch(/^ok|may have been charged/);
  }
  // The summary's total is the ledger's; the run's own count of lookups (read, and may have been
  // charged) covers the ledger's, so the cap counted them; the finder stays within its maximum.
  // (Charges that came after the run read the ledger are among what may have been charged.)
  if (late) expect(end.charges?.charged ?? 0, label).toBeLessThanOrEqual(total);
  else expect(end.charges?.charged, label).toBe(total);
  expect(end.spent, label).toBeLessThanOrEqual(lookups);
  expect(end.spent + end.maybeCharged, label).toBeGreaterThanOrEqual(lookups);
  if (workEmail) expect(finder, label).toBeLessThanOrEqual(end.emails?.creditsAtMost ?? 0);
  if (cap !== undefined) expect(total, label).toBeLessThanOrEqual(cap);
}

beforeAll(async () => {
  world = await startAddonRuntime({
    userProperties: { SPEND_CAP: "5000" },
    runtime: {
      spreadsheet: { sheets: [{ name: SHEET, rows: [], maxRows: LAST_ROW + 10 }] },
      user: USER,
      clock: manualClock(Date.UTC(2026, 10, 21, 9, 0, 0)),
    },
  });
  urls = await world.control.sampleUrls(URLS, 900);
});
afterAll(async () => {
  await world?.close();
});

async function fresh({ generation, slowJobs }: Case, cap = 5000): Promise<void> {
  await world.control.reset();
  if (slowJobs) await world.control.configure({ bulkWorkers: 5, latencyMs: { [PATHS.leadLookup]: 40 } });
  world.runtime.properties.document.clear();
  world.runtime.caches.dropEarly(1);
  world.runtime.properties.user().setAll({ SPEND_CAP: String(cap), API_GENERATION: generation });
  const blank = Array.from({ length: LAST_ROW + 5 }, () => new Array<string>(14).fill(""));
  world.runtime.setValues(SHEET, "A1", blank);
  world.runtime.setValues(SHEET, "A1", crmRows(urls, 0));
}

describe.each(CASES)("cut off after each web request: %o", (which) => {
  const { workEmail } = which;
  let requests = 0;
  beforeEach(async () => {
    await fresh(which);
  });

  it("uncut, the run's web requests are counted", async () => {
    const { end, fetches } = stepThrough(
      estimateAndConfirm(world.runtime, `A1:A${LAST_ROW}`, request(workEmail)),
      0,
    );
    expect(end.state).toBe("done");
    await expectSettled(end, workEmail, "uncut");
    requests = fetches;
    expect(requests).toBeGreaterThan(1);
  });

  it("each cut: nobody charged twice, every charge in its row or said, the report covers the ledger", async () => {
    expect(requests).toBeGreaterThan(1);
    for (const n of cutPoints(requests)) {
      await fresh(which);
      const jobId = estimateAndConfirm(world.runtime, `A1:A${LAST_ROW}`, request(workEmail));
      const { end, cut } = stepThrough(jobId, n);
      expect(end.state, `cut after request ${n}`).toBe("done");
      if (!cut) continue;
      await expectSettled(end, workEmail, `cut after request ${n} of ${requests}`, undefined, which.slowJobs);
    }
  });

  it(`each cut under a cap of ${CAP}: the ledger stays under it`, async () => {
    for (const n of cutPoints(requests)) {
      await fresh(which, CAP);
      const jobId = estimateAndConfirm(world.runtime, `A1:A${LAST_ROW}`, request(workEmail));
      const { end } = stepThrough(jobId, n);
      expect(["done", "stopped"], `cut after request ${n}`).toContain(end.state);
      await expectSettled(end, workEmail, `cut after request ${n} of ${requests}`, CAP, which.slowJobs);
    }
  });
});

/**
 * Retry failed rows, cut off the same way: a first run whose every answer was lost (a bulk submit's
 * 500; on lookups, cut bodies), then Retry with "Also retry ... that may have been charged" ticked,
 * its execution cut after each of its web requests in turn. (The sandbox charges neither fault, so
 * the ledger holds the Retry's charges alone.)
 */
describe.each(["auto", "legacy"] as Generation[])(
  "Retry failed rows (%s), cut off after each web request",
  (generation) => {
    const which: Case = { generation, workEmail: false };
    let requests = 0;

    /** The first run, every row failed as may have been charged; answers the Retry's job, confirmed. */
    async function retryAfterLostAnswers(): Promise<string> {
      await fresh(which);
      const path = generation === "auto" ? PATHS.bulkEnrichRealtime : PATHS.leadLookup;
      await world.control.configure({
        faults: [{ path, kind: generation === "auto" ? "server_error" : "malformed" }],
      });
      const first = stepThrough(estimateAndConfirm(world.runtime, `A1:A${LAST_ROW}`, request(false)), 0).end;
      expect(first.ok).toBe(0);
      await world.control.configure({ faults: [] });
      const estimate = rpcValue<EnrichEstimate>(world.runtime, "enrichRetryEstimate", {
        jobId: first.jobId,
        includeMaybeCharged: true,
      });
      expect(estimate.preview.toFetch).toBe(URLS);
      return rpcValue<EnrichProgress>(world.runtime, "enrichConfirm", { jobId: estimate.progress.jobId })
        .jobId;
    }

    it("uncut, the Retry's web requests are counted", async () => {
      const { end, fetches } = stepThrough(await retryAfterLostAnswers(), 0);
      expect(end).toMatchObject({ state: "done", ok: URLS });
      await expectSettled(end, false, "uncut");
      requests = fetches;
      expect(requests).toBeGreaterThan(1);
    });

    it("each cut: nobody charged twice, every charge in its row or said, the report covers the ledger", async () => {
      for (const n of cutPoints(requests)) {
        const { end } = stepThrough(await retryAfterLostAnswers(), n);
        await expectSettled(end, false, `cut after request ${n} of ${requests}`);
      }
    });
  },
);
