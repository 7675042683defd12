/**
 * The API client for the saved settings, over UrlFetchApp. Used by the formulas, the Settings
 * tab's connection test and enrichment alike, so every part speaks to the API the same way.
 */
import { type Client, createClient } from "../api/client";
import type { Result } from "../api/request";
import type { WireNames } from "../api/wire-names";
import { appsScriptClock, createUrlFetchHttp } from "./http";
import type { Settings } from "./settings";
import { readSettings } from "./settings-store";

export type ConnectedSettings = Settings & { apiKey: string };

export function hasApiKey(settings: Settings): settings is ConnectedSettings {
  return settings.apiKey !== null;
}

/** The names the add-on was built with for production's paths and keys (scripts/build.ts). */
const BUILT_WIRE_NAMES: WireNames = { network: __API_NETWORK_NAME__, companyDb: __API_COMPANY_DB_NAME__ };

export function connectClient(settings: ConnectedSettings): Client {
  return createClient({
    wireNames: BUILT_WIRE_NAMES,
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    http: createUrlFetchHttp(settings.fetchQuota),
    clock: appsScriptClock,
    chunkSize: settings.chunkSize,
  });
}

/** A balance as an estimate shows it next to the cost: the number, or why it could not be read. */
export interface BalanceView {
  balance: number | null;
  balanceError: string | null;
}

export function balanceView(result: Result<number | null>): BalanceView {
  return result.ok
    ? { balance: result.value, balanceError: null }
    : { balance: null, balanceError: `${result.error.message} ${result.error.next}` };
}

/** The saved key's balance for an estimate (free: the transaction list with limit 1). */
export function savedKeyBalance(): BalanceView {
  const settings = readSettings();
  if (!hasApiKey(settings)) return { balance: null, balanceError: "No API key is saved yet: open Settings." };
  return balanceView(connectClient(settings).balance());
}
