/**
 * Sidebar <-> server methods of the Settings tab. The key itself never travels to the sidebar:
 * only whether one is saved and its masked form.
 */
import type { UserError } from "../rpc";

/** What the Settings tab shows. */
export interface SettingsView {
  hasKey: boolean;
  /** For example "••••1234"; "" when no key is saved. */
  maskedKey: string;
  baseUrl: string;
  baseUrlIsDefault: boolean;
  /** The address a production build talks to when none is saved. */
  defaultBaseUrl: string;
  chunkSize: number;
  spendCap: number;
  maxChunkSize: number;
  maxSpendCap: number;
  /**
   * Credits a day this spreadsheet's formulas may spend of your key (formulas spend the owner's
   * key, whoever types them); null: no daily limit.
   */
  formulaBudget: number | null;
  /** What this spreadsheet's formulas spent today (of the owner's key). */
  formulaSpentToday: number;
  /** Apps Script's URL Fetch calls a day for your Google account (20,000; Workspace 100,000). */
  fetchQuota: number;
  maxFetchQuota: number;
  /** Minutes a day the scheduled refresh's trigger runs may use (Google: 90, Workspace 6 hours). */
  triggerMinutes: number;
  /** What Google allows the account kind the daily web requests tell. */
  maxTriggerMinutes: number;
  /** Companies and Leads sheets' new column headers: readable labels (noted with the field) or API names. */
  headerStyle: "readable" | "api";
  /** List fields (experience, education...) in those sheets: readable text or JSON. */
  listStyle: "readable" | "json";
  /** Enrich, Retry and the scheduled refresh: bulk jobs (auto, current) or lookups (legacy). */
  apiGeneration: "auto" | "current" | "legacy";
  /** Rows per call to the email finder and validator (undocumented limit: small by default). */
  emailRowsPerCall: number;
  maxEmailRowsPerCall: number;
}

/**
 * Changes to save; a field left out stays as it is. `apiKey` accepts the key with or without
 * `Token `; `baseUrl` "" returns to the default address.
 */
export interface SettingsChange {
  apiKey?: string;
  baseUrl?: string;
  chunkSize?: number | string;
  spendCap?: number | string;
  /** Whole credits a day, or "off". */
  formulaBudget?: number | string;
  /** Apps Script's daily URL Fetch quota of your account: 20,000 (consumer) or 100,000 (Workspace). */
  fetchQuota?: number | string;
  /** Trigger minutes a day for scheduled refreshes; "" returns to the account kind's default. */
  triggerMinutes?: number | string;
  headerStyle?: string;
  listStyle?: string;
  apiGeneration?: string;
  /** Rows per call to the email finder and validator, 1 to 100. */
  emailRowsPerCall?: number | string;
}

export type SettingsField = keyof SettingsChange;

/**
 * Saved, or every field's problem (nothing is saved when any field is wrong). A new key is tested
 * first with the free balance call: a key the API refuses (401) is not saved, and the previous
 * key stays; a key that could not be checked (API unreachable, server error) is saved, and
 * `keyCheck` says why it is unchecked. `keyCheck` is there whenever a key was saved.
 */
export type SaveSettingsResult =
  | { saved: true; settings: SettingsView; keyCheck?: ConnectionTest }
  | { saved: false; problems: Partial<Record<SettingsField, string>> };

/**
 * The outcome of "Test connection" (a free call): the spendable balance and what requests in
 * flight have reserved, or the error and its next step. `warning` when connected but lookups will
 * fail anyway (no credits left).
 */
export type ConnectionTest =
  | { ok: true; balance: number; reserved: number; baseUrl: string; warning?: string }
  | { ok: false; error: UserError; baseUrl: string };

export interface SettingsMethods {
  getSettings: { arg: null; result: SettingsView };
  saveSettings: { arg: SettingsChange; result: SaveSettingsResult };
  removeApiKey: { arg: null; result: SettingsView };
  testConnection: { arg: null; result: ConnectionTest };
}
