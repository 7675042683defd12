/**
 * Enrich through bulk jobs (the default generation, PRODUCTION.md A19) under the faults a real
 * network brings between the add-on and the API, read against the sandbox's ledger: status reads
 * answered with a cut JSON body, an HTML error page or an empty 200, a completed job's results
 * page cut short, 5xx and 429 on polls, and a submit whose 202 is lost behind a gateway's 502
 * after the API created (and charges) the job. A bulk job charges its leads as it runs, whatever
 * the add-on reads, so after each:
 * - every person is charged at most once;
 * - a status read is free: an answer that cannot be read is asked for again, and every paid lead
 *   lands in its row;
 * - what the run reports (spent, and what may have been charged) covers the ledger, and the spend
 *   cap counts what may have been charged before it submits more.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PATHS } from "../../src/api/wire";
import type { EnrichProgress } from "../../src/rpc/enrich";
import { chargesPerPerson, crmRows, driveSteps, estimateAndConfirm, SHEET } from "../jobs/enrich-world";
import { FRESH } from "./bulk-world";
import { type AddonRuntime, DEMO_KEY } from "./support";
import {
  isStatusRead,
  isSubmit,
  resetBulkWorld,
  startTamperedBulkWorld,
  type Tamper,
} from "./tampered-bulk-world";

const URLS = 60;
const FETCH_TIMEOUT_MS = 3_000;

let world: AddonRuntime;
let tamper: Tamper | null = null;

/** Tampers with the first `times` answers of completed jobs' status reads, then lets them through. */
function completedReads(times: number, body: (text: string) => string): Tamper {
  let left = times;
  return (request, outcome) => {
    if (left === 0 || !isStatusRead(request) || outcome.kind !== "response") return outcome;
    if (!outcome.body.includes('"completed"')) return outcome;
    left -= 1;
    return { ...outcome, body: body(outcome.body) };
  };
}

/** A completed job's answer with only the first half of its results. */
function halfPage(text: string): string {
  const answer = JSON.parse(text) as { data: unknown[] };
  return JSON.stringify({ ...answer, data: answer.data.slice(0, answer.data.length >> 1) });
}

const UNREADABLE: Array<[string, (text: string) => string]> = [
  ["a cut JSON body", (text) => text.slice(0, text.length >> 1)],
  ["an HTML error page", () => "<html><body><h1>502 Bad Gateway</h1></body></html>"],
  ["an empty 200", () => ""],
  ["a results page cut short", halfPage],
];

function statuses(): string[] {
  const header = world.runtime.getValues(SHEET, "A1:Z1")[0]!;
  const column = header.indexOf("Enrichment Status");
  return world.runtime.getValues(SHEET, `A2:Z${URLS + 1}`).map((row) => String(row[column]));
}

async function ledger(): Promise<{ charged: number; twice: string[] }> {
  const charges = await chargesPerPerson(world.control);
  return {
    charged: [...charges.values()].reduce((sum, n) => sum + n, 0),
    twice: [...charges].filter(([, n]) => n > 1).map(([url]) => url),
  };
}

function enrich(urls = URLS): EnrichProgress {
  return driveSteps(world.runtime, estimateAndConfirm(world.runtime, `A1:A${urls + 1}`, FRESH), 500);
}

beforeAll(async () => {
  // Apps Script's 60 s, shortened: a submit held past it is a timeout (G2).
  world = await startTamperedBulkWorld({ fetchMs: FETCH_TIMEOUT_MS, maxRows: 200, tamper: () => tamper });
});
afterAll(async () => {
  await world?.close();
});
beforeEach(async () => {
  tamper = null;
  await resetBulkWorld(world, { urls: 120, offset: 300 });
});

