/**
 * The Credits tab's server methods. The work is src/jobs/credits/'s; here come the settings, the
 * client over UrlFetchApp, the Transactions sheet and the document lock.
 */
import type { ApiError } from "../api/errors";
import { exportTransactions } from "../jobs/credits/export";
import { listTransactionPage, pageBounds } from "../jobs/credits/list";
import { creditsOverview } from "../jobs/credits/overview";
import type { TransactionClient } from "../jobs/credits/ports";
import type { RpcHandlers, UserError } from "../rpc";
import type { CreditsExportRequest, CreditsListRequest, TransactionFilterForm } from "../rpc/credits";
import { transactionsSheet } from "./credits-sheet";
import { appsScriptClock } from "./http";
import { documentLock } from "./lock";
import { connectClient, hasApiKey } from "./settings-client";
import { readSettings } from "./settings-store";

const NO_KEY: UserError = {
  kind: "auth",
  message: "No API key is saved yet.",
  next: "Open Settings, paste your API key and press Save.",
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

function client(): TransactionClient | null {
  const settings = readSettings();
  return hasApiKey(settings) ? connectClient(settings) : null;
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

function exportToSheet(arg: CreditsExportRequest) {
  const api = client();
  if (!api) return { status: "failed" as const, error: NO_KEY, problems: {} };
  const lock = documentLock();
  if (!lock.tryAcquire(10_000)) return { status: "failed" as const, error: BUSY, problems: {} };
  const started = appsScriptClock.now();
  try {
    const replace = (Object(arg) as { replace?: unknown }).replace === true;
    const deps = { client: api, sheet: transactionsSheet(), clock: appsScriptClock };
    const result = exportTransactions(deps, filtersOf(arg), { replace });
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
