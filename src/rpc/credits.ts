/**
 * Sidebar <-> server methods of the Credits tab: the balance and recent spending, one page of the
 * transaction list with every filter of the spec, and the export to a "Transactions" sheet. All
 * of them are free (the transaction list costs no credits). Filter problems come back per field.
 */

import type { ExportResult } from "../jobs/credits/export";
import type { FilterProblems, TransactionFilterForm } from "../jobs/credits/filters";
import type { TransactionPageView } from "../jobs/credits/list";
import type { UserError } from "../rpc";

export type {
  FieldProblem,
  FilterEntry,
  FilterField,
  FilterProblems,
  TransactionFilterForm,
} from "../jobs/credits/filters";
export type { TransactionPageView } from "../jobs/credits/list";
export type { TransactionRow } from "../jobs/credits/rows";

export type CreditsSummary =
  | {
      ok: true;
      /** The spendable balance (users/me's balance_platform). */
      balance: number;
      /** Credits reserved for requests still in flight (blocked_balance_platform). */
      reserved: number;
      /** Credits charged in the last 24 hours and 7 days; "at least" when incomplete. */
      spentLastDay: number;
      spentLastWeek: number;
      /** Charges of the last 7 days still pending (in flight): left out of the sums above. */
      pendingLastWeek: number;
      spendingComplete: boolean;
      /** Why the spending is incomplete (null when complete): shown instead of a partial figure. */
      spendingError: UserError | null;
      /** Settings' spend cap per run. */
      spendCap: number;
    }
  | { ok: false; error: UserError; spendCap: number };

export interface CreditsListRequest {
  filters: TransactionFilterForm;
  limit: number;
  offset: number;
}

export type CreditsListResult =
  | { ok: true; page: TransactionPageView }
  | { ok: false; error: UserError; problems: FilterProblems };

export interface CreditsExportRequest {
  filters: TransactionFilterForm;
  /** True once the user agreed to replace a Transactions sheet that holds data. */
  replace: boolean;
  /** True once the user agreed to drop values of their own columns whose transaction is left out. */
  dropNotes?: boolean;
}

export type { ExportRecord } from "../jobs/credits/ports";

/**
 * The export's answer: done (with how long it took, whose account it listed and whose export it
 * replaced), a question to ask first (src/jobs/credits/export.ts says which), or a failure.
 */
export type CreditsExportResult =
  | (Extract<ExportResult, { status: "done" }> & { seconds: number })
  | Extract<ExportResult, { status: "confirm" }>
  | { status: "failed"; error: UserError; problems: FilterProblems };

export interface CreditsMethods {
  creditsSummary: { arg: null; result: CreditsSummary };
  creditsList: { arg: CreditsListRequest; result: CreditsListResult };
  creditsExport: { arg: CreditsExportRequest; result: CreditsExportResult };
}