describe("Enrich through bulk jobs: a status read that cannot be read is read again", () => {
  it.each(UNREADABLE)("%s, twice: every paid lead written, spent = ledger", async (_, body) => {
    tamper = completedReads(2, body);
    const end = enrich();
    const { charged, twice } = await ledger();
    expect(twice).toEqual([]);
    expect(end).toMatchObject({ state: "done", ok: URLS, failed: 0, interrupted: 0, maybeCharged: 0 });
    for (const status of statuses()) expect(status).toMatch(/^(ok|ok: .+)$/);
    expect(charged).toBe(URLS);
    expect(end.spent).toBe(charged);
    expect(end.charges?.charged).toBe(charged);
  });

  it("500s and 429s on polls: read again, every row written", async () => {
    await world.control.configure({
      faults: [
        { path: "/api/v1/enrich/leads/bulk/{job_id}/", kind: "server_error", count: 3 },
        { path: "/api/v1/enrich/leads/bulk/{job_id}/", kind: "throttle", count: 3 },
      ],
    });
    const end = enrich();
    const { charged, twice } = await ledger();
    expect(twice).toEqual([]);
    expect(end).toMatchObject({ state: "done", ok: URLS, failed: 0, interrupted: 0 });
    expect(end.spent).toBe(charged);
  });

  it("an answer that stays unreadable: the rows say they may have been charged, and the run counts them", async () => {
    tamper = completedReads(1_000, (text) => text.slice(0, text.length >> 1));
    const end = enrich();
    const { charged, twice } = await ledger();
    expect(twice).toEqual([]);
    expect(end.state).toBe("done");
    expect(charged).toBe(URLS);
    // Nothing read, everything paid: every row says so, and the run counts it as may-have-been.
    for (const status of statuses()) expect(status).toMatch(/may have been charged/);
    expect(end.spent + end.maybeCharged).toBeGreaterThanOrEqual(charged);
    expect(end.charges?.charged).toBe(charged);
  });

  it("a completed job that keeps answering fewer profiles than it was sent: the answers it names are written, only the missing rows say they may have been charged", async () => {
    tamper = completedReads(1_000, halfPage);
    const end = enrich();
    const { charged, twice } = await ledger();
    expect(twice).toEqual([]);
    expect(charged).toBe(URLS);
    // Jobs of 50 and 10: the first half of each answered (25 + 5). Before: none of the 60 written.
    const written = statuses().filter((status) => /^(ok|ok: .+)$/.test(status));
    expect(written).toHaveLength(URLS / 2);
    expect(
      statuses().filter((status) => /left this profile out.*may have been charged/.test(status)),
    ).toHaveLength(URLS / 2);
    expect(end).toMatchObject({ state: "done", ok: URLS / 2, spent: URLS / 2, maybeCharged: URLS / 2 });
    expect(end.charges?.charged).toBe(charged);
  });
});

describe("Enrich through bulk jobs: the cap counts what may have been charged", () => {
  it("a submit's 202 lost behind a 502 (the job charges anyway): the ledger stays at the cap", async () => {
    const CAP = 60;
    world.runtime.properties.user().setAll({ SPEND_CAP: String(CAP) });
    let lost = false;
    tamper = (request, outcome) => {
      if (lost || !isSubmit(request) || outcome.kind !== "response" || outcome.status !== 202) return outcome;
      lost = true;
      return { kind: "response", status: 502, body: "<html>Bad Gateway</html>" };
    };
    const end = enrich(120);
    const { charged, twice } = await ledger();
    expect(twice).toEqual([]);
    expect(lost).toBe(true);
    expect(charged).toBeLessThanOrEqual(CAP);
    expect(end.spent + end.maybeCharged).toBeGreaterThanOrEqual(charged);
    expect(end.interrupted).toBe(50);
  });

  it("a submit past the fetch timeout (the API makes the job and charges it, late): the ledger stays at the cap", async () => {
    const CAP = 60;
    world.runtime.properties.user().setAll({ SPEND_CAP: String(CAP) });
    await world.control.configure({
      faults: [{ path: PATHS.bulkEnrichRealtime, kind: "slow", count: 1, delayMs: FETCH_TIMEOUT_MS + 600 }],
    });
    const end = enrich(120);
    // The late submit's job is made after the add-on gave up on it, and charges as it runs.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const { charged, twice } = await ledger();
    expect(twice).toEqual([]);
    expect(charged).toBeGreaterThan(0);
    expect(charged).toBeLessThanOrEqual(CAP);
    expect(end.spent + end.maybeCharged).toBeGreaterThanOrEqual(charged);
    expect(end.interrupted).toBeGreaterThan(0);
  });
});

