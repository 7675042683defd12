/**
 * The Credits tab's filter form -> the transaction list's query, and the client's validation
 * problems -> the form field they belong to. One condition per field: a "range" (x,y) covers
 * "between", so the form stays small enough for a 300 px sidebar.
 */
import type { Problem } from "../../api/errors";
import { validateTransactionQuery } from "../../api/validate";
import { TRANSACTION_FILTERS, type TransactionFilterField, type TransactionQuery } from "../../api/wire";

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

/** The modifiers a field accepts (the spec's table). */
export function modifiersOf(field: FilterField): readonly string[] {
  return TRANSACTION_FILTERS[field];
}

/**
 * A value as the API wants it: trimmed, a range's two parts trimmed around the comma, and a date
 * typed with a space before the time ("2026-11-21 10:00:00") written with the spec's "T".
 */
function normalValue(field: FilterField, modifier: string, raw: string): string {
  const parts = modifier === "range" ? raw.split(",") : [raw];
  return parts
    .map((part) => {
      const text = part.trim();
      return field === "created_at" ? text.replace(/^(\d{4}-\d{2}-\d{2})\s+(\d)/, "$1T$2") : text;
    })
    .join(",");
}

/** The query's filter parameters (no limit/offset). */
export function filterQuery(form: TransactionFilterForm): TransactionQuery {
  const query: TransactionQuery = {};
  for (const field of FILTER_FIELDS) {
    const entry = form[field];
    if (!entry || String(entry.value ?? "").trim() === "") continue;
    const modifier = String(entry.modifier ?? "").trim() || "exact";
    query[`${field}__${modifier}`] = normalValue(field, modifier, String(entry.value));
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
  return problems.length > 0 ? { ok: false, problems: problemsByField(problems) } : { ok: true, query };
}
