/**
 * The transaction filters: one condition per field of the spec (created_at, amount, after_balance
 * with exact, gt, gte, lt, lte, range; status and balance_type exact). The server checks them with
 * the client's validator and answers each problem under its field, with the fix.
 */

import { useState } from "preact/hooks";
import {
  FILTER_FIELDS,
  type FilterField,
  modifiersOf,
  unknownValueNote,
  VALUE_LABELS,
} from "../../../src/jobs/credits/filters";
import { typedDate, typedRange } from "../../../src/jobs/credits/typed-values";
import type { FilterProblems, TransactionFilterForm } from "../../../src/rpc/credits";

const MODIFIER_LABELS: Record<string, string> = {
  exact: "is",
  gt: "greater than",
  gte: "at least",
  lt: "less than",
  lte: "at most",
  range: "between",
};

/** What each filter is about, in words (the API's field name stays in the hint). */
const LABELS: Record<FilterField, string> = {
  created_at: "Date",
  status: "Status",
  balance_type: "Charged for",
  amount: "Amount",
  after_balance: "Balance after",
};

const PLACEHOLDERS: Record<FilterField, string> = {
  created_at: "2026-11-01",
  status: "success",
  balance_type: "leads_by_icp",
  amount: "-5",
  after_balance: "1000",
};

function hintOf(field: FilterField, modifier: string): string {
  const range = modifier === "range" ? "Two values x,y, both included. " : "";
  if (field === "created_at")
    return `${range}Pick a date, or type it as 2026-11-21, Nov 21, 2026 or Nov 21, 2026, 12:02 (UTC; a time without seconds is that whole minute). The API's created_at.`;
  if (field === "amount")
    return `${range}Whole credits, as the list shows them (-5, +10,000); charges are negative. The API's amount.`;
  if (field === "after_balance")
    return `${range}Whole credits. On a charge the API writes what that kind of request has used so far (negative), not your balance. The API's after_balance.`;
  if (field === "balance_type")
    return "Pick from the list, or type a value or its label (Lead search). The API's balance_type.";
  return "One of success, pending, error. The API's status.";
}

/** "amount__lt: "zero" is not ..." -> ""zero" is not ...": the field is already named by its label. */
const withoutQueryName = (message: string) => message.replace(/^[a-z_]+__[a-z]+: /, "");

const DATE = /^\d{4}-\d{2}-\d{2}/;

/** Date pickers that fill the date filter: one, or two for "between" (from, to). */
function DatePickers({
  value,
  range,
  onPick,
}: {
  value: string;
  range: boolean;
  onPick(value: string): void;
}) {
  // Read as the server reads it ("Nov 1, 2026, Nov 30, 2026" too), so a picked date keeps the other.
  const typed = range ? typedRange(value, typedDate) : [typedDate(value), null];
  const [from = "", to = ""] = (typed ?? value.split(",")).map(
    (part) => DATE.exec(part?.trim() ?? "")?.[0] ?? "",
  );
  return (
    <div style={ROW}>
      <input
        type="date"
        aria-label={range ? "From date" : "Pick a date"}
        value={from}
        onInput={(e) => onPick(range ? `${e.currentTarget.value},${to}` : e.currentTarget.value)}
      />
      {range ? (
        <input
          type="date"
          aria-label="To date"
          value={to}
          onInput={(e) => onPick(`${from},${e.currentTarget.value}`)}
        />
      ) : null}
    </div>
  );
}

const ROW = { display: "flex", gap: "4px" } as const;
const ERROR = { color: "var(--error)", fontSize: "12px" } as const;

export function emptyFilters(): TransactionFilterForm {
  return {};
}

export function FilterForm({
  form,
  problems,
  busy,
  onChange,
  onApply,
  onClear,
}: {
  form: TransactionFilterForm;
  problems: FilterProblems;
  busy: boolean;
  onChange(form: TransactionFilterForm): void;
  onApply(): void;
  onClear(): void;
}) {
  const set = (field: FilterField, change: { modifier?: string; value?: string }) => {
    const current = form[field] ?? { modifier: "exact", value: "" };
    onChange({ ...form, [field]: { ...current, ...change } });
  };
  const active = FILTER_FIELDS.filter((field) => (form[field]?.value ?? "").trim() !== "").length;
  // Open while the user works in it: emptying the one field typed in must not fold the form away
  // under their cursor (it did when "open" followed the number of filled fields).
  const [expanded, setExpanded] = useState(active > 0);
  return (
    <details
      open={expanded || Object.keys(problems).length > 0}
      onToggle={(event) => setExpanded(event.currentTarget.open)}
    >
      <summary>Filters{active > 0 ? ` (${active})` : ""}</summary>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onApply();
        }}
      >
        {FILTER_FIELDS.map((field) => {
          const entry = form[field] ?? { modifier: "exact", value: "" };
          const modifiers = modifiersOf(field);
          const problem = problems[field];
          const described = `credits-${field}-hint${problem ? ` credits-${field}-problem` : ""}`;
          return (
            <div class="form-group" key={field}>
              <label for={`credits-${field}`}>{LABELS[field]}</label>
              <div style={ROW}>
                {modifiers.length > 1 ? (
                  <select
                    aria-label={`${LABELS[field]} condition`}
                    style={{ width: "46%" }}
                    value={entry.modifier}
                    onChange={(e) => set(field, { modifier: e.currentTarget.value })}
                  >
                    {modifiers.map((m) => (
                      <option key={m} value={m}>
                        {MODIFIER_LABELS[m] ?? m}
                      </option>
                    ))}
                  </select>
                ) : null}
                <input
                  id={`credits-${field}`}
                  type="text"
                  spellcheck={false}
                  autocomplete="off"
                  list={VALUE_LABELS[field] ? `credits-${field}-values` : undefined}
                  value={entry.value}
                  placeholder={entry.modifier === "range" ? `${PLACEHOLDERS[field]},…` : PLACEHOLDERS[field]}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={described}
                  onInput={(e) => set(field, { value: e.currentTarget.value })}
                />
              </div>
              {VALUE_LABELS[field] ? (
                <datalist id={`credits-${field}-values`}>
                  {VALUE_LABELS[field]?.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </datalist>
              ) : null}
              {field === "created_at" ? (
                <DatePickers
                  value={entry.value}
                  range={entry.modifier === "range"}
                  onPick={(value) => set(field, { value })}
                />
              ) : null}
              <span class="hint" id={`credits-${field}-hint`}>
                {hintOf(field, entry.modifier)}
              </span>
              {!problem && unknownValueNote(field, entry.value) ? (
                <span class="hint" data-testid={`credits-${field}-unknown`}>
                  {unknownValueNote(field, entry.value)}
                </span>
              ) : null}
              {problem ? (
                <span id={`credits-${field}-problem`} role="alert" style={ERROR}>
                  {withoutQueryName(problem.message)}. {problem.hint}
                </span>
              ) : null}
            </div>
          );
        })}
        {problems.page ? (
          <p role="alert" style={ERROR}>
            {problems.page.message}. {problems.page.hint}
          </p>
        ) : null}
        <div class="buttons">
          <button type="submit" class="action" disabled={busy}>
            Apply filters
          </button>
          <button type="button" class="secondary" disabled={busy} onClick={onClear}>
            Clear
          </button>
        </div>
      </form>
    </details>
  );
}
