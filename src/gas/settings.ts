/**
 * The add-on's settings: what they are, their defaults and how typed input is checked. Pure (no
 * Apps Script globals), so the rules are unit-tested; settings-store.ts reads and writes them in
 * user properties.
 *
 * The API key is a secret: it lives only in user properties, and everything leaving the server
 * (the sidebar's view, errors) carries its masked form at most.
 */

import { EMAIL_ROWS_PER_CALL, MAX_EMAIL_ROWS_PER_CALL } from "../api/emails";
import type { HeaderStyle } from "../sheet/field-labels";
import { DEFAULT_SHEET_FORMAT, type ListStyle, type SheetFormat } from "../sheet/sheet-format";

/** User property names (shared contract: helper F's enrichment reads the same). */
export const SETTING_KEYS = {
  apiKey: "API_KEY",
  baseUrl: "API_BASE_URL",
  chunkSize: "CHUNK_SIZE",
  spendCap: "SPEND_CAP",
  formulaBudget: "FORMULA_DAILY_CREDITS",
  fetchQuota: "URL_FETCH_QUOTA",
  triggerMinutes: "TRIGGER_MINUTES_PER_DAY",
  sheetHeaders: "SHEET_HEADERS",
  listCells: "LIST_CELLS",
  apiGeneration: "API_GENERATION",
  emailRowsPerCall: "EMAIL_ROWS_PER_CALL",
  /** Not a choice: the API address on which a bulk answer named a company website (noteBulkWebsites, src/gas/settings-store.ts). */
  bulkWebsitesSeen: "BULK_WEBSITES_SEEN",
} as const;

/**
 * Which generation of the API batch refresh speaks (PRODUCTION.md A19): `auto` bulk jobs, falling
 * back to lookups when the plan is not entitled; `current` bulk jobs only; `legacy` lookups only.
 */
export const API_GENERATIONS = ["auto", "current", "legacy"] as const;
export type ApiGenerationSetting = (typeof API_GENERATIONS)[number];

/** Lead lookup's parallel limit (spec, Limits): no chunk may hold more. */
export const MAX_CHUNK_SIZE = 500;
/** One parallel fetch for a whole range up to the spec's limit; lower it if the key is throttled. */
export const DEFAULT_CHUNK_SIZE = 500;
/** Credits one run (a formula's execution, an enrichment run) may spend before it stops. */
export const DEFAULT_SPEND_CAP = 500;
export const MAX_SPEND_CAP = 1_000_000;
/**
 * Credits the formulas of one spreadsheet may spend of the owner's key in a day (issue 12.5):
 * formulas run with the owner's key whoever types them, and the spend cap holds per execution
 * only. Small by default; "off" (saved as that word) lifts it.
 */
export const DEFAULT_FORMULA_BUDGET = 100;
/**
 * Apps Script's daily URL Fetch quota (PRODUCTION.md G1): 20,000 calls a day for consumer
 * accounts, 100,000 for Workspace. Google does not tell a script which applies, so it is a setting.
 */
export const DEFAULT_FETCH_QUOTA = 20_000;
export const MAX_FETCH_QUOTA = 100_000;
/**
 * Apps Script lets all of a user's triggers run 90 minutes a day (consumer accounts) or 6 hours
 * (Workspace), then fails them until the next day (PRODUCTION.md G10). The account kind is the one
 * the daily web requests setting already tells (100,000 requests: Workspace). The add-on's own
 * daily budget for its scheduled runs defaults to two thirds of the kind's limit, leaving room for
 * the user's other triggers and for a run's last request.
 */
export const TRIGGER_MINUTES_LIMIT = { consumer: 90, workspace: 360 } as const;
export const DEFAULT_TRIGGER_MINUTES = { consumer: 60, workspace: 240 } as const;

/** The account kind the daily web requests setting tells. */
export function accountKind(fetchQuota: number): "consumer" | "workspace" {
  return fetchQuota > DEFAULT_FETCH_QUOTA ? "workspace" : "consumer";
}
export const FORMULA_BUDGET_OFF = "off";

