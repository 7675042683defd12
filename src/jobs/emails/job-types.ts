/** The Emails action's run as the document keeps it (one JSON property), and what the sidebar sees. */
import type { RunCharges } from "../ledger/run-charges";
import type { EmailJobKind, OutputColumns, SourceColumns } from "./columns";

export type EmailJobState = "estimated" | "running" | "paused" | "stopped" | "done" | "cancelled";

export interface EmailCounts {
  valid: number;
  catchAll: number;
  invalid: number;
  notFound: number;
  unknown: number;
  /** Rows whose call failed ("not checked"): Retry failed rows sends them again. */
  failed: number;
  /** Of the failed, rows whose call may have been charged (sent, no answer read). */
  maybeCharged: number;
  /** Rows that lacked a name or domain, or held no address: noted, not sent. */
  incomplete: number;
  /** Rows that already held an email (or an address already checked): not sent. */
  skipped: number;
  /** Rows that asked what an earlier row asked: its answer copied, not sent again. */
  copied: number;
}

export const ZERO_COUNTS: EmailCounts = {
  valid: 0,
  catchAll: 0,
  invalid: 0,
  notFound: 0,
  unknown: 0,
  failed: 0,
  maybeCharged: 0,
  incomplete: 0,
  skipped: 0,
  copied: 0,
};

export interface EmailJob {
  id: string;
  kind: EmailJobKind;
  state: EmailJobState;
  sheetId: number;
  sheetName: string;
  headerRow: number;
  /** Data rows of the run, inclusive. */
  top: number;
  bottom: number;
  sources: SourceColumns;
  out: OutputColumns;
  /** Output columns the run appends, headed when it is confirmed. */
  appended: Array<{ column: number; header: string }>;
  /** Column -> header of every column the run writes (the change history names cells by them). */
  headers: Record<string, string>;
  /**
   * Column -> header of every column the run reads or writes: each step finds them again by header
   * (follow.ts), since a colleague may insert, delete or move columns between steps.
   */
  tracked?: Record<string, string>;
  /**
   * What identifies the row at the cursor and the last row (their source cells), and the sheet's
   * last row then: each step finds its rows again after rows were inserted or deleted, and `done`
   * tells whether the rows it passed still hold the same people (follow.ts).
   */
  anchors?: { cursor: string; bottom: string; lastRow: number; done?: string };
  /** The column Undo finds a row by: a profile URL, else a name, else the address. */
  rowKey: number;
  /** Retry failed rows: only rows whose status says "not checked". */
  onlyFailed: boolean;
  /** The columns the user selected: a Retry reads the same columns as the run (columns.ts). */
  selectedColumns?: { left: number; right: number };
  /** Also rows whose last call may have been charged (the user chose to: they may be charged twice). */
  retryMaybeCharged?: boolean;
  /** The next row to work on. */
  cursor: number;
  /**
   * When the run was confirmed (ISO, the Checked At format): a row whose Checked At is this late
   * was written by this run, so a step that re-reads it (after a cut-off lost the saved cursor)
   * neither sends it again nor counts it twice.
   */
  startedAt?: string;
  /**
   * The rows whose call is out (saved before sending, cleared once they are written): a step that
   * finds it set knows the execution was cut off in between, and does not send them again.
   */
  inFlight?: { top: number; bottom: number };
  /** Distinct people or addresses sent so far: what the spend cap counts (1 credit each at most). */
  sent: number;
  cap: number;
  /** The estimate's figures. */
  toSend: number;
  maxCredits: number;
  counts: EmailCounts;
  ledgerMark?: { after: string | null; id: string | null } | null;
  charges?: RunCharges | null;
  message?: { kind: string; message: string; next?: string };
}

/** What the sidebar shows of a run. */
export interface EmailProgress {
  jobId: string;
  kind: EmailJobKind;
  state: EmailJobState;
  sheetName: string;
  /** The data rows, as A1 rows (`5:40`). */
  rows: string;
  done: number;
  total: number;
  counts: EmailCounts;
  sent: number;
  cap: number;
  charges: RunCharges | null;
  message: { kind: string; message: string; next?: string } | null;
  /** The one-line summary once the run ended, with what the ledger charged. */
  summary: string | null;
}

/** The estimate before anything is spent. */
export interface EmailEstimate {
  progress: EmailProgress;
  /** Rows that will be sent, and the distinct people or addresses among them (what may be charged). */
  rowsToSend: number;
  distinct: number;
  /** Rows skipped because they already hold an email (of which `skippedValid` a valid one). */
  skipped: number;
  skippedValid: number;
  incomplete: number;
  blank: number;
  /**
   * Rows whose last call may have been charged (sent, no answer read), and whether this estimate
   * sends them (the user ticked it: they may be charged again) or leaves them out (the default).
   */
  maybeCharged: number;
  maybeChargedIncluded: boolean;
  /** A Retry of failed rows (only rows whose status says "not checked"). */
  onlyFailed: boolean;
  /** At most 1 credit per distinct row sent: the most either charge rule can take. */
  maxCredits: number;
  cap: number;
  balance: number | null;
  /** "First Name (B), Last Name (C), Website (E)": what the run reads. */
  reads: string;
  /** "Email (H, new), Email Status (I, new), Checked At (J, new)": what it writes. */
  writes: string;
}

/** The run as the change history files it: the Emails action's cells are found by its row key. */
export const historyRun = (job: EmailJob) => ({
  runId: job.id,
  sheetName: job.sheetName,
  sheetId: job.sheetId,
  headerRow: job.headerRow,
  headers: job.headers,
});
