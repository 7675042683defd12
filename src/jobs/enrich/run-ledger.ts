/**
 * An Enrich run's window in the API's ledger: marked when the run is confirmed, read when it ends,
 * stops or is cancelled, so the total it reports is what the API charged (issue 23.4), lookups
 * that timed out or lost their answer included.
 */
import { chargesSince, markLedger, type RunCharges } from "../ledger/run-charges";
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
  const lookups = chargesSince(reader, mark, "lookup", deadline);
  if (!job.options.workEmail) {
    job.charges = lookups;
    return;
  }
  const emails = chargesSince(reader, mark, "email_finder", deadline);
  job.emailCharges = emails;
  job.charges = lookups && emails ? sumOf(lookups, emails) : null;
}

function sumOf(a: RunCharges, b: RunCharges): RunCharges {
  return {
    charged: a.charged + b.charged,
    pending: a.pending + b.pending,
    complete: a.complete && b.complete,
  };
}
