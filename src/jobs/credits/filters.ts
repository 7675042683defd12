/**
 * The Credits tab's filter form -> the transaction list's query, and the client's validation
 * problems -> the form field they belong to. One condition per field: a "range" (x,y) covers
 * "between", so the form stays small enough for a 300 px sidebar.
 */
import type { Problem } from "../../api/errors";
import { validateTransactionQuery } from "../../api/validate";
import { TRANSACTION_FILTERS, type TransactionFilterField, type TransactionQuery } from "../../api/wire";
import { timestampMs } from "./spending";
import {
  rangeParts,
  twoWayDateHint,
  typedDate,
  typedDateSpan,
  typedRange,
  typedWholeNumber,
} from "./typed-values";

export type FilterField = TransactionFilterField;
export const FILTER_FIELDS = Object.keys(TRANSACTION_FILTERS) as FilterField[];

/** One field's condition as typed: the modifier (exact, gt, gte, lt, lte, range) and its value. */
export interface FilterEntry {
  modifier: string;
  value: string;
}

/** The form: a field left out, or with an empty value, does not filter. */
export type TransactionFilterForm = Partial<Record<FilterField, FilterEntry>>;

/** Where a problem is shown: a filter field, or "page" for limit/offset. */
export type ProblemPlace = FilterField | "page";

export interface FieldProblem {
  message: string;
  hint: string;
}

export type FilterProblems = Partial<Record<ProblemPlace, FieldProblem>>;

/**
 * Values seen in transactions, with the words the Credits tab shows for them: the spec's `success`
 * and `leads_by_icp`, and the sandbox's charge types named after their endpoints. Suggested, not
 * required: production may have others, which are sent as typed.
 */
export const VALUE_LABELS: Partial<Record<FilterField, ReadonlyArray<{ value: string; label: string }>>> = {
  // The ledger's statuses (PRODUCTION.md A11); the client refuses any other (the API would drop it).
  status: [
    { value: "success", label: "success (charged)" },
    { value: "pending", label: "pending (reserved, request in flight)" },
    { value: "error", label: "error (charge reversed)" },
  ],
  balance_type: [
    { value: "leads_by_icp", label: "Lead search" },
    { value: "companies_by_icp", label: "Company search" },
    { value: "leads_by_link", label: "Lead lookup (Enrich, formulas)" },
    { value: "email_finder", label: "Email finder (=FIND_EMAIL, Emails, Work email)" },
    { value: "email_validator", label: "Email validator (=VALIDATE_EMAIL, Emails)" },
    { value: "top_up", label: "Top-up" },
  ],
};

/** "lead search", "Lead Search " and "Lead lookup" all name their value; case and spaces aside. */
const folded = (text: string) => text.trim().toLowerCase().replace(/\s+/g, " ");

/**
 * A suggested value typed in any case ("LEADS_BY_ICP"), as the label the list shows ("Lead search"
 * for leads_by_icp), or as the label's first words before its note ("Lead lookup" for "Lead lookup
 * (Enrich, formulas)"), is sent as its value; anything else as typed.
 */
function valueOfLabel(field: FilterField, text: string): string {
  const typed = folded(text);
  for (const { value, label } of VALUE_LABELS[field] ?? []) {
    const shown = folded(label);
    // The value in any case too: "LEADS_BY_ICP" sent as typed matches no transaction.
    if (typed === value || typed === shown || typed === folded(shown.replace(/\s*\(.*\)$/, ""))) return value;
  }
  return text;
}

/**
 * A word for a charge type the add-on does not know ("refund", "lookups"): it is sent as typed
 * (production may have types the list lacks), but production drops a filter value it cannot read
 * and lists every transaction (PRODUCTION.md A11), so the user is told what either answer means.
 * Null for a known value or label, and for an empty field.
 */
export function unknownValueNote(field: FilterField, text: string): string | null {
  const known = VALUE_LABELS[field];
  if (!known || field !== "balance_type" || text.trim() === "") return null;
  const value = valueOfLabel(field, text);
  if (known.some((option) => option.value === value)) return null;
  return `"${text.trim()}" is not a charge type the add-on knows (${known.map((o) => o.value).join(", ")}). It is sent as typed: no transactions listed may mean the API has no such type, and every transaction listed that it ignored the filter.`;
}

/** The modifiers a field accepts (the spec's table). */
export function modifiersOf(field: FilterField): readonly string[] {
  return TRANSACTION_FILTERS[field];
}

/** How a field's typed value is read (typed-values.ts); null for the text fields. */
function readerOf(field: FilterField): ((text: string) => string | null) | null {
  if (field === "created_at") return typedDate;
  if (field === "amount" || field === "after_balance") return typedWholeNumber;
  return null;
}

