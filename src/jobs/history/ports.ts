/**
 * What the change history works through. Apps Script implements these in src/gas/history-*.ts
 * (a `Prospecting changes` sheet, document properties, the document lock); tests use in-memory
 * fakes. Nothing here touches an Apps Script global.
 */
import type { Clock } from "../../api/ports";
import type { CellValue } from "../../sheet/cell-value";
import type { Grid, Lock, Store } from "../enrich/ports";

/** A history cell as written: escaped text, or the Time column's date (format.ts). */
export type HistoryCell = CellValue | Date;

/** The history's rows below its header row, 1-based (format.ts: one per write of up to 40 changed sheet rows). */
export interface HistoryTable {
  /** Data rows (0 before the first run wrote any). */
  size(): number;
  /**
   * Appends rows (escaped values; a Date in Time, shown with a date-time format) in one block;
   * makes the sheet with its header on first use.
   */
  append(rows: HistoryCell[][]): void;
  /**
   * Rows first..first+count-1, columns 1..width, as getValues shows them (text without its
   * apostrophe), a date as its ISO text in UTC to the second (sheet-time.ts isoSecond).
   */
  read(first: number, count: number, width: number): string[][];
  /** Deletes rows first..first+count-1. */
  remove(first: number, count: number): void;
  /** Whether the user may write the next rows (Range.canEdit); absent: they may. */
  canAppend?(): boolean;
}

/** A sheet of the document, and its name now. */
export interface NamedGrid {
  grid: Grid;
  name: string;
}

export interface HistoryDeps {
  table: HistoryTable;
  /** Document properties: the history's settings and its keys (signature.ts). */
  store: Store;
  clock: Clock;
  lock: Lock;
  /** Random text for the document's history secret, made once (signature.ts historyKeys). */
  freshSecret(): string;
  /** A sheet of the document by name; null when there is none. */
  gridByName(name: string): Grid | null;
  /** A sheet by its id, wherever it was renamed to; null when there is none. */
  gridById(id: number): NamedGrid | null;
}
