/**
 * Settings in user properties: the only place the API key is kept. Inside a custom function Apps
 * Script hands over the spreadsheet owner's user properties, so formulas spend the owner's key.
 */
import { MAX_EMAIL_ROWS_PER_CALL } from "../api/emails";
import type { SettingsChange, SettingsField, SettingsView } from "../rpc/settings";
import {
  accountKind,
  type Checked,
  checkApiGeneration,
  checkApiKey,
  checkBaseUrl,
  checkChunkSize,
  checkEmailRowsPerCall,
  checkFetchQuota,
  checkFormulaBudget,
  checkHeaderStyle,
  checkListStyle,
  checkSpendCap,
  checkTriggerMinutes,
  FORMULA_BUDGET_OFF,
  MAX_CHUNK_SIZE,
  MAX_FETCH_QUOTA,
  MAX_SPEND_CAP,
  maskApiKey,
  SETTING_KEYS,
  type Settings,
  settingsFrom,
  TRIGGER_MINUTES_LIMIT,
} from "./settings";

function userProperties(): GoogleAppsScript.Properties.Properties {
  return PropertiesService.getUserProperties();
}

/** Own properties only (a key such as "constructor" must not read Object.prototype's). */
function own(values: Record<string, string>, key: string): string | null {
  return Object.prototype.hasOwnProperty.call(values, key) ? (values[key] ?? null) : null;
}

/**
 * The manifest's urlFetchWhitelist as the build wrote it. A build without it: the default
 * address's origin, and this machine (the sandbox), as the earlier manifests allowed.
 */
