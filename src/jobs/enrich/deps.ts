/** What the job needs from outside: ports, settings and time limits. */

import type { Clock } from "../../api/ports";
import type { HeaderStyle } from "../../sheet/field-labels";
import type { ListStyle } from "../../sheet/sheet-format";
import type { LedgerReader } from "../ledger/run-charges";
import type { CancelSignal, ChangeLog, Grid, Lock, LookupClient, Store } from "./ports";

/**
 * Which generation of the API batch refresh speaks (the API generation setting): `auto` uses bulk
 * jobs and falls back to lookups, once and saying so, when the plan is not entitled (403);
 * `current` bulk jobs only; `legacy` the spec's lookups only.
 */
export type ApiGeneration = "auto" | "current" | "legacy";

export interface JobSettings {
  /** The API generation setting; `auto` when unset. */
  apiGeneration?: ApiGeneration;
  /** Requests per fetchAll (the CHUNK_SIZE setting, at most 500 for lead lookup). */
  chunkSize: number;
  /** Credits a run may spend at most (the SPEND_CAP setting). */
  spendCap: number;
  /** List fields written as readable text or JSON (the List fields setting); JSON when unset. */
  lists?: ListStyle;
  /**
   * Appended columns headed with readable labels, each noted with its field, or with the API's
   * field names (the Headers setting); field names when unset.
   */
  headers?: HeaderStyle;
  /**
   * Whose cap `spendCap` is: "schedule" when it is a schedule's own cap per run (the trigger, with
   * its owner's terms). A run started under a schedule's cap keeps it: only deps that carry the
   * schedule's cap may change it (issue 23.2).
   */
  capSource?: "schedule";
  /**
   * A scheduled run that started again within its period (its list changed under the earlier
   * one): what the period's earlier runs spent. `spendCap` is then what is left of the schedule's
   * cap; the stop at it names both (schedule/period-spending.ts).
   */
  capSpentBefore?: number;
  /**
   * A bulk answer on this API has named a company website (noteBulkWebsites in src/gas/settings-store.ts): Work email
   * under `auto` may then take bulk jobs (bulk/decide.ts).
   */
  bulkWebsitesSeen?: boolean;
  /** Rows per finder call (the Email rows per call setting): what Work email's web requests count. */
  emailRowsPerCall?: number;
}

export interface JobLimits {
  /**
   * No new chunk starts after this much of a step. A run that fits in one execution runs in one
   * step (issue 20.3: every step costs its own start, lock, cursor and flushes); more steps only
   * when the 6-minute limit needs them.
   */
  softBudgetMs: number;
  /** The client's deadline within a step: far below Apps Script's 6 minutes, leaving room to write. */
  hardBudgetMs: number;
  /**
   * A chunk slower than this ends the step after it, so progress shows sooner, at the price of
   * more steps. Off by default (one execution when it fits); tests and callers may set it.
   */
  slowChunkMs: number;
  /** How long a step waits for the document lock. */
  lockWaitMs: number;
  /**
   * The execution's own deadline (epoch ms): no request is sent that could end after it, whatever
   * the step's own budget says. A trigger run drives several steps in one execution, so each
   * step's deadline must come from the execution's start, not the step's (issue 18.3).
   */
  deadline?: number;
}

export const DEFAULT_LIMITS: JobLimits = {
  // A chunk started before 150 s has until the 240 s deadline to answer (lookups time out at
  // about 60 s, G2), and the step then writes and saves well inside the 6 minutes.
  softBudgetMs: 150_000,
  hardBudgetMs: 240_000,
  slowChunkMs: Number.POSITIVE_INFINITY,
  lockWaitMs: 10_000,
};

export interface JobDeps {
  store: Store;
  /** Where Cancel is also signalled, for the step's cheap checks (cancel.ts); absent: the store. */
  cancelSignal?: CancelSignal;
  /**
   * The same kind of lossy shared note (the document cache), where a bulk submit leaves its job
   * ids before the store saves them (bulk/submit.ts); absent: a failed save loses them.
   */
  notes?: CancelSignal;
  lock: Lock;
  clock: Clock;
  /** The grid of a sheet by id; null when the sheet was deleted. */
  grid(sheetId: number): Grid | null;
  /** Made only when a step really sends (it needs the API key). */
  client(): LookupClient;
  settings: JobSettings;
  limits?: Partial<JobLimits>;
  /** The change history, when the document keeps one. */
  changes?: ChangeLog;
  /**
   * The API's ledger (the transaction list, free), read for the run's window: absent (or null
   * without a key), the run reports the answers it read instead.
   */
  ledger?(): LedgerReader | null;
  /** Remembers that a bulk answer named a company website (for later runs' Work email). */
  noteBulkWebsites?(): void;
}

/** An error the sidebar shows as is. */
export class JobError extends Error {
  constructor(
    readonly kind: string,
    message: string,
    readonly next?: string,
  ) {
    super(message);
  }
}
