/**
 * The API client for the saved settings, over UrlFetchApp. Used by the formulas, the Settings
 * tab's connection test and enrichment alike, so every part speaks to the API the same way.
 */
import type { AccountState } from "../api/account";
import { type Client, createClient } from "../api/client";
import { type ClientConfig, createFormulaClient, type FormulaClient } from "../api/client-core";
import type { Result } from "../api/request";
import type { WireNames } from "../api/wire-names";
import { readAgain } from "../jobs/credits/retrying-reads";
import { appsScriptClock, createUrlFetchHttp } from "./http";
import type { Settings } from "./settings";
import { readSettings } from "./settings-store";

export type ConnectedSettings = Settings & { apiKey: string };

export function hasApiKey(settings: Settings): settings is ConnectedSettings {
  return settings.apiKey !== null;
}

/** The names the add-on was built with for production's paths and keys (scripts/build.ts). */
const BUILT_WIRE_NAMES: WireNames = { network: __API_NETWORK_NAME__, companyDb: __API_COMPANY_DB_NAME__ };

function clientConfig(settings: ConnectedSettings): ClientConfig {
  return {
    wireNames: BUILT_WIRE_NAMES,
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    http: createUrlFetchHttp(settings.fetchQuota),
    clock: appsScriptClock,
    chunkSize: settings.chunkSize,
    // Every email call (Emails, Enrich's Work email, the Leads tab, the formulas) goes through here.
    emailRowsPerCall: settings.emailRowsPerCall,
  };
}

export function connectClient(settings: ConnectedSettings): Client {
  return createClient(clientConfig(settings));
}

/**
 * The formulas' client: the same connection, with only the calls a custom function makes, so
 * dist/Code.js (loaded by every formula cell) carries none of the rest (api/client-core.ts).
 */
export function connectFormulaClient(settings: ConnectedSettings): FormulaClient {
  return createFormulaClient(clientConfig(settings));
}

/** A balance as an estimate shows it next to the cost: the number, or why it could not be read. */
export interface BalanceView {
  balance: number | null;
  balanceError: string | null;
}

export function balanceView(result: Result<AccountState>): BalanceView {
  return result.ok
    ? { balance: result.value.balance, balanceError: null }
    : { balance: null, balanceError: `${result.error.message} ${result.error.next}` };
}

/** An estimate's reading of the account: the balance as shown, and the account (null when unread). */
export interface AccountReading {
  view: BalanceView;
  account: AccountState | null;
}

/**
 * users/me (free), asked again after a throttled, failed or cut-off answer, as the Credits tab's
 * reads are: one passing fault must not blank a balance, an estimate or a formula's cell.
 */
export function readAccountAgain(client: Pick<FormulaClient, "account">): Result<AccountState> {
  return readAgain(appsScriptClock, () => client.account());
}

export function accountReading(client: Pick<FormulaClient, "account">): AccountReading {
  const result = readAccountAgain(client);
  return { view: balanceView(result), account: result.ok ? result.value : null };
}

/** The account, or null when it could not be read (a run then goes by its settings alone). */
export function accountOrNull(client: Pick<FormulaClient, "account">): AccountState | null {
  const account = readAccountAgain(client);
  return account.ok ? account.value : null;
}

/** The saved key's account for an estimate (free: GET /api/auth/users/me/, PRODUCTION.md A9). */
export function savedKeyAccount(): AccountReading {
  const settings = readSettings();
  if (!hasApiKey(settings)) {
    return {
      view: { balance: null, balanceError: "No API key is saved yet: open Settings." },
      account: null,
    };
  }
  return accountReading(connectClient(settings));
}

/** The saved key's spendable balance for an estimate. */
export function savedKeyBalance(): BalanceView {
  return savedKeyAccount().view;
}