export function urlFetchWhitelist(): readonly string[] {
  if (typeof __URL_FETCH_WHITELIST__ !== "undefined") return __URL_FETCH_WHITELIST__;
  const origin = /^https?:\/\/[^/?#]+/i.exec(__API_BASE_URL__)?.[0] ?? __API_BASE_URL__;
  return [`${origin}/`, "http://127.0.0.1:*/", "http://localhost:*/"];
}

/** The current user's settings (the owner's, inside a custom function). */
export function readSettings(): Settings {
  const all = userProperties().getProperties();
  return settingsFrom((key) => own(all, key), __API_BASE_URL__, urlFetchWhitelist());
}

/**
 * What the sidebar may see: never the key, only its masked form. `formulaSpentToday`: what this
 * spreadsheet's formulas spent today (src/gas/formula-budget.ts).
 */
export function toSettingsView(settings: Settings, formulaSpentToday = 0): SettingsView {
  return {
    hasKey: settings.apiKey !== null,
    maskedKey: settings.apiKey === null ? "" : maskApiKey(settings.apiKey),
    baseUrl: settings.baseUrl,
    baseUrlIsDefault: settings.baseUrlIsDefault,
    defaultBaseUrl: __API_BASE_URL__,
    chunkSize: settings.chunkSize,
    spendCap: settings.spendCap,
    maxChunkSize: MAX_CHUNK_SIZE,
    maxSpendCap: MAX_SPEND_CAP,
    formulaBudget: settings.formulaBudget,
    formulaSpentToday,
    fetchQuota: settings.fetchQuota,
    maxFetchQuota: MAX_FETCH_QUOTA,
    triggerMinutes: settings.triggerMinutes,
    maxTriggerMinutes: TRIGGER_MINUTES_LIMIT[accountKind(settings.fetchQuota)],
    headerStyle: settings.sheetFormat.headers,
    listStyle: settings.sheetFormat.lists,
    apiGeneration: settings.apiGeneration,
    emailRowsPerCall: settings.emailRowsPerCall,
    maxEmailRowsPerCall: MAX_EMAIL_ROWS_PER_CALL,
  };
}

/** User property -> its new text, or null to delete it (back to the default). */
export type SettingsUpdates = Record<string, string | null>;

export type CheckedChange =
  | { ok: true; updates: SettingsUpdates }
  | { ok: false; problems: Partial<Record<SettingsField, string>> };

/** Every field of `change` checked: the property updates when all are valid, else the problems by field. */
export function checkSettingsChange(change: SettingsChange): CheckedChange {
  const problems: Partial<Record<SettingsField, string>> = {};
  const updates: SettingsUpdates = {};
  const take = <T>(field: SettingsField, checked: Checked<T>, key: string, text: (v: T) => string) => {
    if (checked.ok) updates[key] = text(checked.value);
    else problems[field] = checked.message;
  };
  if (change.apiKey !== undefined)
    take("apiKey", checkApiKey(String(change.apiKey)), SETTING_KEYS.apiKey, String);
  if (change.baseUrl !== undefined) {
    const baseUrl = String(change.baseUrl);
    if (baseUrl.trim() === "") updates[SETTING_KEYS.baseUrl] = null;
    else take("baseUrl", checkBaseUrl(baseUrl, urlFetchWhitelist()), SETTING_KEYS.baseUrl, String);
  }
  if (change.chunkSize !== undefined) {
    take("chunkSize", checkChunkSize(change.chunkSize), SETTING_KEYS.chunkSize, String);
  }
  if (change.spendCap !== undefined) {
    take("spendCap", checkSpendCap(change.spendCap), SETTING_KEYS.spendCap, String);
  }
  if (change.formulaBudget !== undefined) {
    take("formulaBudget", checkFormulaBudget(change.formulaBudget), SETTING_KEYS.formulaBudget, (v) =>
      v === null ? FORMULA_BUDGET_OFF : String(v),
    );
  }
  if (change.fetchQuota !== undefined) {
    take("fetchQuota", checkFetchQuota(change.fetchQuota), SETTING_KEYS.fetchQuota, String);
  }
  if (change.triggerMinutes !== undefined) {
    const minutes = String(change.triggerMinutes).trim();
    // Checked against the account kind being saved with it, else the saved one.
    const quota = checkFetchQuota(change.fetchQuota ?? readSettings().fetchQuota);
    if (minutes === "") updates[SETTING_KEYS.triggerMinutes] = null;
    else
      take(
        "triggerMinutes",
        checkTriggerMinutes(minutes, quota.ok ? quota.value : readSettings().fetchQuota),
        SETTING_KEYS.triggerMinutes,
        String,
      );
  }
  if (change.headerStyle !== undefined) {
    take("headerStyle", checkHeaderStyle(change.headerStyle), SETTING_KEYS.sheetHeaders, String);
  }
  if (change.listStyle !== undefined) {
    take("listStyle", checkListStyle(change.listStyle), SETTING_KEYS.listCells, String);
  }
  if (change.emailRowsPerCall !== undefined) {
    take(
      "emailRowsPerCall",
      checkEmailRowsPerCall(change.emailRowsPerCall),
      SETTING_KEYS.emailRowsPerCall,
      String,
    );
  }
  if (change.apiGeneration !== undefined) {
    take("apiGeneration", checkApiGeneration(change.apiGeneration), SETTING_KEYS.apiGeneration, String);
  }
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, updates };
}

/** The settings as they would be with `updates` saved (to test a key before keeping it). */
export function settingsWith(updates: SettingsUpdates): Settings {
  const all = userProperties().getProperties();
  return settingsFrom(
    (key) => (Object.prototype.hasOwnProperty.call(updates, key) ? (updates[key] ?? null) : own(all, key)),
    __API_BASE_URL__,
    urlFetchWhitelist(),
  );
}

/** Saves checked updates at once. */
export function saveSettingsUpdates(updates: SettingsUpdates): void {
  const store = userProperties();
  const toSet: Record<string, string> = {};
  for (const [key, value] of Object.entries(updates)) {
    if (value === null) store.deleteProperty(key);
    else toSet[key] = value;
  }
  if (Object.keys(toSet).length > 0) store.setProperties(toSet);
}

export function removeSavedApiKey(): void {
  userProperties().deleteProperty(SETTING_KEYS.apiKey);
}

/**
 * Remembers that a bulk answer from `baseUrl` named a company website: Work email under API
 * generation `auto` may then take bulk jobs (src/jobs/enrich/bulk/decide.ts). Production's pages
 * disagree on whether the bulk lead carries one (PRODUCTION.md A19), so it is learned from an
 * answer, per address: a user who moves to another address starts over.
 */
export function noteBulkWebsites(baseUrl: string): void {
  try {
    userProperties().setProperty(SETTING_KEYS.bulkWebsitesSeen, baseUrl);
  } catch {
    // The properties' quota (G1): a later run learns it again; nothing else depends on it.
  }
}
