/** The ports the Credits work goes through; src/gas/ implements them over Apps Script. */
import type { Client } from "../../api/client";
import type { Clock } from "../../api/ports";
import type { GridValue } from "../enrich/ports";
import type { SheetRoom } from "../paid-rows";

/** The part of the API client the Credits tab uses (all of it free). */
export type TransactionClient = Pick<Client, "listTransactions" | "listAllTransactions" | "account">;

/** The sheet transactions are exported to. */
export interface TransactionsSheet {
  readonly name: string;
  /** Rows holding anything; 0 when the sheet does not exist yet. */
  usedRows(): number;
  /** The room an export of `rows` rows (the header included) needs in the spreadsheet, and has. */
  room?(rows: number): SheetRoom;
  /**
   * Puts `values` in place of the sheet's content in one write (what the old content had beyond
   * them is blanked), or into a new sheet when there is none. The sheet itself stays, so what
   * points at it keeps working. Throws when the sheet could not take them: then it is as it was.
   */
  replace(values: GridValue[][]): void;
  /** Freezes the header row and brings the written sheet to the front. */
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
}
