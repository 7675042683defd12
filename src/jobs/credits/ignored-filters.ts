/**
 * Filters an answer shows were not applied. Production drops a filter value it cannot read and
 * still answers 200 with every transaction (PRODUCTION.md A11), and its charge-type names are not
 * all the spec's (A9: `lead_by_link`, `email_verifier` beside `leads_by_link`): a list "filtered"
 * to Lead lookup could then hold every charge, and look filtered. Each row answered is checked
 * against each filter sent; dates are left out (a day's bounds depend on the time zone).
 */
import type { Transaction } from "../../api/wire";

export interface IgnoredFilter {
  /** The filter as sent: `balance_type__exact`. */
  filter: string;
  value: string;
  /** The field's values in the rows answered (a few), so the user can pick the API's own. */
  seen: string[];
}

type Field = "status" | "balance_type" | "amount" | "after_balance";
const TEXT_FIELDS = new Set<Field>(["status", "balance_type"]);
const NUMBER_FIELDS = new Set<Field>(["amount", "after_balance"]);
const MAX_SEEN = 6;

function holds(modifier: string, value: string, cell: unknown, text: boolean): boolean {
  if (text) return String(cell) === value;
  const number = Number(cell);
  const [low, high] = value.split(",").map(Number);
  if (!Number.isFinite(number) || low === undefined || Number.isNaN(low)) return true;
  switch (modifier) {
    case "exact":
      return number === low;
    case "gt":
      return number > low;
    case "gte":
      return number >= low;
    case "lt":
      return number < low;
    case "lte":
      return number <= low;
    case "range":
      return high === undefined || Number.isNaN(high) || (number >= low && number <= high);
    default:
      return true;
  }
}

export function ignoredFilters(
  query: Readonly<Record<string, string | undefined>>,
  rows: readonly Transaction[],
): IgnoredFilter[] {
  const ignored: IgnoredFilter[] = [];
  for (const [filter, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const [field, modifier = ""] = filter.split("__") as [Field, string?];
    const text = TEXT_FIELDS.has(field);
    if (!text && !NUMBER_FIELDS.has(field)) continue;
    if (rows.every((row) => holds(modifier, value, row[field], text))) continue;
    const seen = [...new Set(rows.map((row) => String(row[field])))].slice(0, MAX_SEEN);
    ignored.push({ filter, value, seen });
  }
  return ignored;
}

/** What the Credits tab says of filters the API did not apply. */
export function ignoredFiltersText(ignored: readonly IgnoredFilter[]): string | null {
  if (ignored.length === 0) return null;
  const each = ignored.map(
    ({ filter, value, seen }) =>
      `${filter.replace("__", " ")} ${value} (rows listed have ${seen.join(", ")})`,
  );
  return `The API did not apply ${each.join("; ")}: it drops a filter value it cannot read and lists the rest, so these are not only the transactions you asked for. Use a value the rows show.`;
}