describe("Enrich through bulk jobs: one submit past the fetch timeout", () => {
  it("loses only its own job: the other jobs' ids are read, their rows written (before: one late submit lost them all)", async () => {
    const PEOPLE = 150;
    world.runtime.setValues(SHEET, "A1", crmRows(await world.control.sampleUrls(PEOPLE, 300), 0));
    await world.control.configure({
      faults: [{ path: PATHS.bulkEnrichRealtime, kind: "slow", count: 1, delayMs: FETCH_TIMEOUT_MS + 600 }],
    });
    const end = enrich(PEOPLE);
    // The late submit's job is made after the add-on gave up on it, and charges as it runs.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const { charged, twice } = await ledger();
    expect(twice).toEqual([]);
    expect(charged).toBe(PEOPLE);
    // Three jobs of 50: the late one's rows may have been charged; the other two are written.
    expect(end).toMatchObject({ state: "done", ok: 100, interrupted: 50, maybeCharged: 50, spent: 100 });
  });
});

/**
 * Confirms a run and steps it once: the jobs are submitted (`inJobs` URLs), and `then` happens
 * right after the last submit (one a fetchAll).
 */
function submitThen(then: () => void, inJobs = URLS): string {
  const jobId = estimateAndConfirm(world.runtime, `A1:A${URLS + 1}`, FRESH);
  let sent = 0;
  const interrupt = (call: { method: string }) => {
    if (call.method.startsWith("UrlFetchApp.")) sent += 1;
    else if (sent >= Math.ceil(URLS / 50)) then();
    return false;
  };
  const submitted = world.runtime.rpc("enrichStep", { jobId }, { interrupt });
  expect(submitted).toMatchObject({ ok: true, value: { state: "running", inJobs } });
  return jobId;
}

describe("Enrich through bulk jobs: a refusal while its jobs are out", () => {
  it("the day's URL Fetch quota runs out after the submit: the run stops and says so; Resume the next day writes every paid row", async () => {
    const quota = world.runtime.quotas.urlFetch;
    // The day's quota is used up right after the submit (by this or another add-on).
    const jobId = submitThen(() => quota.setUsed(quota.used() + quota.remaining()));
    const stopped = driveSteps(world.runtime, jobId, 20);
    // Before: "running" with nothing said, step after step, until the day turned.
    expect(stopped).toMatchObject({ state: "stopped", message: { kind: "quota" }, inJobs: URLS });
    expect(stopped.message?.message).toMatch(/60 URLs are in bulk jobs/);
    expect((await ledger()).twice).toEqual([]);

    quota.setUsed(0);
    world.runtime.rpc("enrichResume", { jobId });
    const end = driveSteps(world.runtime, jobId, 50);
    const { charged, twice } = await ledger();
    expect(twice).toEqual([]);
    expect(end).toMatchObject({ state: "done", ok: URLS, failed: 0, interrupted: 0 });
    for (const status of statuses()) expect(status).toMatch(/^(ok|ok: .+)$/);
    expect(end.spent).toBe(charged);
    // Each job submitted once.
    expect((await world.control.stats()).requests[PATHS.bulkEnrichRealtime]).toBe(2);
  });

  it("the key is refused (401) while its jobs are out: the run stops and says so; Resume with the key back writes them", async () => {
    const jobId = submitThen(() => world.runtime.properties.user().setAll({ API_KEY: "sandbox-typo-key" }));
    const stopped = driveSteps(world.runtime, jobId, 20);
    expect(stopped).toMatchObject({ state: "stopped", message: { kind: "auth" }, inJobs: URLS });
    world.runtime.properties.user().setAll({ API_KEY: DEMO_KEY });
    world.runtime.rpc("enrichResume", { jobId });
    const end = driveSteps(world.runtime, jobId, 50);
    expect(end).toMatchObject({ state: "done", ok: URLS });
    expect(end.spent).toBe((await ledger()).charged);
  });
});

describe("Enrich through bulk jobs: Cancel while its jobs cannot be read", () => {
  it("the key refused while jobs are out, then Cancel: the run ends, their rows say they may have been charged", async () => {
    const jobId = submitThen(() => world.runtime.properties.user().setAll({ API_KEY: "sandbox-typo-key" }));
    expect(driveSteps(world.runtime, jobId, 5)).toMatchObject({
      state: "stopped",
      message: { kind: "auth" },
    });
    world.runtime.rpc("enrichCancel", { jobId });
    const end = driveSteps(world.runtime, jobId, 20);
    // Before: Cancel waited for jobs nothing could read, "running" step after step.
    expect(end).toMatchObject({ state: "cancelled", interrupted: URLS, maybeCharged: URLS });
    expect(statuses().filter((s) => /^interrupted: cancelled .*may have been charged/.test(s))).toHaveLength(
      URLS,
    );
    expect((await ledger()).twice).toEqual([]);
  });
});

