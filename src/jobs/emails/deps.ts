/** What the Emails job works through: the Enrich job's ports (store, lock, grid, history, ledger) and the email client. */
import type { Clock } from "../../api/ports";
import type { CancelSignal, ChangeLog, Grid, Lock, Store } from "../enrich/ports";
import type { LedgerReader } from "../ledger/run-charges";
import type { EmailPort } from "./formula";

export interface EmailJobDeps {
  /** Document properties: the run, so any execution (and the sidebar after a reload) continues it. */
  store: Store;
  lock: Lock;
  clock: Clock;
  grid(sheetId: number): Grid | null;
  /** Made only when a step really sends; throws (a JobError) for a user without an API key. */
  client(): EmailPort;
  /** Credits a run may spend at most (the Spend cap setting). */
  spendCap: number;
  changes?: ChangeLog;
  ledger?(): LedgerReader | null;
  limits?: Partial<EmailLimits>;
  /** The fast signal (document cache) Cancel leaves beside the store, read during waits (stop-request.ts). */
  cancelSignal?: CancelSignal;
}

export interface EmailLimits {
  /** No new call starts after this much of a step. */
  softBudgetMs: number;
  /** The client's deadline within a step. */
  hardBudgetMs: number;
  lockWaitMs: number;
  /** Distinct people or addresses sent per batch (then the rows are written and the cursor saved). */
  batch: number;
}

export const EMAIL_LIMITS: EmailLimits = {
  // The step answers the sidebar after the batch that passes 5 s, so the progress moves on a long
  // list (each step re-reads the range: one block read, cheap beside the calls).
  softBudgetMs: 5_000,
  hardBudgetMs: 240_000,
  lockWaitMs: 10_000,
  batch: 50,
};

export const limitsOf = (deps: EmailJobDeps): EmailLimits => ({ ...EMAIL_LIMITS, ...deps.limits });
