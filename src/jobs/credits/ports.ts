/** The ports the Credits work goes through; src/gas/ implements them over Apps Script. */
import type { Client } from "../../api/client";
import type { Clock } from "../../api/ports";
import type { GridValue } from "../enrich/ports";
import type { SheetRoom } from "../paid-rows";
import type { CurrentSheet } from "./sheet-plan";

/** The part of the API client the Credits tab uses (all of it free). */
export type TransactionClient = Pick<Client, "listTransactions" | "listAllTransactions" | "account">;

/** The sheet transactions are exported to. */
export interface TransactionsSheet {
  readonly name: string;
  /** Rows holding anything; 0 when the sheet does not exist yet. */
  usedRows(): number;
  /**
   * What the sheet holds now, read at the moment of asking (the user may edit it while pages are
   * fetched); null when there is no such sheet or it is empty.
   */
  current(): CurrentSheet | null;
  /** The room an export of `rows` rows (the header included) needs in the spreadsheet, and has. */
  room?(rows: number): SheetRoom;
  /**
   * Writes `values` from A1 in one write, into a new sheet when there is none. The sheet itself
   * stays, so what points at it keeps working. Throws when the sheet could not take them: then it
   * is as it was.
   */
  write(values: GridValue[][]): void;
  /**
   * Freezes the header row, puts `note` (whose account the export lists) on the header's first
   * cell and brings the written sheet to the front.
   */
  finish(note: string): void;
}

/** Whose transactions the sheet lists: the last export's own record (document properties). */
export interface ExportRecord {
  /** The account whose key listed them: its email as users/me says it, or a description. */
  account: string;
  /** Who exported (their address when Apps Script gives it, else "another editor"). */
  by: string;
  /** When, as "Nov 25, 2026, 10:02 UTC". */
  at: string;
  /** How many transactions. */
  rows: number;
}

export interface ExportRecords {
  read(): ExportRecord | null;
  write(record: ExportRecord): void;
}

export interface ExportDeps {
  client: TransactionClient;
  sheet: TransactionsSheet;
  records: ExportRecords;
  /** The user exporting, as others see them. */
  exporter: string;
  clock: Clock;
  /** Milliseconds the fetching may take; the rest of the execution is left for writing. */
  fetchBudgetMs?: number;
  /** The most transactions one export writes (default MAX_EXPORT_ROWS). */
  maxRows?: number;
}
