/** What a run did: matches, rows written, credits, the cached order, the refine answer, errors. */
import { chargesText } from "../../../src/jobs/ledger/charges-text";
import type { CompanyRunResult } from "../../../src/rpc/companies";
import { readableUtc } from "../../../src/sheet/sheet-time";
import { plural } from "./estimate";
import { nextPageLabel } from "./next-page";

/**
 * How many match: the API's count, or, when the answers carried none (production counts only when
 * asked), the fewest the returned companies prove.
 */
function matchText(result: CompanyRunResult): string {
  if (result.resultsCount !== null) return `${plural(result.resultsCount, "company", "companies")} match. `;
  if (result.matchesAtLeast > 0)
    return `At least ${plural(result.matchesAtLeast, "company", "companies")} match. `;
  return "";
}

/**
 * The errors once each: a run stopped by the account (out of credits, key refused) reports the
 * same error for every page it could not send; one line says it, with the pages it covers.
 */
function distinctErrors(errors: CompanyRunResult["errors"]): CompanyRunResult["errors"] {
  const byText = new Map<string, CompanyRunResult["errors"][number]>();
  for (const error of errors) {
    const key = `${error.message}\n${error.next}`;
    const seen = byText.get(key);
    if (!seen) byText.set(key, { ...error });
    else if (error.charged === "maybe") seen.charged = "maybe";
  }
  return [...byText.values()];
}

/** A run that fetched nothing and stopped on an error: one message, in the search's words. */
function NothingFetched({ result }: { result: CompanyRunResult }) {
  const errors = distinctErrors(result.errors);
  const maybe = errors.some((e) => e.charged === "maybe");
  return (
    <div class="notice error" role="alert" data-testid="company-result">
      {errors.map((error) => (
        <strong key={error.message} style={{ display: "block" }}>
          {error.message}
          {error.hint ? ` (${error.hint})` : ""}
        </strong>
      ))}
      <span class="next">
        No companies were fetched;{" "}
        {maybe
          ? `a request whose answer was lost may have been charged${
              result.charges ? `: ${chargesText(result.charges, result.spent)}` : ""
            }.`
          : result.charges
            ? `${chargesText(result.charges, result.spent)}.`
            : `${result.spent > 0 ? plural(result.spent, "credit") : "nothing"} was charged.`}{" "}
        {errors.some((e) => /credits/i.test(e.message))
          ? "Top up your credits, then press Estimate again."
          : "Fix that, then press Estimate again."}
      </span>
    </div>
  );
}

/** "1 of 8 pages was sent". */
function pagesSentText(result: CompanyRunResult): string {
  const all = result.pagesSent + result.pagesNotReached;
  return `${result.pagesSent} of ${plural(all, "page")} ${result.pagesSent === 1 ? "was" : "were"} sent`;
}

