/**
 * The custom functions' Apps Script side: settings from the (owner's) user properties (the key,
 * caps, and the List fields style), the document cache, the client over UrlFetchApp, and the time
 * budget.
 */

import type { LookupArguments } from "../jobs/lookup/formula";
import { lookupLeadFormula, MESSAGES } from "../jobs/lookup/formula";
import type { CellValue } from "../sheet/cell-value";
import { formulaBudget } from "./formula-budget";
import { appsScriptClock } from "./http";
import { BALANCE_CACHE_KEY, BALANCE_CACHE_SECONDS, documentCache, shelfLock } from "./lookup-cache";
import { connectFormulaClient, hasApiKey, readAccountAgain } from "./settings-client";
import { readSettings } from "./settings-store";

/**
 * A custom function must return within 30 s. No fetch starts after this much of it has passed
 * unless the longest fetch so far would still end in time, leaving the rest to build the rows.
 */
export const FORMULA_BUDGET_MS = 25_000;

/**
 * What every paid formula runs with (=LOOKUP_LEAD, =FIND_EMAIL, =VALIDATE_EMAIL): the owner's
 * settings and client, the document cache and lock, the deadline, the cap and the daily budget.
 */
export function formulaContext() {
  const deadline = appsScriptClock.now() + FORMULA_BUDGET_MS;
  const settings = readSettings();
  return {
    settings,
    connect: () => (hasApiKey(settings) ? connectFormulaClient(settings) : null),
    cache: documentCache(),
    lock: shelfLock(),
    deadline,
    spendCap: settings.spendCap,
    now: () => appsScriptClock.now(),
    sleep: (ms: number) => Utilities.sleep(ms),
    formatTime,
    budget: formulaBudget(settings.formulaBudget),
  };
}

export function lookupLeadCells(args: LookupArguments): CellValue[][] {
  const context = formulaContext();
  return lookupLeadFormula(args, { ...context, lists: context.settings.sheetFormat.lists });
}

/** "14:05" in the spreadsheet's time zone (the script's when there is no active spreadsheet). */
function formatTime(epochMs: number): string {
  try {
    const zone = SpreadsheetApp.getActive()?.getSpreadsheetTimeZone() ?? Session.getScriptTimeZone();
    return Utilities.formatDate(new Date(epochMs), zone, "HH:mm");
  } catch {
    return `${new Date(epochMs).toISOString().slice(11, 16)} UTC`;
  }
}

/**
 * The spendable balance (users/me's balance_platform, PRODUCTION.md A9), cached for a minute
 * unless the refresh argument changed; throws (a formula error) with the next step.
 */
export function creditBalanceCell(refresh?: unknown): number | string {
  const cache = documentCache();
  // Kept with the refresh cell's value: changing that cell must read the balance again.
  const [cached, seen] = (cache.getAll([BALANCE_CACHE_KEY])[BALANCE_CACHE_KEY] ?? "").split("\n");
  if (cached && seen === String(refresh) && Number.isFinite(Number(cached))) return Number(cached);
  const settings = readSettings();
  if (!hasApiKey(settings)) throw new Error(MESSAGES.noKey);
  const account = readAccountAgain(connectFormulaClient(settings));
  // The account read is free: only a refused key is worded for the owner, nothing "may have been charged".
  if (!account.ok)
    throw new Error(MESSAGES.ownerProblem(account.error) ?? `${account.error.message} ${account.error.next}`);
  cache.putAll(
    { [BALANCE_CACHE_KEY]: `${account.value.balance}\n${String(refresh)}` },
    BALANCE_CACHE_SECONDS,
  );
  return account.value.balance;
}
