/**
 * The ports the enrichment job works through. Apps Script implements them in src/gas/
 * (SpreadsheetApp, PropertiesService, LockService, the API client over UrlFetchApp); tests use the
 * in-memory fakes of test/jobs/fakes.ts. Nothing here touches an Apps Script global.
 */

import type { BatchResult, Outcome } from "../../api/batch";
import type { AccountProfile, BulkJobResult, BulkJobState, BulkMode } from "../../api/bulk-enrich";
import type { CallWindow } from "../../api/client-core";
import type { EmailBatchResult } from "../../api/emails";
import type { ApiError } from "../../api/errors";
import type { EmailFinderRequest, LeadLookupRequest, LeadLookupResponse } from "../../api/wire";

/** What a cell can hold when read. Cells holding a formula are read as the formula's text. */
export type GridValue = string | number | boolean | Date;

/**
 * One sheet, addressed by 1-based row and column numbers. Each call is one block read or write,
 * never a cell at a time (the platform charges per call, not per cell).
 */
export interface Grid {
  /** Rows top..top+height-1, columns left..left+width-1; formula cells come back as their formula. */
  read(top: number, left: number, height: number, width: number): GridValue[][];
  /**
   * Writes a rectangular block whose top-left corner is (top, left). Text the job took from the
   * API is already escaped (toCellValue); other values are what `read` gave back.
   */
  write(top: number, left: number, values: GridValue[][]): void;
  lastRow(): number;
  lastColumn(): number;
  /**
   * The same block as the text that recreates each cell (src/sheet/cell-literal.ts): formulas as
   * formulas, `'00123` with its apostrophe. Only the change history needs it; without it the
   * values of `read` stand in (right for every cell a plain grid can hold).
   */
  literals?(top: number, left: number, height: number, width: number): string[][];
  /**
   * `read` and `literals` of one block from one pair of sheet reads (getValues, getFormulas),
   * for a write that needs both (the history on): a read call costs about 10 ms (G6).
   */
  readWithLiterals?(
    top: number,
    left: number,
    height: number,
    width: number,
  ): { values: GridValue[][]; literals: string[][] };
  /**
   * Whether the user running the script may edit every cell of the block (Range.canEdit: a
   * protected range leaves out all but its editors and the owner). Optional: a grid without it
   * is taken as editable, and a refused write is caught when it happens (write-refused.ts).
   */
  canEdit?(top: number, left: number, height: number, width: number): boolean;
  /**
   * Sets the notes of a block (Range.setNotes): a readable header's note names its API field.
   * Optional: a grid without notes only loses that hint.
   */
  writeNotes?(top: number, left: number, notes: string[][]): void;
  /**
   * Sets the number format of a block (Range.setNumberFormat): the date-time format of the times
   * the run writes (src/sheet/sheet-time.ts). Optional: a grid without it keeps its formats.
   */
  setNumberFormat?(top: number, left: number, height: number, width: number, format: string): void;
  /**
   * The number formats of a block (Range.getNumberFormats; "" past the sheet's edge): a read, so
   * a write sets the date-time format only where the sheet does not show it yet (time-formats.ts).
   * Optional: a grid without it has the format set on every time written.
   */
  readNumberFormats?(top: number, left: number, height: number, width: number): string[][];
  /**
   * A date as the sheet's wall clock, "yyyy-MM-dd HH:mm:ss" in the spreadsheet's time zone
   * (cell-literal.ts WallClock): the literal of a date the run writes matches what `literals`
   * reads back. Optional: UTC without it.
   */
  wallClock?(date: Date): string;
}

/** One cell a run changes: what it held and what the run writes, both as literals. */
export interface CellChange {
  row: number;
  column: number;
  before: string;
  after: string;
  /** The profile URL of the row (its typed form), "" for a header cell. */
  url: string;
  /**
   * Set on a Title/Company cell the run kept (not written) in a row whose answer shows another
   * job: why it was kept ("fill mode"); `after` is the answer's value. Recorded for the job-change
   * digest; undo passes over it.
   */
  kept?: string;
  /**
   * Whether the row's answer was fresh (true) or the API's cache (false: Fresh data off; a job
   * change seen in it may be a return to a previous job). Absent: the row got no answer.
   */
  fresh?: boolean;
}

