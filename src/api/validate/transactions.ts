/** Transaction list query rules (spec, endpoint 4): paging text, filter names, modifiers, formats. */
import type { Problem } from "../errors";
import { LEDGER_STATUSES } from "../ledger";
import { TRANSACTION_FILTERS, type TransactionFilterField, type TransactionQuery } from "../wire";
import { listing, Problems } from "./common";

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?)?$/;
const INTEGER_TEXT = /^-?\d+$/;
const DATE_HINT = "Write dates as yyyy-mm-dd or yyyy-mm-ddTHH:MM:SS.ssssss, for example 2024-03-31.";

function isDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((part) => Number(part ?? 0));
  // Date.UTC rolls 31 February over into March: a real calendar day comes back unchanged.
  const date = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === (month ?? 1) - 1 &&
    date.getUTCDate() === day &&
    (hour ?? 0) <= 23 &&
    (minute ?? 0) <= 59 &&
    (second ?? 0) <= 59
  );
}

function valueProblem(field: TransactionFilterField, text: string): string | null {
  if (field === "created_at") return isDate(text) ? null : DATE_HINT;
  if (field === "amount" || field === "after_balance") {
    return INTEGER_TEXT.test(text) ? null : "Use a whole number of credits, for example -5.";
  }
  if (field === "status" && !(LEDGER_STATUSES as readonly string[]).includes(text)) {
    // Production drops a status it cannot read and lists every transaction (PRODUCTION.md A11):
    // sent, "Succes" would look like a filter and filter nothing.
    return `Use one of ${listing(LEDGER_STATUSES)}, as written (the API ignores any other status and lists every transaction).`;
  }
  return text.trim() === "" ? `Type a ${field} value, for example "success".` : null;
}

function isFilterField(field: string): field is TransactionFilterField {
  // Not Object.hasOwn: Google does not promise it, and esbuild does not polyfill it for es2020.
  return Object.prototype.hasOwnProperty.call(TRANSACTION_FILTERS, field);
}

export function validateTransactionQuery(query: TransactionQuery): Problem[] {
  const problems = new Problems();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (key === "limit" || key === "offset") {
      const min = key === "limit" ? 1 : 0;
      if (!/^\d+$/.test(value) || Number(value) < min) {
        problems.add(
          key,
          `must be a whole number of ${min} or more, as text`,
          `Use for example "${key === "limit" ? "100" : "0"}".`,
        );
      }
      continue;
    }
    const [field = "", modifier = "", ...extra] = key.split("__");
    if (!isFilterField(field) || extra.length > 0) {
      problems.add(
        key,
        "is not a transaction filter",
        `Filter on ${listing(Object.keys(TRANSACTION_FILTERS))}, as field__modifier.`,
      );
      continue;
    }
    const modifiers: readonly string[] = TRANSACTION_FILTERS[field];
    if (!modifiers.includes(modifier)) {
      problems.add(
        key,
        `"${modifier}" is not a modifier of ${field}`,
        `Use ${field}__ with ${listing(modifiers)}.`,
      );
      continue;
    }
    const parts = modifier === "range" ? value.split(",") : [value];
    if (parts.length !== 2 && modifier === "range") {
      problems.add(
        key,
        "a range needs two values separated by a comma",
        "Write it as x,y, for example 2024-01-01,2024-01-31.",
      );
      continue;
    }
    for (const part of parts) {
      const hint = valueProblem(field, part);
      if (hint !== null) {
        problems.add(key, `"${part}" is not a valid ${field} value`, hint);
        break;
      }
    }
  }
  return problems.list;
}