export interface Settings {
  /** The bare key (no `Token ` prefix), or null when none is saved. */
  apiKey: string | null;
  baseUrl: string;
  /** True when no base URL is saved and the build's default applies. */
  baseUrlIsDefault: boolean;
  chunkSize: number;
  spendCap: number;
  /** Credits a day per spreadsheet for formulas; null: no daily limit ("off"). */
  formulaBudget: number | null;
  /** URL Fetch calls Apps Script allows this user a day (20,000 consumer, 100,000 Workspace). */
  fetchQuota: number;
  /** Minutes a day the scheduled refresh's trigger runs may use (G10); default by account kind. */
  triggerMinutes: number;
  /** How the Companies and Leads sheets are written: readable headers and lists, or the API's forms. */
  sheetFormat: SheetFormat;
  /** Bulk jobs or lookups for Enrich, Retry and the scheduled refresh (API_GENERATIONS). */
  apiGeneration: ApiGenerationSetting;
  /**
   * Rows one call to the email finder or validator carries (Emails, Enrich's Work email, the Leads
   * tab's emails, =FIND_EMAIL, =VALIDATE_EMAIL). Production does not document a limit, and a call
   * that fails after sending puts all its rows' credits at stake: small by default.
   */
  emailRowsPerCall: number;
  /** A bulk answer from this address has named a company website (noteBulkWebsites in src/gas/settings-store.ts). */
  bulkWebsitesSeen?: boolean;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** Quotes a key picks up when copied from code or a chat: straight, curly or back quotes. */
const EDGE_QUOTES = /^["'`\u2018\u2019\u201c\u201d]+|["'`\u2018\u2019\u201c\u201d]+$/g;

/**
 * Characters that cannot be seen and that web pages, chats and editors copy with text: zero-width
 * spaces and joiners, direction marks, the word joiner, the byte-order mark, soft hyphens. A key
 * never has them, and a user who pastes it again pastes them again.
 */
const INVISIBLE = /[\u00ad\u200b-\u200f\u2060-\u2064\ufeff]/g;

/**
 * The key without what is pasted around it: whitespace, invisible characters, quotes, a header
 * name (`Authorization: `, copied from a curl line) and a scheme word (`Token `, as the API wants
 * it, or `Bearer `, as many other APIs do); the add-on adds `Token ` itself.
 */
function bareKey(input: string): string {
  const unquoted = input.replace(INVISIBLE, "").trim().replace(EDGE_QUOTES, "").trim();
  return unquoted
    .replace(/^authorization\s*:\s*/i, "")
    .replace(/^(?:token|bearer)(?:\s+|$)/i, "")
    .replace(EDGE_QUOTES, "")
    .trim();
}

/** Users paste the key with or without the scheme word; it is stored bare. */
export function checkApiKey(input: string): Checked<string> {
  const key = bareKey(input);
  if (key === "") return { ok: false, message: "Paste your API key (with or without 'Token ')." };
  if (/\s/.test(key)) return { ok: false, message: "The API key cannot contain spaces or line breaks." };
  if (!/^[\x21-\x7e]+$/.test(key)) {
    return { ok: false, message: "The API key has characters a key never has: paste it again." };
  }
  if (key.length > 256) return { ok: false, message: "That is too long for an API key: paste only the key." };
  return { ok: true, value: key };
}

/** What the sidebar may see of a key: its last four characters, and only when that hides most of it. */
export function maskApiKey(key: string): string {
  const dots = "\u2022\u2022\u2022\u2022";
  return key.length >= 12 ? `${dots}${key.slice(-4)}` : dots;
}

const LOCAL_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;
/**
 * Scheme, host (no user-info: `@`, `%` and `\` are refused, so `https://api.example@evil.example`
 * cannot pass for api.example), optional port and path prefix.
 */
const BASE_URL_SHAPE = /^(https?):\/\/([^/?#\s:@%\\]+|\[[^\]\s@]+\])(:\d{1,5})?(\/[^?#\s@\\]*)?$/i;

/** A urlFetchWhitelist prefix as a pattern: `*` stands for one part of a host or a port, as in Apps Script. */
function prefixPattern(prefix: string): RegExp {
  const escaped = prefix.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/?#@:]*");
  return new RegExp(`^${escaped}`, "i");
}

/** True when Apps Script would fetch every URL under `baseUrl` with this manifest's urlFetchWhitelist. */
export function allowedByWhitelist(baseUrl: string, whitelist: readonly string[]): boolean {
  const target = `${baseUrl.replace(/\/+$/, "")}/`;
  return whitelist.some((prefix) => prefixPattern(prefix).test(target));
}

/**
 * An http(s) origin with an optional path prefix; http only for this machine (the sandbox). With
 * `whitelist` (the manifest's urlFetchWhitelist), only an address Apps Script would fetch.
 */
export function checkBaseUrl(input: string, whitelist?: readonly string[]): Checked<string> {
  const text = input.trim().replace(/\/+$/, "");
  if (/^[a-z]+:\/\/[^/?#]*[@%\\]/i.test(text)) {
    return {
      ok: false,
      message:
        "An address with a user name (the part before @) is refused: https://a@b sends the request, and your key, to b.",
    };
  }
  const match = BASE_URL_SHAPE.exec(text);
  if (!match) {
    return {
      ok: false,
      message: "Enter the API address as https://host (no user name, query or #), or leave it empty.",
    };
  }
  const scheme = match[1]!.toLowerCase();
  if (scheme === "http" && !LOCAL_HOST.test(match[2]!)) {
    return {
      ok: false,
      message: "Use https: the key must not travel unencrypted (http is only for localhost).",
    };
  }
  if (whitelist !== undefined && !allowedByWhitelist(text, whitelist)) {
    return {
      ok: false,
      message:
        `Apps Script may only fetch the addresses this add-on was built for (${whitelist.join(", ")}). ` +
        "To use another API address, build the add-on with API_BASE_URL set to it (see the README), or leave this empty.",
    };
  }
  return { ok: true, value: text };
}

function checkWholeNumber(input: unknown, min: number, max: number, what: string): Checked<number> {
  const value = typeof input === "number" ? input : Number(String(input).trim());
  if (String(input).trim() === "" || !Number.isInteger(value) || value < min || value > max) {
    return {
      ok: false,
      message: `${what} must be a whole number from ${min} to ${max.toLocaleString("en-US")}.`,
    };
  }
  return { ok: true, value };
}

export function checkChunkSize(input: unknown): Checked<number> {
  return checkWholeNumber(input, 1, MAX_CHUNK_SIZE, "The chunk size");
}

export function checkSpendCap(input: unknown): Checked<number> {
  return checkWholeNumber(input, 1, MAX_SPEND_CAP, "The spend cap");
}

export function checkEmailRowsPerCall(input: unknown): Checked<number> {
  return checkWholeNumber(input, 1, MAX_EMAIL_ROWS_PER_CALL, "The email rows per call");
}

export function checkFetchQuota(input: unknown): Checked<number> {
  return checkWholeNumber(input, 1, MAX_FETCH_QUOTA, "The daily web requests");
}

/**
 * The fewest trigger minutes a day the add-on accepts. Each hourly run that only finds the budget
 * used still takes a few seconds (24 a day, about a minute and a half), and a step may need 4
 * minutes: under about 6 minutes a waiting run could never get a whole step again (a run in the
 * background waited for ever at 1 to 4).
 */
export const MIN_TRIGGER_MINUTES = 10;

/** Trigger minutes a day: at least MIN_TRIGGER_MINUTES, at most what Google allows the account kind. */
export function checkTriggerMinutes(input: unknown, fetchQuota: number): Checked<number> {
  return checkWholeNumber(
    input,
    MIN_TRIGGER_MINUTES,
    TRIGGER_MINUTES_LIMIT[accountKind(fetchQuota)],
    "The trigger minutes a day",
  );
}

/** "off" (or empty) lifts the daily budget; otherwise a whole number of credits, 0 stops formulas spending. */
export function checkFormulaBudget(input: unknown): Checked<number | null> {
  const text = String(input).trim().toLowerCase();
  if (text === FORMULA_BUDGET_OFF || text === "") return { ok: true, value: null };
  const checked = checkWholeNumber(input, 0, MAX_SPEND_CAP, "The daily formula budget");
  return checked.ok ? checked : { ok: false, message: `${checked.message.slice(0, -1)}, or "off".` };
}

/** One of a setting's choices, typed exactly as the sidebar sends it. */
function checkChoice<T extends string>(input: unknown, choices: readonly T[], what: string): Checked<T> {
  const text = String(input).trim();
  const found = choices.find((choice) => choice === text);
  return found === undefined
    ? { ok: false, message: `${what} must be one of: ${choices.join(", ")}.` }
    : { ok: true, value: found };
}

export function checkHeaderStyle(input: unknown): Checked<HeaderStyle> {
  return checkChoice<HeaderStyle>(input, ["readable", "api"], "Column headers");
}

export function checkListStyle(input: unknown): Checked<ListStyle> {
  return checkChoice<ListStyle>(input, ["readable", "json"], "List fields");
}

export function checkApiGeneration(input: unknown): Checked<ApiGenerationSetting> {
  return checkChoice<ApiGenerationSetting>(input, API_GENERATIONS, "API generation");
}

/** Reads a saved number or choice, falling back to the default when it is missing or was damaged. */
function savedNumber<T = number>(raw: string | null, check: (input: unknown) => Checked<T>, fallback: T): T {
  if (raw === null) return fallback;
  const checked = check(raw);
  return checked.ok ? checked.value : fallback;
}

/** A damaged saved budget falls back to the default, never to "off". */
function savedBudget(raw: string | null): number | null {
  if (raw === null || raw.trim() === "") return DEFAULT_FORMULA_BUDGET;
  const checked = checkFormulaBudget(raw);
  return checked.ok ? checked.value : DEFAULT_FORMULA_BUDGET;
}

/** Settings from stored text values, with defaults for what is missing or unreadable. */
export function settingsFrom(
  get: (key: string) => string | null,
  defaultBaseUrl: string,
  whitelist?: readonly string[],
): Settings {
  const rawKey = get(SETTING_KEYS.apiKey);
  const key = rawKey === null ? null : checkApiKey(rawKey);
  const rawBase = get(SETTING_KEYS.baseUrl);
  // A saved address the manifest no longer allows (or a trick saved before this check) is not used.
  const base = rawBase === null || rawBase.trim() === "" ? null : checkBaseUrl(rawBase, whitelist);
  const fetchQuota = savedNumber(get(SETTING_KEYS.fetchQuota), checkFetchQuota, DEFAULT_FETCH_QUOTA);
  const baseUrl = base?.ok ? base.value : defaultBaseUrl;
  return {
    apiKey: key?.ok ? key.value : null,
    baseUrl,
    bulkWebsitesSeen: get(SETTING_KEYS.bulkWebsitesSeen) === baseUrl,
    baseUrlIsDefault: !base?.ok,
    chunkSize: savedNumber(get(SETTING_KEYS.chunkSize), checkChunkSize, DEFAULT_CHUNK_SIZE),
    spendCap: savedNumber(get(SETTING_KEYS.spendCap), checkSpendCap, DEFAULT_SPEND_CAP),
    formulaBudget: savedBudget(get(SETTING_KEYS.formulaBudget)),
    fetchQuota,
    triggerMinutes: savedNumber(
      get(SETTING_KEYS.triggerMinutes),
      (input) => checkTriggerMinutes(input, fetchQuota),
      DEFAULT_TRIGGER_MINUTES[accountKind(fetchQuota)],
    ),
    sheetFormat: {
      headers: savedNumber(get(SETTING_KEYS.sheetHeaders), checkHeaderStyle, DEFAULT_SHEET_FORMAT.headers),
      lists: savedNumber(get(SETTING_KEYS.listCells), checkListStyle, DEFAULT_SHEET_FORMAT.lists),
    },
    apiGeneration: savedNumber(get(SETTING_KEYS.apiGeneration), checkApiGeneration, "auto"),
    emailRowsPerCall: savedNumber(
      get(SETTING_KEYS.emailRowsPerCall),
      checkEmailRowsPerCall,
      EMAIL_ROWS_PER_CALL,
    ),
  };
}