/** Which run changed the cells, and where. */
export interface ChangeRun {
  runId: string;
  sheetName: string;
  /** Recorded so that Undo finds the sheet after a rename. */
  sheetId: number;
  headerRow: number;
  /**
   * Column (1-based, as text) -> its header, for the columns the run touches, as the run follows
   * them: the history names each cell's column without reading the header row (a read after the
   * step's writes would flush them). Absent: the history reads the header row.
   */
  headers?: Record<string, string>;
}

/**
 * Told every cell a run changes, before the cells are written (the change history: a cut-off
 * between the two leaves a recorded change that undo finds was not made, never an unrecorded one).
 */
export interface ChangeLog {
  record(run: ChangeRun, grid: Grid, changes: readonly CellChange[]): void;
  /**
   * False when the user may not write the history's next rows (its sheet protected, their name
   * not among its editors): a run asks before it pays (../edit-rights.ts). Absent: it may.
   */
  canRecord?(): boolean;
}

/** A key-value store of text (document properties in Apps Script: 9 KB a value, 500 KB in all). */
export interface Store {
  /** May answer from what this execution read before (src/gas/job-store.ts: once per lock). */
  get(key: string): string | null;
  /**
   * What the store holds now, for a key another execution may write while this one runs without
   * the lock (Cancel's request). Absent: `get` always reads the store.
   */
  fresh?(key: string): string | null;
  set(key: string, value: string): void;
  /** Several keys in one call (Apps Script: one setProperties, the price of one write, G6). */
  setMany(entries: Record<string, string>): void;
  remove(key: string): void;
}

/**
 * A fast, lossy key-value signal every editor's executions share (the document cache in Apps
 * Script: 3 ms a read against a property's 30 ms, G6; an entry may be evicted): a Cancel
 * pressed in one sidebar reaches the step another execution runs. Never the only record.
 */
export interface CancelSignal {
  get(key: string): string | null;
  put(key: string, value: string): void;
}

/** The document lock: one step at a time per document, whoever runs it. */
export interface Lock {
  /** Waits up to `waitMs` for the lock; false when someone else still holds it. */
  tryAcquire(waitMs: number): boolean;
  release(): void;
}

/** The answer of one batch, as the API client gives it (src/api/client.ts). */
export interface LookupBatch {
  /** Input order; null = not attempted (deadline reached or the batch was stopped). */
  outcomes: Array<{ ok: true; value: LeadLookupResponse } | { ok: false; error: ApiError } | null>;
  /** Auth or insufficient funds: nothing after it can succeed until the user acts. */
  stoppedBy: ApiError | null;
  /** Credits charged, from the answers' amounts. */
  spent: number;
  /** 429 answers met: the client slowed down for them (src/api/batch.ts). */
  throttled?: number;
  /** Requests per call the client's next chunk would have used (batch.ts): carried to the next batch. */
  parallel?: number;
}

/** The part of the API client the job uses. */
export interface LookupClient {
  lookupLeads(
    requests: LeadLookupRequest[],
    options: { deadline: number; startParallel?: number; stop?: () => boolean },
  ): LookupBatch;
  /**
   * Bulk jobs of the API's current generation (src/api/client.ts). A client without them (older
   * fakes) runs every batch through lookups.
   */
  submitBulkEnrich?(jobs: string[][], mode: BulkMode, options: CallWindow): BatchResult<BulkJobState>;
  bulkEnrichStatus?(jobIds: string[], options: { deadline: number }): BatchResult<BulkJobResult>;
  /** The email finder (src/api/emails.ts), for the work-email pass; absent in older fakes. */
  findEmails?(requests: EmailFinderRequest[], options: CallWindow): EmailBatchResult;
  /** The account's profile of the current generation: the unit the account is billed in. */
  accountProfile?(): Outcome<AccountProfile>;
}