/**
 * A value as the API wants it: trimmed; a date or a whole number as people type it or the list
 * shows it ("Nov 21, 2026, 12:02 UTC", "2026-11-21 10:00", "+10,000") in the API's form; a range
 * parted at the comma between its values ("1,000,2,500"); a suggested value typed as its label
 * written as the value. What is not read for sure goes as typed, for the validator to name.
 */
function normalValue(field: FilterField, modifier: string, raw: string): string {
  const read = readerOf(field);
  const one = (part: string) => {
    const text = part.trim();
    return read ? (read(text) ?? text) : valueOfLabel(field, text);
  };
  if (modifier !== "range") return one(raw);
  const parts = (read && typedRange(raw, read)) ?? raw.split(",").map(one);
  return lowToHigh(field, parts).join(",");
}

/**
 * A range typed high to low ("-10,-20", a later date first) as low to high: the API's range is
 * "between x and y", and sent the other way round it matches nothing, which would read as "no such
 * transactions". Parts that are not both readable are left as typed, for the validator to name.
 */
function lowToHigh(field: FilterField, parts: string[]): string[] {
  if (parts.length !== 2) return parts;
  const [low = "", high = ""] = parts;
  const read = (text: string) =>
    field === "created_at" ? timestampMs(text) : /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
  return read(low) > read(high) ? [high, low] : parts;
}

/**
 * A date filter whose value names a whole minute ("Nov 21, 2026, 12:02 UTC", as the list shows a
 * time; typed-values.ts): "is" becomes that minute as a range, "at most" and "greater than" its
 * last instant, so the rows the list shows at 12:02 are the ones it matches. Null when no part is
 * a minute, or a part is not read (sent as typed, for the validator).
 */
function minuteFilter(modifier: string, raw: string): [string, string] | null {
  if (modifier === "range") {
    const parts = rangeParts(raw, typedDate);
    const spans = parts?.map(typedDateSpan);
    if (!spans?.[0] || !spans[1] || spans.every((span) => span?.start === span?.end)) return null;
    const [low, high] =
      timestampMs(spans[0].start) <= timestampMs(spans[1].start) ? spans : [spans[1], spans[0]];
    return ["range", `${low?.start},${high?.end}`];
  }
  const span = typedDateSpan(raw);
  if (!span || span.start === span.end) return null;
  if (modifier === "exact") return ["range", `${span.start},${span.end}`];
  return [modifier, modifier === "gt" || modifier === "lte" ? span.end : span.start];
}

/** The query's filter parameters (no limit/offset). */
export function filterQuery(form: TransactionFilterForm): TransactionQuery {
  const query: TransactionQuery = {};
  for (const field of FILTER_FIELDS) {
    const entry = form[field];
    if (!entry || String(entry.value ?? "").trim() === "") continue;
    const modifier = String(entry.modifier ?? "").trim() || "exact";
    const minute = field === "created_at" ? minuteFilter(modifier, String(entry.value)) : null;
    if (minute) query[`${field}__${minute[0]}`] = minute[1];
    else query[`${field}__${modifier}`] = normalValue(field, modifier, String(entry.value));
  }
  return query;
}

function placeOf(path: string): ProblemPlace {
  const field = path.split("__")[0] ?? "";
  return (FILTER_FIELDS as string[]).includes(field) ? (field as FilterField) : "page";
}

/** Each problem next to its field (the first one, when a field has several). */
export function problemsByField(problems: readonly Problem[]): FilterProblems {
  const byField: FilterProblems = {};
  for (const problem of problems) {
    const place = placeOf(problem.path);
    byField[place] ??= { message: `${problem.path}: ${problem.message}`, hint: problem.hint };
  }
  return byField;
}

export type CheckedQuery = { ok: true; query: TransactionQuery } | { ok: false; problems: FilterProblems };

/**
 * The query for the form plus paging, checked with the client's own validator before anything is
 * sent: every problem comes back under its field, with the fix.
 */
export function checkTransactionQuery(
  form: TransactionFilterForm,
  page: { limit?: number; offset?: number } = {},
): CheckedQuery {
  const query = filterQuery(form);
  if (page.limit !== undefined) query.limit = String(page.limit);
  if (page.offset !== undefined) query.offset = String(page.offset);
  const problems = validateTransactionQuery(query);
  if (problems.length === 0) return { ok: true, query };
  const byField = problemsByField(problems);
  // "11/01/2026" is refused with both of its readings, so the fix is one of them, not a guess.
  const twoWays = byField.created_at && twoWayDateHint(String(form.created_at?.value ?? ""));
  if (byField.created_at && twoWays) byField.created_at.hint = twoWays;
  return { ok: false, problems: byField };
}
