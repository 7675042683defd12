/** The Emails estimate: rows to send, rows skipped (already holding an email), and the most it may cost. */
import type { EmailEstimate } from "../../../src/rpc/emails";
import { BalanceNote } from "../../components/balance-note";
import { plural } from "../../components/plural";

/**
 * `onMaybeCharged`: a Retry estimate asks again with or without the failed rows whose call may
 * have been charged (never sent again unless the user ticks it).
 */
export function EmailsEstimateView({
  estimate,
  onMaybeCharged,
}: {
  estimate: EmailEstimate;
  onMaybeCharged?: (include: boolean) => void;
}) {
  const find = estimate.progress.kind === "find";
  const what = find ? "person" : "address";
  return (
    <div class="notice info" data-testid="emails-estimate">
      <strong>
        {estimate.rowsToSend === 0
          ? "Nothing to send: this run costs 0 credits."
          : `${plural(estimate.rowsToSend, "row")} to send (${plural(estimate.distinct, `distinct ${what}`, find ? "distinct people" : "distinct addresses")}), at most ${plural(estimate.maxCredits, "credit")}`}
      </strong>
      {estimate.skipped > 0 ? (
        <span class="next">
          {plural(estimate.skipped, "row")} skipped for free:{" "}
          {find
            ? `they already hold an email (${estimate.skippedValid.toLocaleString("en-US")} valid)`
            : "their address was checked already"}
          .
        </span>
      ) : null}
      {estimate.incomplete > 0 ? (
        <span class="next">
          {plural(estimate.incomplete, "row")} not sent:{" "}
          {find
            ? "a first name, last name or company website is missing or is no name or domain, or the website is not the company's own (a free email provider, a page on a shared site)"
            : "not one email address"}{" "}
          (their status says which).
        </span>
      ) : null}
      {estimate.maybeCharged > 0 ? (
        <span class="next" data-testid="emails-maybe-charged">
          {plural(estimate.maybeCharged, "failed row")} may have been charged already (sent, no answer read):{" "}
          {estimate.maybeChargedIncluded ? "sent again, and may be charged a second time." : "left out."}
          {onMaybeCharged ? (
            <label style={{ fontWeight: 400, display: "block" }}>
              <input
                type="checkbox"
                checked={estimate.maybeChargedIncluded}
                onChange={(e) => onMaybeCharged((e.currentTarget as HTMLInputElement).checked)}
              />{" "}
              Send them again too (they may be charged twice)
            </label>
          ) : null}
        </span>
      ) : null}
      <span class="next">
        The most it can cost: 1 credit per {what} sent.{" "}
        {find ? "The API may charge only for the valid emails it finds; the" : "The"} summary says what the
        API's ledger charged.
      </span>
      <span class="next">
        Balance {estimate.balance === null ? "unknown" : plural(estimate.balance, "credit")} · cap{" "}
        {plural(estimate.cap, "credit")}
        {estimate.maxCredits > estimate.cap
          ? ` (the run stops at the cap, after about ${plural(estimate.cap, what, find ? "people" : "addresses")})`
          : ""}
      </span>
      <BalanceNote balance={estimate.balance} maxCredits={estimate.maxCredits} />
      <span class="next">
        Reads {estimate.reads}; writes {estimate.writes}.
      </span>
    </div>
  );
}
