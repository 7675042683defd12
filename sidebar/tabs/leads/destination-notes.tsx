/**
 * What the estimate and the result say of where the leads go (issue 23.17) and of their work
 * emails (issue 21.6): the sheet, the leave-out column's leads (which are never charged, which may
 * be), the email cost as a maximum, and what the ledger says the finder charged.
 */
import { chargesText } from "../../../src/jobs/ledger/charges-text";
import type { LeadsEstimate, LeadsRunResult, LeaveOutCounts } from "../../../src/rpc/leads";
import { plural } from "./inputs";

type Estimate = Extract<LeadsEstimate, { ok: true }>;
type Result = Extract<LeadsRunResult, { ok: true }>;

/** "… for the searches, up to … for work emails" when emails are asked for. */
export function EmailCost({ estimate }: { estimate: Estimate }) {
  if (estimate.emailCredits === 0) return null;
  return (
    <span class="next" data-testid="leads-email-cost">
      Up to {plural(estimate.searchCredits, "credit")} for the searches and up to{" "}
      {plural(estimate.emailCredits, "credit")} for work emails (1 a lead written, the most: what the API
      charges per email is read from its ledger afterwards).
    </span>
  );
}

export function LeaveOutNote({ leaveOut }: { leaveOut: LeaveOutCounts | null }) {
  if (leaveOut === null) return null;
  const from = `${leaveOut.sheet}'s ${leaveOut.column} column`;
  return (
    <>
      <span class="next" data-testid="leads-leave-out">
        {plural(leaveOut.excluded, "lead")} of {from} left out by sales id: never charged.
      </span>
      {leaveOut.unexcludable > 0 ? (
        <span class="next" role="alert" data-testid="leads-leave-out-unexcludable">
          {plural(leaveOut.unexcludable, "lead")} of {from} {leaveOut.unexcludable === 1 ? "is" : "are"} named
          by a profile URL or network id, which the API cannot leave out before sending: if a search finds{" "}
          {leaveOut.unexcludable === 1 ? "it" : "them"}, each is charged (and not written). A column of sales
          ids avoids that.
        </span>
      ) : null}
      {leaveOut.unmatched > 0 ? (
        <span class="next" data-testid="leads-leave-out-unmatched">
          {plural(leaveOut.unmatched, "cell")} of {from} name no lead (not a profile URL, sales id or network
          id): not left out.
        </span>
      ) : null}
    </>
  );
}

const STATUS_ORDER = ["valid", "catch-all", "unknown", "not found", "not checked"];

/** The run's emails: rows per status and what the ledger says the finder charged. */
export function EmailsResult({ result }: { result: Result }) {
  const emails = result.emails;
  if (!emails) return null;
  const counts = STATUS_ORDER.filter((status) => (emails.counts[status] ?? 0) > 0)
    .map((status) => `${emails.counts[status]} ${status}`)
    .join(", ");
  const charged = emails.charges
    ? chargesText(emails.charges, 0)
    : "what the finder charged could not be read: see the Credits tab (Email finder)";
  return (
    <span class="next" data-testid="leads-emails">
      Work emails: {counts || "none asked for"} · {charged}
      {emails.maybeCharged > 0
        ? ` · ${plural(emails.maybeCharged, "row")} got no answer and may have been charged: not sent again`
        : ""}
      {emails.stoppedBy ? ` · ${emails.stoppedBy.message} ${emails.stoppedBy.next}` : ""}
    </span>
  );
}