describe("Enrich through bulk jobs: an editor without the key while the owner's jobs are out", () => {
  const EDITOR = "editor@example.com";
  const asEditor = (method: string, arg: unknown) =>
    world.runtime.rpc(method, arg, { user: EDITOR }) as { ok: boolean; error?: { kind: string } };

  it("Enrich, step, Cancel and Retry are refused or free; the owner's key alone pays, nothing twice", async () => {
    world.runtime.properties.user(EDITOR).setAll({ API_BASE_URL: world.sandboxUrl });
    await world.control.configure({ bulkWorkers: 5, latencyMs: { [PATHS.leadLookup]: 40 } });
    // The owner's first submit loses one 202 behind a 502: 50 rows may have been charged.
    let lost = false;
    tamper = (request, outcome) => {
      if (lost || !isSubmit(request) || outcome.kind !== "response" || outcome.status !== 202) return outcome;
      lost = true;
      return { kind: "response", status: 502, body: "<html>Bad Gateway</html>" };
    };
    const jobId = submitThen(() => undefined, URLS - 50);
    world.runtime.select(SHEET, `A1:A${URLS + 1}`);
    expect(asEditor("enrichEstimate", FRESH)).toMatchObject({ ok: false, error: { kind: "unfinished" } });
    for (const method of ["enrichStep", "enrichCancel", "enrichBackground"])
      expect(asEditor(method, { jobId }), method).toMatchObject({ ok: false, error: { kind: "not_owner" } });
    expect(asEditor("enrichRetryEstimate", { jobId, includeMaybeCharged: true }).ok).toBe(false);

    const end = driveSteps(world.runtime, jobId, 2_000);
    expect(end).toMatchObject({ state: "done", ok: URLS - 50, interrupted: 50, maybeCharged: 50 });
    // Retry by the editor: the estimate is free; confirming it needs a key of their own.
    const retry = world.runtime.rpc(
      "enrichRetryEstimate",
      { jobId, includeMaybeCharged: true },
      { user: EDITOR },
    ) as { ok: true; value: { progress: { jobId: string } } };
    expect(retry.ok).toBe(true);
    expect(asEditor("enrichConfirm", { jobId: retry.value.progress.jobId })).toMatchObject({
      ok: false,
      error: { kind: "auth" },
    });
    const stats = await world.control.stats();
    expect(new Set(stats.ledger.filter((e) => e.amount !== 0).map((e) => e.key))).toEqual(
      new Set([DEMO_KEY]),
    );
    const { charged, twice } = await ledger();
    expect(twice).toEqual([]);
    expect(charged).toBe(URLS);
    expect(end.charges?.charged).toBe(charged);
  });
});

describe("Enrich through bulk jobs: a job that never finishes", () => {
  it("Cancel waits for it until it has worked on no lead for 2 hours (and 60 rounds of answers): its rows then say they may have been charged, and the run ends", async () => {
    // The first job (50 URLs) answers "processing" forever; the API charged its leads all the same.
    let stuck: string | null = null;
    tamper = (request, outcome) => {
      if (isSubmit(request) && outcome.kind === "response" && stuck === null)
        stuck = (JSON.parse(outcome.body) as { meta: { job_id: string } }).meta.job_id;
      if (!isStatusRead(request) || stuck === null || !request.url.includes(stuck)) return outcome;
      if (outcome.kind !== "response" || outcome.status !== 200) return outcome;
      const answer = JSON.parse(outcome.body) as { meta: Record<string, unknown> };
      return {
        ...outcome,
        body: JSON.stringify({ data: null, meta: { ...answer.meta, status: "processing", processed: 49 } }),
      };
    };
    const jobId = submitThen(() => undefined);
    let progress = driveSteps(world.runtime, jobId, 5);
    expect(progress).toMatchObject({ state: "running", ok: 10, inJobs: 50 });
    world.runtime.rpc("enrichCancel", { jobId });
    progress = driveSteps(world.runtime, jobId, 5);
    expect(progress.state).toBe("running");
    world.runtime.advanceClock(2 * 3_600_000);
    // Asked at least 60 times more (BULK_JOB_PATIENCE): a step waits about 30 s for each poll.
    const end = driveSteps(world.runtime, jobId, 100);
    // Before: "running" (Cancel waiting) until the API forgot the job, 24 hours on.
    expect(end).toMatchObject({ state: "cancelled", ok: 10, spent: 10, maybeCharged: 50 });
    expect(
      statuses().filter((s) => /worked on no lead for 2 hours.*may have been charged/.test(s)),
    ).toHaveLength(50);
    const { charged, twice } = await ledger();
    expect(twice).toEqual([]);
    expect(charged).toBe(URLS);
    expect(end.charges?.charged).toBe(charged);
  });
});

