/** The ports the Credits work goes through; src/gas/ implements them over Apps Script. */
import type { Client } from "../../api/client";
import type { Clock } from "../../api/ports";
import type { Grid } from "../enrich/ports";

/** The part of the API client the Credits tab uses (all of it free). */
export type TransactionClient = Pick<Client, "listTransactions" | "listAllTransactions" | "balance">;

/** The sheet transactions are exported to. */
export interface TransactionsSheet {
  readonly name: string;
  /** Rows holding anything; 0 when the sheet does not exist yet. */
  usedRows(): number;
  /** Creates the sheet when missing, empties it, and hands over its grid for block writes. */
  reset(): Grid;
  /** Freezes the header row and brings the sheet to the front. */
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
