/**
 * An Enrich run's window in the API's ledger: marked when the run is confirmed, read when it ends,
 * stops or is cancelled, so the total it reports is what the API charged (issue 23.4), lookups
 * that timed out or lost their answer included.
 */
import { chargesSince, markLedger } from "../ledger/run-charges";
import type { JobDeps } from "./deps";
import type { EnrichJob } from "./job-types";

/** The ledger read may page; it never holds a step longer than this. */
const LEDGER_READ_MS = 30_000;

/** Marks where the run's window starts; without a readable ledger the run reports answers read. */
export function markRunStart(deps: JobDeps, job: EnrichJob): void {
  const reader = deps.ledger?.() ?? null;
  job.ledgerMark = reader ? markLedger(reader) : null;
}

/** Reads what the ledger charged in the run's window so far into `job.charges`. */
export function readRunCharges(deps: JobDeps, job: EnrichJob): void {
  const mark = job.ledgerMark;
  const reader = mark ? (deps.ledger?.() ?? null) : null;
  if (!mark || !reader) return;
  job.charges = chargesSince(reader, mark, "lookup", deps.clock.now() + LEDGER_READ_MS);
}
