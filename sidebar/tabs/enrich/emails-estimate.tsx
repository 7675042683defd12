/** The Emails estimate: rows to send, rows skipped (already holding an email), and the most it may cost. */
import type { EmailEstimate } from "../../../src/rpc/emails";
import { BalanceNote } from "../../components/balance-note";
import { plural } from "../../components/plural";

export function EmailsEstimateView({ estimate }: { estimate: EmailEstimate }) {
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
          {find ? "a first name, last name or company website is missing" : "not an email address"} (their
          status says which).
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