describe("Enrich through bulk jobs: a job whose status cannot be read for good", () => {
  it("status reads answer 500 for hours: the run ends once none was read for 2 hours (Cancel too), its rows saying they may have been charged", async () => {
    const jobId = submitThen(() => undefined);
    await world.control.configure({
      faults: [{ path: `${PATHS.bulkEnrichStatus}{job_id}/`, kind: "server_error" }],
    });
    world.runtime.rpc("enrichCancel", { jobId });
    expect(driveSteps(world.runtime, jobId, 5).state).toBe("running");
    world.runtime.advanceClock(2 * 3_600_000);
    // Before: "running" (Cancel waiting) for as long as the reads failed, 30 hours in the probe.
    const end = driveSteps(world.runtime, jobId, 100);
    expect(end).toMatchObject({ state: "cancelled", ok: 0, spent: 0, maybeCharged: URLS });
    expect(
      statuses().filter((s) => /could not be read for 2 hours.*may have been charged/.test(s)),
    ).toHaveLength(URLS);
    const { charged, twice } = await ledger();
    expect(twice).toEqual([]);
    expect(charged).toBe(URLS);
    expect(end.charges?.charged).toBe(charged);
  });
});

describe("Enrich through bulk jobs: one job whose status reads fail below HTTP", () => {
  it("its reads fail the whole fetchAll they share (G2): the other jobs are read one at a time and written; only its rows are given up", async () => {
    const submitted: string[] = [];
    tamper = (request, outcome) => {
      if (isSubmit(request) && outcome.kind === "response" && outcome.status === 202)
        submitted.push((JSON.parse(outcome.body) as { meta: { job_id: string } }).meta.job_id);
      const bad = submitted[1];
      if (bad !== undefined && isStatusRead(request) && request.url.includes(bad))
        return { kind: "failure", reason: "network", message: "Address unavailable", sent: true };
      return outcome;
    };
    // Jobs of 50 and 10 URLs; the second's reads never come back.
    const end = enrich();
    const { charged, twice } = await ledger();
    expect(twice).toEqual([]);
    expect(charged).toBe(URLS);
    // Before: no read of either job ever came back, and all 60 paid rows were given up.
    expect(end).toMatchObject({ state: "done", ok: 50, spent: 50, maybeCharged: 10 });
    expect(
      statuses().filter((s) => /could not be read for 2 hours.*may have been charged/.test(s)),
    ).toHaveLength(10);
    expect(end.charges?.charged).toBe(charged);
  });
});

describe("Enrich through bulk jobs: a completed job's answers in another order", () => {
  /** Each row's profile URL and the full name written beside it. */
  function namesByUrl(): Record<string, string> {
    const header = world.runtime.getValues(SHEET, "A1:Z1")[0]!.map(String);
    const name = header.indexOf("Full Name");
    const rows = world.runtime.getValues(SHEET, `A2:Z${URLS + 1}`);
    return Object.fromEntries(rows.map((row) => [String(row[0]), String(row[name])]));
  }

  it("each answer lands in the row of the URL it names (before: reversed, every row got another person)", async () => {
    expect(enrich()).toMatchObject({ state: "done", ok: URLS });
    const straight = namesByUrl();
    await world.control.reset();
    world.runtime.properties.document.clear();
    world.runtime.setValues(SHEET, "A1", crmRows(await world.control.sampleUrls(120, 300), 0));
    tamper = completedReads(1_000, (text) => {
      const answer = JSON.parse(text) as { data: unknown[] };
      return JSON.stringify({ ...answer, data: [...answer.data].reverse() });
    });
    expect(enrich()).toMatchObject({ state: "done", ok: URLS });
    expect(namesByUrl()).toEqual(straight);
    expect((await ledger()).twice).toEqual([]);
  });
});
