/**
 * An Enrich run's window in the API's ledger: marked when the run is confirmed, read when it ends,
 * stops or is cancelled, so the total it reports is what the API charged (issue 23.4), lookups
 * that timed out or lost their answer included.
 */
import { type ChargeKind, chargesByKindSince, markLedger, type RunCharges } from "../ledger/run-charges";
import type { JobDeps } from "./deps";
import type { EnrichJob } from "./job-types";

/** The ledger read may page; it never holds a step longer than this. */
const LEDGER_READ_MS = 30_000;

/** Marks where the run's window starts; without a readable ledger the run reports answers read. */
export function markRunStart(deps: JobDeps, job: EnrichJob): void {
  const reader = deps.ledger?.() ?? null;
  job.ledgerMark = reader ? markLedger(reader) : null;
}

/**
 * Reads what the ledger charged in the run's window so far into `job.charges`: its lookups (or
 * bulk jobs' leads), and with the work-email pass its finder rows too (also in `job.emailCharges`).
 */
export function readRunCharges(deps: JobDeps, job: EnrichJob): void {
  const mark = job.ledgerMark;
  const reader = mark ? (deps.ledger?.() ?? null) : null;
  if (!mark || !reader) return;
  const deadline = deps.clock.now() + LEDGER_READ_MS;
  // One read of the window for both endpoints, its pages asked for at once (about one row a
  // credit: 1,800 lookups are 18 pages, one fetchAll instead of three).
  const expectedRows = job.spent + (job.maybeCharged ?? 0) + (job.emails?.valid ?? 0);
  const kinds: ChargeKind[] = job.options.workEmail ? ["lookup", "email_finder"] : ["lookup"];
  const charges = chargesByKindSince(reader, mark, kinds, deadline, expectedRows);
  if (!job.options.workEmail) {
    job.charges = charges?.lookup ?? null;
    return;
  }
  const emails = charges?.email_finder ?? null;
  job.emailCharges = emails;
  job.charges = charges && emails ? sumOf(charges.lookup, emails) : null;
}

function sumOf(a: RunCharges, b: RunCharges): RunCharges {
  return {
    charged: a.charged + b.charged,
    pending: a.pending + b.pending,
    complete: a.complete && b.complete,
  };
}
