/** The ports the Credits work goes through; src/gas/ implements them over Apps Script. */
import type { Client } from "../../api/client";
import type { Clock } from "../../api/ports";
import type { Grid } from "../enrich/ports";
import type { SheetRoom } from "../paid-rows";

/** The part of the API client the Credits tab uses (all of it free). */
export type TransactionClient = Pick<Client, "listTransactions" | "listAllTransactions" | "balance">;

/** The sheet transactions are exported to. */
export interface TransactionsSheet {
  readonly name: string;
  /** Rows holding anything; 0 when the sheet does not exist yet. */
  usedRows(): number;
  /** The room `rows` rows of the export need in the spreadsheet, and have. */
  room?(rows: number): SheetRoom;
  /**
   * Hands over the grid the export is written to: a new sheet, so the previous export stays whole
   * until `finish` swaps the new one in.
   */
  reset(): Grid;
  /** Freezes the header row, puts the written sheet in the old one's place, brings it to the front. */
  finish(): void;
}

export interface ExportDeps {
  client: TransactionClient;
  sheet: TransactionsSheet;
  clock: Clock;
  /** Milliseconds the fetching may take; the rest of the execution is left for writing. */
  fetchBudgetMs?: number;
  /** The most transactions one export writes (default MAX_EXPORT_ROWS). */
  maxRows?: number;
  /** Rows per setValues call. */
  blockRows?: number;
}
