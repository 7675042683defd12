/**
 * The daily formula budget's Apps Script side: the count in the document cache (which custom
 * functions may write, unlike the owner's user properties), the document lock, and today's date
 * in the spreadsheet's time zone. See src/jobs/formula-budget/budget.ts for why and its limits.
 */
import { type CountStore, dailyBudget, type FormulaBudget, spentOn } from "../jobs/formula-budget/budget";
import { appsScriptClock } from "./http";
import { documentLock } from "./lock";

function countStore(): CountStore {
  const cache = CacheService.getDocumentCache();
  return {
    get: (key) => {
      try {
        return cache?.get(key) ?? null;
      } catch {
        return null;
      }
    },
    put: (key, value, ttlSeconds) => {
      try {
        cache?.put(key, value, ttlSeconds);
      } catch {
        // Not counted: the cache refused; the spend cap per run still holds.
      }
    },
  };
}

/** yyyy-MM-dd in the spreadsheet's time zone (UTC when there is none). */
function today(): string {
  const now = new Date(appsScriptClock.now());
  try {
    const zone = SpreadsheetApp.getActive()?.getSpreadsheetTimeZone() ?? Session.getScriptTimeZone();
    return Utilities.formatDate(now, zone, "yyyy-MM-dd");
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** This spreadsheet's formula budget for today, `limit` credits (null: none). */
export function formulaBudget(limit: number | null): FormulaBudget {
  return dailyBudget(limit, today(), countStore(), documentLock());
}

/** What this spreadsheet's formulas spent today, as counted. */
export function formulaSpentToday(): number {
  return spentOn(countStore(), today());
}
