/** GET /api/auth/transactions/: the caller's credit records, newest first, filtered and paged (spec section 4). */
import type { Transaction, TransactionListResponse } from "../../src/api/wire.ts";
import type { Endpoint } from "./endpoint.ts";
import { validationError } from "./failure.ts";
import type { SandboxState } from "./state.ts";

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

type Field = "created_at" | "status" | "balance_type" | "amount" | "after_balance";
type Modifier = "exact" | "gt" | "gte" | "lt" | "lte" | "range";

const MODIFIERS: Record<Field, readonly Modifier[]> = {
  created_at: ["exact", "gt", "gte", "lt", "lte", "range"],
  status: ["exact"],
  balance_type: ["exact"],
  amount: ["exact", "gt", "gte", "lt", "lte", "range"],
  after_balance: ["exact", "gt", "gte", "lt", "lte", "range"],
};

/** A comparable bound: for a date alone, the whole day [start, end). Times are in microseconds. */
interface Bound {
  low: number;
  /** Exclusive end of the value's span (low + 1 for numbers and full timestamps). */
  high: number;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?$/;

/** Microseconds since the epoch for the spec's two formats; null when the text is neither. */
function parseDate(text: string): Bound | null {
  const day = DATE_ONLY.exec(text);
  if (day) {
    const ms = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
    if (!validDate(ms, day)) return null;
    return { low: ms * 1000, high: (ms + 86_400_000) * 1000 };
  }
  const time = DATE_TIME.exec(text);
  if (time) {
    const ms = Date.UTC(
      Number(time[1]),
      Number(time[2]) - 1,
      Number(time[3]),
      Number(time[4]),
      Number(time[5]),
      Number(time[6]),
    );
    if (!validDate(ms, time) || Number(time[4]) > 23 || Number(time[5]) > 59 || Number(time[6]) > 59)
      return null;
    const micros = ms * 1000 + Number((time[7] ?? "").padEnd(6, "0"));
    return { low: micros, high: micros + 1 };
  }
  return null;
}

/** Rejects dates such as 2026-02-31 that Date.UTC would silently roll over. */
function validDate(ms: number, parts: RegExpExecArray): boolean {
  const date = new Date(ms);
  return date.getUTCMonth() === Number(parts[2]) - 1 && date.getUTCDate() === Number(parts[3]);
}

function parseInteger(text: string): Bound | null {
  if (!/^-?\d{1,15}$/.test(text)) return null;
  const value = Number(text);
  return { low: value, high: value + 1 };
}

function numericValue(t: Transaction, field: "created_at" | "amount" | "after_balance"): number {
  if (field !== "created_at") return t[field];
  return (parseDate(t.created_at) as Bound).low;
}

type Predicate = (t: Transaction) => boolean;

/** The statuses production's ledger has (PRODUCTION.md A11); another value is one it cannot read. */
const LEDGER_STATUSES: readonly string[] = ["pending", "success", "error"];

/** Null: the filter is dropped (production drops a value it cannot read; A11). */
function filterFor(name: string, raw: string, state: SandboxState): Predicate | null {
  const [field, modifier, extra] = name.split("__");
  const allowed = MODIFIERS[field as Field];
  if (extra !== undefined || allowed === undefined || !allowed.includes(modifier as Modifier)) {
    throw validationError(
      `unknown filter ${name}`,
      "edit the query; filters: created_at, amount, after_balance with exact, gt, gte, lt, lte, range; status and balance_type with exact",
    );
  }
  if (
    field === "status" &&
    state.config.statusFilter === "drops_unreadable" &&
    !LEDGER_STATUSES.includes(raw)
  )
    return null;
  if (field === "status" || field === "balance_type") {
    return (t) => t[field] === raw;
  }
  const numeric = field as "created_at" | "amount" | "after_balance";
  const parse = numeric === "created_at" ? parseDate : parseInteger;
  const what = numeric === "created_at" ? "a date (yyyy-mm-dd or yyyy-mm-ddTHH:MM:SS.ssssss)" : "an integer";
  const bad = () =>
    validationError(
      `${name} must be ${modifier === "range" ? `two values x,y, each ${what}` : what}`,
      `edit ${name}`,
    );
  // A11: a value that cannot be read is refused, or (the control) dropped like production's ledger.
  const dropped = state.config.unreadableFilter === "dropped";
  if (modifier === "range") {
    const parts = raw.split(",");
    const from = parts.length === 2 ? parse(parts[0]!.trim()) : null;
    const to = parts.length === 2 ? parse(parts[1]!.trim()) : null;
    if (from === null || to === null) {
      if (dropped) return null;
      throw bad();
    }
    // Inclusive on both ends; a date alone as the upper bound includes that whole day.
    return (t) => numericValue(t, numeric) >= from.low && numericValue(t, numeric) < to.high;
  }
  const bound = parse(raw);
  if (bound === null) {
    if (dropped) return null;
    throw bad();
  }
  switch (modifier) {
    case "exact":
      return (t) => numericValue(t, numeric) >= bound.low && numericValue(t, numeric) < bound.high;
    case "gt":
      return (t) => numericValue(t, numeric) >= bound.high;
    case "gte":
      return (t) => numericValue(t, numeric) >= bound.low;
    case "lt":
      return (t) => numericValue(t, numeric) < bound.low;
    default:
      return (t) => numericValue(t, numeric) < bound.high;
  }
}

function readPageNumber(query: URLSearchParams, name: "limit" | "offset", fallback: number): number {
  const raw = query.get(name);
  if (raw === null) return fallback;
  if (!/^\d{1,9}$/.test(raw) || (name === "limit" && Number(raw) === 0)) {
    throw validationError(
      `${name} must be ${name === "limit" ? "a positive" : "a non-negative"} integer`,
      `edit ${name}`,
    );
  }
  return Number(raw);
}

function pageUrl(baseUrl: string, query: URLSearchParams, limit: number, offset: number): string {
  const params = new URLSearchParams(query);
  params.set("limit", String(limit));
  params.set("offset", String(offset));
  return `${baseUrl}/api/auth/transactions/?${params.toString()}`;
}

export const listTransactions: Endpoint = ({ key, query, baseUrl, state }) => {
  const predicates: Predicate[] = [];
  for (const [name, value] of query) {
    if (name === "limit" || name === "offset") continue;
    const predicate = filterFor(name, value, state);
    if (predicate !== null) predicates.push(predicate);
  }
  const limit = Math.min(readPageNumber(query, "limit", DEFAULT_LIMIT), MAX_LIMIT);
  const offset = readPageNumber(query, "offset", 0);
  state.accounts.settleDue(key);
  // Newest first, each charge's after_balance as the afterBalance reading says (A9).
  const matching = state.accounts
    .listed(key, state.config.afterBalance)
    .filter((t) => predicates.every((p) => p(t)));
  const body: TransactionListResponse = {
    count: matching.length,
    next: offset + limit < matching.length ? pageUrl(baseUrl, query, limit, offset + limit) : null,
    previous: offset > 0 ? pageUrl(baseUrl, query, limit, Math.max(0, offset - limit)) : null,
    limit,
    max_limit: MAX_LIMIT,
    offset,
    results: matching.slice(offset, offset + limit),
  };
  return { status: 200, body };
};
