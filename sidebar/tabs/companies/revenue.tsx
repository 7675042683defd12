/**
 * Revenue min and max as users type them ("5M", "$5 million", "500k", "5m-10m"), with what the
 * search will understand said under them as they type, by the same reader the server uses
 * (src/jobs/company-search/revenue.ts), so nothing surprising is sent.
 */
import { readRevenueRange } from "../../../src/jobs/company-search/revenue";
import type { CompanySearchForm, FieldProblems } from "../../../src/rpc/companies";
import { Hint, TextField } from "./fields";

const BOUNDS = [
  { field: "revenue_min", label: "Revenue min", placeholder: "e.g. 5M" },
  { field: "revenue_max", label: "Revenue max", placeholder: "e.g. 50M" },
] as const;

const PAIR = { display: "grid", gridTemplateColumns: "1fr 1fr", gap: "0 8px" } as const;

export function RevenueFields({
  form,
  problems,
  onChange,
}: {
  form: CompanySearchForm;
  problems: FieldProblems;
  onChange(change: Partial<CompanySearchForm>): void;
}) {
  const reading = readRevenueRange(form.revenue_min, form.revenue_max);
  // The server's problems (after Estimate) stand; while typing, the reader's own show at once.
  const shown: FieldProblems = { ...problems };
  for (const { field } of BOUNDS) {
    const own = reading.problems[field];
    if (!shown[field] && own) shown[field] = own;
  }
  return (
    <>
      <div style={PAIR}>
        {BOUNDS.map(({ field, label, placeholder }) => (
          <TextField
            key={field}
            field={field}
            label={label}
            value={form[field]}
            onChange={(value) => onChange({ [field]: value })}
            problems={shown}
            placeholder={placeholder}
          />
        ))}
      </div>
      <div class="form-group">
        {reading.understood ? (
          <p class="hint" data-testid="co-revenue-understood" style={{ margin: "0 0 4px" }}>
            Understood: <strong>{reading.understood}</strong>
          </p>
        ) : null}
        <Hint id="co-revenue-hint">
          Yearly revenue in US dollars: 5M, $5 million, 5,000,000, 500k, 1.5B, or a range in one field
          (5M-10M, over 5M, under 10M).
        </Hint>
      </div>
    </>
  );
}
