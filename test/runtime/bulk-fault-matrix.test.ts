/**
 * The fault matrix of fault-matrix.test.ts (which pins lookups) on the default path, bulk jobs:
 * 300 URLs (6 jobs) under 500s, throttling, a submit past the fetch timeout, unreadable and lost
 * submit answers, cut status bodies and status reads failing below HTTP, with and without a spend
 * cap. After each, against the sandbox's ledger: nobody charged twice; every row's status says
 * what happened; what the run could not read as charged it says may have been; the reported total
 * covers the ledger; the cap holds. (What a single fault must not lose is in bulk-faults.test.ts.)
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FaultRule } from "../../sandbox/api/control";
import type { HttpOutcome, HttpRequest } from "../../src/api/ports";
import { PATHS } from "../../src/api/wire";
import { chargesPerPerson, driveSteps, estimateAndConfirm, SHEET } from "../jobs/enrich-world";
import { FRESH } from "./bulk-world";
import type { AddonRuntime } from "./support";
import * as bulk from "./tampered-bulk-world";

const URLS = 300;
const FETCH_TIMEOUT_MS = 400;
const TERMINAL = /^(ok|ok: .+|not found|error: .+|interrupted: .+|not enriched yet: .+)$/;

let world: AddonRuntime;
let tamper: bulk.Tamper | null = null;

/** Every n-th answer of `which` replaced by `by`. */
function every(
  n: number,
  which: (request: HttpRequest) => boolean,
  by: (o: HttpOutcome) => HttpOutcome,
): bulk.Tamper {
  let seen = 0;
  return (request, outcome) => (which(request) && ++seen % n === 0 ? by(outcome) : outcome);
}

const FAULTS: Array<[string, { faults?: FaultRule[]; tamper?: () => bulk.Tamper; late?: boolean }]> = [
  ["500s", { faults: [{ kind: "server_error", rate: 0.25 }] }],
  ["throttling", { faults: [{ kind: "throttle", rate: 0.3 }] }],
  [
    "submits past the fetch timeout",
    { faults: [{ path: PATHS.bulkEnrichRealtime, kind: "slow", rate: 0.4, delayMs: 700 }], late: true },
  ],
  [
    "unreadable submit answers",
    { faults: [{ path: PATHS.bulkEnrichRealtime, kind: "malformed", rate: 0.4 }] },
  ],
  [
    "submit answers lost behind a 502",
    {
      tamper: () =>
        every(3, bulk.isSubmit, () => ({ kind: "response", status: 502, body: "<html>Bad Gateway</html>" })),
    },
  ],
  [
    "status bodies cut short",
    {
      tamper: () =>
        every(2, bulk.isStatusRead, (o) =>
          o.kind === "response" ? { ...o, body: o.body.slice(0, o.body.length >> 1) } : o,
        ),
    },
  ],
  [
    "status reads failing below HTTP",
    {
      tamper: () =>
        every(3, bulk.isStatusRead, () => ({
          kind: "failure",
          reason: "network",
          message: "Address unavailable",
          sent: true,
        })),
    },
  ],
];

beforeAll(async () => {
  world = await bulk.startTamperedBulkWorld({
    fetchMs: FETCH_TIMEOUT_MS,
    maxRows: URLS + 20,
    tamper: () => tamper,
  });
});
afterAll(async () => {
  await world?.close();
});
beforeEach(() => {
  tamper = null;
});

describe.each([5_000, 120])("fault matrix on bulk jobs, spend cap %i", (cap) => {
  it.each(FAULTS)("%s", async (_, fault) => {
    await bulk.resetBulkWorld(world, { urls: URLS, offset: 900, cap });
    if (fault.faults) await world.control.configure({ faults: fault.faults });
    tamper = fault.tamper?.() ?? null;
    const end = driveSteps(world.runtime, estimateAndConfirm(world.runtime, `A1:A${URLS + 1}`, FRESH), 3_000);
    // A submit the add-on gave up on is made late, and charges as it runs: wait for it.
    if (fault.late) await new Promise((resolve) => setTimeout(resolve, 1_200));
    await world.control.configure({ faults: [] });
    tamper = null;

    const charges = await chargesPerPerson(world.control);
    expect([...charges].filter(([, n]) => n > 1)).toEqual([]);
    const charged = [...charges.values()].reduce((a, b) => a + b, 0);
    expect(charged).toBeLessThanOrEqual(cap);
    expect(end.state).toBe(cap < URLS ? "stopped" : "done");
    const header = world.runtime.getValues(SHEET, "A1:Z1")[0]!.map(String);
    const column = header.indexOf("Enrichment Status");
    const statuses = world.runtime.getValues(SHEET, `A2:Z${URLS + 1}`).map((row) => String(row[column]));
    if (cap >= URLS) for (const status of statuses) expect(status).toMatch(TERMINAL);
    const maybe = statuses.filter((status) => /may have been charged|run again to retry/.test(status)).length;
    expect(statuses.filter((status) => status.startsWith("ok"))).toHaveLength(end.ok);
    expect(end.spent).toBeLessThanOrEqual(charged);
    expect(charged - end.spent).toBeLessThanOrEqual(Math.min(maybe, end.maybeCharged));
    // The ledger's figure, or (a late job charging after it was read) at most it, the rest said.
    if (fault.late) expect((end.charges?.charged ?? 0) + end.maybeCharged).toBeGreaterThanOrEqual(charged);
    else expect(end.charges?.charged).toBe(charged);
  });
});
