/**
 * What the change history works through. Apps Script implements these in src/gas/history-*.ts
 * (a `Prospecting changes` sheet, document properties, the document lock); tests use in-memory
 * fakes. Nothing here touches an Apps Script global.
 */
import type { Clock } from "../../api/ports";
import type { CellValue } from "../../sheet/cell-value";
import type { Grid, Lock, Store } from "../enrich/ports";

/** The history's rows below its header row, 1-based; each row is one changed cell. */
export interface HistoryTable {
  /** Data rows (0 before the first run wrote any). */
  size(): number;
  /** Appends rows (escaped values) in one block; makes the sheet with its header on first use. */
  append(rows: CellValue[][]): void;
  /** Rows first..first+count-1, columns 1..width, as getValues shows them (text without its apostrophe). */
  read(first: number, count: number, width: number): string[][];
  /** Deletes rows first..first+count-1. */
  remove(first: number, count: number): void;
}

export interface HistoryDeps {
  table: HistoryTable;
  /** Document properties: the history's settings. */
  store: Store;
  clock: Clock;
  lock: Lock;
  /** A sheet of the document by name; null when there is none. */
  gridByName(name: string): Grid | null;
}
