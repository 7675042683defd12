/** What a run will do before anything is spent: URLs to fetch, the most it can cost, balance and cap. */
import { skipReasons } from "../../../src/jobs/enrich/progress";
import type { EnrichEstimate } from "../../../src/rpc/enrich";
import { BalanceNote } from "../../components/balance-note";
import { plural } from "../../components/plural";

export function EstimateView({ estimate, fresh }: { estimate: EnrichEstimate; fresh: boolean }) {
  const { preview, balance, balanceError, cap } = estimate;
  const affordable = Math.floor(cap / preview.creditsPerUrl);
  const skipped = preview.distinct - preview.toFetch;
  // Bulk jobs take 50 URLs a request, Work email and the ledger add theirs (web-requests.ts); an
  // estimate without a path counts a lookup per URL.
  const requestsNeeded = estimate.path?.requests ?? preview.toFetch;
  return (
    <div class="notice info" data-testid="enrich-estimate">
      <strong>
        {preview.toFetch === 0
          ? skipped > 0 && estimate.progress.skips.length > 0
            ? `Nothing to fetch: ${plural(skipped, "URL")} skipped (${skipReasons(estimate.progress.skips)}). This run costs 0 credits.`
            : "Nothing to fill: every chosen cell already holds a value. This run costs 0 credits."
          : `${plural(preview.toFetch, "distinct URL")} to fetch, up to ${plural(preview.maxCredits, "credit")}`}
      </strong>
      {skipped > 0 && preview.toFetch > 0 ? (
        <span class="next">
          {plural(skipped, "URL")} skipped for free: {skipReasons(estimate.progress.skips)}.
        </span>
      ) : null}
      {estimate.path && preview.toFetch > 0 ? (
        <span class="next" data-testid="enrich-path">
          {estimate.path.text}
        </span>
      ) : null}
      {preview.workEmail && preview.toFetch > 0 ? (
        <span class="next" data-testid="enrich-work-email-cost">
          {preview.workEmail.text} Written to {preview.workEmail.headers.join(", ")}.
        </span>
      ) : null}
      {!fresh ? (
        <span class="next" data-testid="enrich-cached-warning">
          Fresh data is off: cached answers show the previous job of people who moved recently, so job changes
          cannot be trusted.
        </span>
      ) : preview.toFetch > 0 && estimate.path?.kind !== "bulk" ? (
        <span class="next" data-testid="enrich-fresh-note">
          Fresh data takes seconds to about a minute per answer, so lookups go 4 at a time. Apps Script gives
          up on a request after 60 s and then loses the answers of its group of 4, which may still be charged
          (about 1 lookup in 9 in our tests): those rows say so, and Retry failed rows can send them again.
        </span>
      ) : null}
      <br />
      Balance {balance === null ? "unknown" : plural(balance, "credit")} · cap {plural(cap, "credit")} ·{" "}
      {preview.creditsPerUrl} per URL
      {preview.maxCredits > cap ? (
        <span class="next">The run stops at the spend cap, after about {plural(affordable, "URL")}.</span>
      ) : null}
      <BalanceNote balance={balance} maxCredits={preview.maxCredits} />
      {balanceError ? <span class="next">{balanceError}</span> : null}
      {estimate.fetches && requestsNeeded > estimate.fetches.left ? (
        <span class="next" data-testid="enrich-quota-warning">
          This run needs {estimate.path ? "about " : ""}
          {plural(requestsNeeded, "web request")}; about {estimate.fetches.left.toLocaleString("en-US")} of
          Apps Script's {estimate.fetches.quota.toLocaleString("en-US")} a day are left (by the add-on's own
          count). The run stops when they run out, with the rest pending and not charged; Resume it the next
          day.
        </span>
      ) : null}
      {preview.lists?.first ? (
        <span class="next" data-testid="enrich-lists">
          These rows hold another list of people too (profile URLs in column
          {preview.lists.others.length > 1 ? "s" : ""} {preview.lists.others.join(", ")}): this list is the
          sheet's first and writes the plain columns named below; the other list gets columns of its own. The
          first list is the first column headed as a profile URL (LinkedIn URL, Profile URL, network_url),
          else the leftmost: if the plain columns hold the other list's people, rename this column's header
          (say "Buyer URL") before you confirm.
        </span>
      ) : preview.lists ? (
        <span class="next" data-testid="enrich-lists">
          These rows hold another list of people (profile URLs in column
          {preview.lists.others.length > 1 ? "s" : ""} {preview.lists.others.join(", ")}): this list gets
          columns of its own, headed "{preview.lists.name} · …", and the other list's columns are left as they
          are.
        </span>
      ) : null}
      {preview.skipped.length > 0 ? (
        <span class="next">
          Not written: {preview.skipped.join(", ")} (the URL column itself; your URLs stay as typed).
        </span>
      ) : null}
      <span class="next">
        Writes{" "}
        {preview.targets
          .map(
            (t) =>
              `${t.field} → ${t.column}${t.header ? ` (${t.header})` : t.newHeader && t.newHeader !== t.field ? ` (new: ${t.newHeader})` : " (new)"}`,
          )
          .join(", ")}
        ; statuses in {preview.statusHeaders.join(", ")}. Duplicates are fetched once; not-found and rejected
        URLs are free.
      </span>
    </div>
  );
}