/** Cancelled with no company back: no page sent yet, or the pages sent brought none. */
function CancelledEmpty({ result }: { result: CompanyRunResult }) {
  return (
    <div class="notice info" role="status" data-testid="company-result">
      <strong>Cancelled: no company was written.</strong>
      <span class="next" data-testid="company-cancelled">
        {result.pagesSent === 0
          ? "No page had been sent yet"
          : `${pagesSentText(result)} before Cancel and brought no company`}
        ; {chargesText(result.charges, result.spent)}.
      </span>
    </div>
  );
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
  if (result.state === "cancelled" && result.returned === 0) return <CancelledEmpty result={result} />;
  if (result.returned === 0 && result.errors.length > 0) return <NothingFetched result={result} />;
  const known = result.knownExcluded ?? 0;
  if (result.resultsCount === 0 && result.errors.length === 0 && known > 0) {
    // The sheet's companies were left out of the search: "no match" would say the filters are wrong.
    return (
      <div class="notice info" role="status" data-testid="company-result">
        <strong>No company outside the {result.sheetName} sheet matches these filters.</strong>
        <span class="next">
          The {plural(known, "company", "companies")} already there {known === 1 ? "was" : "were"} left out of
          the search, so nothing was charged. Change a filter to find others.
        </span>
      </div>
    );
  }
  if (result.resultsCount === 0 && result.errors.length === 0) {
    return (
      <div class="notice info" role="status" data-testid="company-result">
        <strong>No company matches these filters.</strong>
        <span class="next">
          Nothing was charged. Loosen a filter (fewer keywords, more locations or headcounts) and search
          again.
        </span>
      </div>
    );
  }
  if (result.resultsCount === null && result.returned === 0 && result.errors.length === 0) {
    // Production answers a window past the last match {amount: 0, companies: []}, without a count
    // even when asked (A1): the matches end before it. (Every company of a whole window unsuitable
    // is the unlikely other reading; either way nothing was charged.)
    const from = (result.offset + 1).toLocaleString("en-US");
    const among = known > 0 ? " of those not in the sheet" : "";
    return (
      <div class="notice info" role="status" data-testid="company-result">
        <strong>
          No company came back for matches {from}–{(result.offset + result.total).toLocaleString("en-US")}
          {among}.
        </strong>
        <span class="next">
          The API returned none: the matches end before match {from}
          {among}, so nothing was charged. Start at an earlier match.
        </span>
      </div>
    );
  }
  const tone = result.state === "done" ? "ok" : "info";
  // What the window could hold: the matches may end inside it; the rest of the gap is skipped companies.
  const available =
    result.resultsCount === null
      ? result.total
      : Math.min(result.total, Math.max(0, result.resultsCount - result.offset));
  const skipped =
    result.errors.length === 0 && result.pagesNotReached === 0 ? available - result.returned : 0;
  return (
    <div class={`notice ${tone}`} role="status" data-testid="company-result">
      <strong>
        {result.state === "cancelled" ? "Cancelled: " : matchText(result)}
        {plural(result.written, "row")} written to {result.sheetName}
        {result.range ? `!${result.range}` : ""}
      </strong>
      <span class="next">
        {plural(result.returned, "company", "companies")} returned{" "}
        {result.state === "cancelled"
          ? "by the pages sent before Cancel"
          : `for matches ${(result.offset + 1).toLocaleString("en-US")}–${(result.offset + result.total).toLocaleString("en-US")}`}
        {/* Matches are counted among the companies not in the sheet: those in it were left out. */}
        {known > 0 && result.state !== "cancelled" ? " of those not in the sheet" : ""} ·{" "}
        <span data-testid="companies-charged">{chargesText(result.charges, result.spent)}</span>
        {result.duplicates > 0
          ? ` · ${plural(result.duplicates, "company", "companies")} already in the sheet, not written again`
          : ""}
        {skipped > 0
          ? ` · ${plural(skipped, "unsuitable company", "unsuitable companies")} skipped (0 employees and a bad website), not charged`
          : ""}
        {available < result.total
          ? ` · the matches end at ${(available + result.offset).toLocaleString("en-US")}${known > 0 ? " of those not in the sheet" : ""}`
          : ""}
      </span>
      {result.returned > 0 ? (
        <span class="next">
          {result.timeCached
            ? `Order cached since ${readableUtc(result.timeCached)}: pages follow the same order.`
            : "Order cached now: for 30 days, pages follow this order without duplicates."}
        </span>
      ) : null}
      {distinctErrors(result.errors).map((error) => (
        <span class="next" key={`${error.companies}:${error.message}`} style={{ color: "var(--error)" }}>
          Matches {error.companies}: {error.message} {error.next}
          {error.hint ? ` (${error.hint})` : ""}
          {error.charged === "maybe" ? " It may have been charged." : ""}
        </span>
      ))}
      {result.throttled > 0 ? (
        <span class="next" data-testid="companies-throttled">
          Throttled: slowing down. Your account allows fewer searches at once, so pages went fewer at a time;
          nothing was charged twice.
        </span>
      ) : null}
      {result.state === "cancelled" ? (
        <span class="next" data-testid="company-cancelled">
          {pagesSentText(result)} before Cancel: paid for and written. The other{" "}
          {plural(result.pagesNotReached, "page")} {result.pagesNotReached === 1 ? "was" : "were"} not sent
          and cost nothing; Next page starts with them.
        </span>
      ) : result.pagesNotReached > 0 ? (
        <span class="next">
          {plural(result.pagesNotReached, "page")} not sent in time: Next page starts with them.
        </span>
      ) : null}
      {result.nextOffset === null ? (
        <span class="next">
          {result.offset + result.total >= 1599
            ? "No further page: the API searches only the first 1,600 matches."
            : "No further page: that was the last match."}
        </span>
      ) : (
        <div class="buttons">
          <button
            type="button"
            class="secondary"
            disabled={busy}
            onClick={() => onNextPage(result.nextOffset ?? 0)}
          >
            {/* Pages not reached (Cancel, time) start it early too: nextMatch is where it really is. */}
            {nextPageLabel(result.nextOffset, result.nextMatch ?? result.offset + result.total)}
          </button>
        </div>
      )}
    </div>
  );
}
