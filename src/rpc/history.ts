/**
 * Sidebar <-> server methods of the change history: its settings, Undo last run, and the
 * job-change digest (after a run, and as a `Job changes` sheet since a date).
 */
import type { JobChange } from "../jobs/history/digest";
import type { HistorySettings } from "../jobs/history/settings";
import type { UndoResult } from "../jobs/history/undo";
import type { UndoPreview } from "../jobs/history/undo-preview";

export type { JobChange } from "../jobs/history/digest";
export type { HistorySettings } from "../jobs/history/settings";
export type { UndoResult } from "../jobs/history/undo";

/** The undo's counts, and the sentence that says them. */
export type UndoAnswer = UndoResult & { message: string };
/** What Undo last run would take back, and the question that asks before it does. */
export type UndoQuestion = UndoPreview & { message: string };

export interface HistoryStatus {
  settings: HistorySettings;
  /** History rows it holds now (one per write of up to 40 changed sheet rows; older histories: one per sheet row, or per cell). */
  rows: number;
  /** Said when a run larger than the rows kept is kept whole (settings.ts historyOverLimit). */
  overLimit?: string;
}

export interface JobChangeDigest {
  runId: string;
  /** Every job change of the run; `changes` lists the first 50. */
  count: number;
  changes: JobChange[];
  /** The run was undone since: none of its job changes stand (count 0). */
  undone?: boolean;
}

export interface JobChangesSheet {
  sheetName: string;
  count: number;
  since: string;
  /** The `Job changes` sheet someone edited since the add-on wrote it: left as it is. */
  kept?: string;
}

export interface HistoryMethods {
  historyStatus: { arg: null; result: HistoryStatus };
  historySaveSettings: { arg: HistorySettings; result: HistoryStatus };
  historyUndoPreview: { arg: null; result: UndoQuestion };
  /** `runId`: the run the user was asked about (historyUndoPreview); another latest run is refused. */
  historyUndo: { arg: { runId?: string } | null; result: UndoAnswer };
  historyDigest: { arg: { jobId: string }; result: JobChangeDigest };
  /** `since`: a date, YYYY-MM-DD: from its midnight in the spreadsheet's time zone. */
  historyShowJobChanges: { arg: { since: string }; result: JobChangesSheet };
}
