/** What a run did: matches, rows written, credits, the cached order, the refine answer, errors. */
import type { CompanyRunResult } from "../../../src/rpc/companies";
import { plural } from "./estimate";

/** "2026-11-01T10:00:00.000000" -> "2026-11-01 10:00 UTC"; other text as it came. */
function cachedSince(text: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(text);
  return match ? `${match[1]} ${match[2]} UTC` : text;
}

export function ResultView({
  result,
  busy,
  onNextPage,
}: {
  result: CompanyRunResult;
  busy: boolean;
  onNextPage(offset: number): void;
}) {
  if (result.state === "invalid" && result.returned === 0) {
    return (
      <div class="notice error" role="alert" data-testid="company-result">
        The API did not accept the search; nothing was charged. Fix the fields marked below.
      </div>
    );
  }
  if (result.state === "refine") {
    return (
      <div class="notice error" role="alert" data-testid="company-result">
        <strong>{result.refineMessage || "The API asks you to refine the search."}</strong>
        <span class="next">
          {result.resultsCount === null ? "Too many" : plural(result.resultsCount, "company", "companies")}{" "}
          match, more than the 1,600 it searches. No companies came back; this answer cost{" "}
          {plural(result.spent, "credit")}. Narrow the filters (industry, location, headcount, keywords) and
          search again.
        </span>
      </div>
    );
  }
  const tone = result.state === "done" ? "ok" : "info";
  return (
    <div class={`notice ${tone}`} role="status" data-testid="company-result">
      <strong>
        {result.resultsCount === null ? "" : `${plural(result.resultsCount, "company", "companies")} match. `}
        {plural(result.written, "row")} written to {result.sheetName}
        {result.range ? `!${result.range}` : ""}
      </strong>
      <span class="next">
        {plural(result.returned, "company", "companies")} returned of {result.total.toLocaleString("en-US")}{" "}
        asked (matches {(result.offset + 1).toLocaleString("en-US")}–
        {(result.offset + result.total).toLocaleString("en-US")}) · {plural(result.spent, "credit")} spent
        {result.duplicates > 0
          ? ` · ${plural(result.duplicates, "company", "companies")} already in the sheet, not written again`
          : ""}
        {result.returned < result.total && result.errors.length === 0
          ? " · the rest were skipped as unsuitable (0 employees and a bad website) or the matches ended, and not charged"
          : ""}
      </span>
      <span class="next">
        {result.timeCached
          ? `Order cached since ${cachedSince(result.timeCached)}: pages follow the same order.`
          : "Order cached now: for 30 days, pages follow this order without duplicates."}
      </span>
      {result.errors.map((error) => (
        <span class="next" key={`${error.companies}:${error.message}`} style={{ color: "var(--error)" }}>
          Matches {error.companies}: {error.message} {error.next}
          {error.hint ? ` (${error.hint})` : ""}
          {error.charged === "maybe" ? " It may have been charged." : ""}
        </span>
      ))}
      {result.pagesNotReached > 0 ? (
        <span class="next">
          {plural(result.pagesNotReached, "page")} not sent in time: Next page starts with them.
        </span>
      ) : null}
      {result.nextOffset === null ? (
        <span class="next">No further page: every match up to the 1,600th has been fetched.</span>
      ) : (
        <div class="buttons">
          <button
            type="button"
            class="secondary"
            disabled={busy}
            onClick={() => onNextPage(result.nextOffset ?? 0)}
          >
            Next page (from {(result.nextOffset + 1).toLocaleString("en-US")})
          </button>
        </div>
      )}
    </div>
  );
}
