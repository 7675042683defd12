/**
 * The Credits tab's server methods. The work is src/jobs/credits/'s; here come the settings, the
 * client over UrlFetchApp, the Transactions sheet and the document lock.
 */
import type { ApiError } from "../api/errors";
import { exportTransactions } from "../jobs/credits/export";
import { listTransactionPage, pageBounds } from "../jobs/credits/list";
import { creditsOverview } from "../jobs/credits/overview";
import type { TransactionClient } from "../jobs/credits/ports";
import { retryingReads } from "../jobs/credits/retrying-reads";
import type { RpcHandlers, UserError } from "../rpc";
import type { CreditsExportRequest, CreditsListRequest, TransactionFilterForm } from "../rpc/credits";
import { exportRecords, TRANSACTIONS_SHEET, transactionsSheet } from "./credits-sheet";
import { appsScriptClock } from "./http";
import { activeUser } from "./job-owner";
import { documentLock } from "./lock";
import { connectClient, hasApiKey } from "./settings-client";
import { readSettings } from "./settings-store";

/**
 * Keys are per user (user properties): an editor of a shared spreadsheet has none until they save
 * their own, and the owner's is never used for them here, though the owner's formulas are.
 */
const NO_KEY: UserError = {
  kind: "auth",
  message: "No API key is saved for you, so there is no account to show.",
  next: "API keys are kept per user (another editor's key is never used for you here): open Settings, paste your own API key and press Save. Formulas such as =CREDIT_BALANCE() run with the spreadsheet owner's key.",
};

const BUSY: UserError = {
  kind: "busy",
  message: "Another export or enrichment run is writing to this spreadsheet.",
  next: "Wait until it finishes, then export again.",
};

/** The API's error for the sidebar: the server's hint joins the message (never for auth). */
function userErrorOf(error: ApiError): UserError {
  const detail = error.hint && error.kind !== "auth" ? ` (${error.hint})` : "";
  return { kind: error.kind, message: `${error.message}${detail}`, next: error.next };
}

/** The user's own key's client (null without one); every read sent again after a transient failure. */
function client(): TransactionClient | null {
  const settings = readSettings();
  return hasApiKey(settings) ? retryingReads(connectClient(settings), appsScriptClock) : null;
}

/** google.script.run carries whatever the sidebar gave: anything but an object filters nothing. */
function filtersOf(arg: unknown): TransactionFilterForm {
  const filters = (Object(arg) as { filters?: unknown }).filters;
  return filters !== null && typeof filters === "object" ? (filters as TransactionFilterForm) : {};
}

function summary() {
  const spendCap = readSettings().spendCap;
  const api = client();
  if (!api) return { ok: false as const, error: NO_KEY, spendCap };
  const result = creditsOverview(api, appsScriptClock);
  if (!result.ok) return { ok: false as const, error: userErrorOf(result.error), spendCap };
  const { balance, reserved, spending } = result.value;
  return {
    ok: true as const,
    balance,
    reserved,
    spentLastDay: spending.lastDay,
    spentLastWeek: spending.lastWeek,
    pendingLastWeek: spending.pendingLastWeek,
    spendingComplete: spending.complete,
    spendingError: spending.error && !spending.complete ? userErrorOf(spending.error) : null,
    spendCap,
  };
}

function list(arg: CreditsListRequest) {
  const api = client();
  if (!api) return { ok: false as const, error: NO_KEY, problems: {} };
  const page = pageBounds(Object(arg).limit, Object(arg).offset);
  const result = listTransactionPage(api, filtersOf(arg), page);
  if (result.status === "ok") return { ok: true as const, page: result.page };
  if (result.status === "invalid") {
    return {
      ok: false as const,
      error: { kind: "validation", message: "Fix the filters marked below: nothing was sent." },
      problems: result.problems,
    };
  }
  return { ok: false as const, error: userErrorOf(result.error), problems: {} };
}

/**
 * An editor without a key of their own: keys are per user, so the owner's is not used for them.
 * Said with whose transactions the sheet lists now, so nobody takes them for their own.
 */
function noKeyForExport(): UserError {
  const listed = exportRecords().read();
  const sheet = listed
    ? ` The ${TRANSACTIONS_SHEET} sheet stays as it is: it lists the transactions of ${listed.account}, exported by ${listed.by} on ${listed.at}.`
    : "";
  return {
    kind: "auth",
    message: `No API key is saved for you, so there is no account to export.${sheet}`,
    next: "API keys are kept per user (another editor's key is never used for you): open Settings, paste your own API key and press Save. The export then lists your key's account.",
  };
}

function exportToSheet(arg: CreditsExportRequest) {
  const api = client();
  if (!api) return { status: "failed" as const, error: noKeyForExport(), problems: {} };
  const lock = documentLock();
  if (!lock.tryAcquire(10_000)) return { status: "failed" as const, error: BUSY, problems: {} };
  const started = appsScriptClock.now();
  try {
    const flags = Object(arg) as { replace?: unknown; dropNotes?: unknown };
    const deps = {
      client: api,
      sheet: transactionsSheet(),
      records: exportRecords(),
      exporter: activeUser().label,
      clock: appsScriptClock,
    };
    const result = exportTransactions(deps, filtersOf(arg), {
      replace: flags.replace === true,
      dropNotes: flags.dropNotes === true,
    });
    switch (result.status) {
      case "done":
        return { ...result, seconds: Math.round((appsScriptClock.now() - started) / 100) / 10 };
      case "confirm":
        return result;
      case "unwritten":
        return {
          status: "failed" as const,
          error: { kind: "sheet", message: result.message, next: result.next },
          problems: {},
        };
      case "invalid":
        return {
          status: "failed" as const,
          error: { kind: "validation", message: "Fix the filters marked below: nothing was sent." },
          problems: result.problems,
        };
      default:
        return { status: "failed" as const, error: userErrorOf(result.error), problems: {} };
    }
  } finally {
    lock.release();
  }
}

export const creditsHandlers: Pick<RpcHandlers, "creditsSummary" | "creditsList" | "creditsExport"> = {
  creditsSummary: summary,
  creditsList: list,
  creditsExport: exportToSheet,
};
