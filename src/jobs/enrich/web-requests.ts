/**
 * About how many web requests (URL Fetch calls) a run needs, for the estimate's warning against
 * Apps Script's daily quota (PRODUCTION.md G1: 20,000 a day on consumer accounts). Counting one per
 * distinct URL was right for lookups alone and wrong at scale both ways: bulk jobs take 50 URLs a
 * request plus their polls (18,000 URLs: about 1,300 requests, not 18,000), and Work email adds its
 * finder calls and the ledger its pages (18,000 lookups with Work email: 20,160, past the quota).
 */
import { BULK_MAX_LEADS } from "../../api/bulk-enrich";
import { TRANSACTION_PAGE_SIZE } from "../../api/client";
import { emailRowsPerCall } from "../../api/emails";
import { EMAIL_CREDITS_PER_ROW } from "./options";

/**
 * Status reads per bulk job (poll-schedule.ts waits 2, 4, 8, 15, 30 s): a job of stored data is
 * read about 3 times (done within seconds), a real-time one about 7 (a minute and a half).
 */
const POLLS_PER_JOB = { stored: 3, realtime: 7 } as const;

export interface RunShape {
  toFetch: number;
  bulk: boolean;
  fresh: boolean;
  workEmail: boolean;
  /** The Email rows per call setting (its default when unset). */
  emailRows?: number;
}

export function webRequestsNeeded({ toFetch, bulk, fresh, workEmail, emailRows }: RunShape): number {
  if (toFetch <= 0) return 0;
  const jobs = Math.ceil(toFetch / BULK_MAX_LEADS);
  const enrich = bulk ? jobs * (1 + POLLS_PER_JOB[fresh ? "realtime" : "stored"]) : toFetch;
  // The finder takes the rows of a call together, as many as the Email rows per call setting says.
  const finder = workEmail ? Math.ceil(toFetch / emailRowsPerCall(emailRows)) : 0;
  // The run's charges are read back from the ledger at its end, a page of transactions a request.
  const charges = toFetch * (1 + (workEmail ? EMAIL_CREDITS_PER_ROW : 0));
  return enrich + finder + Math.ceil(charges / TRANSACTION_PAGE_SIZE);
}
