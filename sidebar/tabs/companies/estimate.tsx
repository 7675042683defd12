/** The estimate before anything is spent: the most it can cost against the balance and the spend cap. */
import type { CompanyEstimate } from "../../../src/rpc/companies";
import { BalanceNote } from "../../components/balance-note";

import { plural } from "../../components/plural";

export { plural };

export function EstimateView({
  estimate,
  busy,
  onConfirm,
  onFitCap,
  onCancel,
}: {
  estimate: CompanyEstimate;
  busy: boolean;
  onConfirm(): void;
  onFitCap(total: number): void;
  onCancel(): void;
}) {
  const { maxCredits, balance, balanceError, cap, total, offset, pages, pageSize, withinCap } = estimate;
  const overCap = maxCredits > cap;
  return (
    <div class="notice info" data-testid="company-estimate">
      <strong>
        {plural(total, "company", "companies")} from match {(offset + 1).toLocaleString("en-US")}: up to{" "}
        {plural(maxCredits, "credit")}
      </strong>
      <br />
      Balance {balance === null ? "unknown" : plural(balance, "credit")} · spend cap {plural(cap, "credit")}
      <span class="next">
        1 credit per company returned; skipped companies are free.{" "}
        {pages === 1
          ? "One request."
          : `${pages} requests of ${pageSize}: the first, then the other ${pages - 1} in parallel.`}
      </span>
      {estimate.knownExcluded ? (
        <span class="next" data-testid="company-known-excluded">
          {plural(estimate.knownExcluded, "company", "companies")} already in the {estimate.sheetName} sheet
          left out: never charged again (saves up to{" "}
          {plural(Math.min(estimate.knownExcluded, total), "credit")} here; match numbers count the others).
        </span>
      ) : null}
      {estimate.revenue ? (
        <span class="next" data-testid="company-estimate-revenue">
          Revenue: {estimate.revenue} (sent in the API's unit, millions of US dollars).
        </span>
      ) : null}
      {estimate.flags && estimate.flags.length > 0 ? (
        <span class="next" data-testid="company-estimate-flags">
          Also sent: {estimate.flags.map((flag) => `${flag}: true`).join(", ")} (no price of their own).
        </span>
      ) : null}
      {estimate.leaveOut ? <LeaveOutNote leaveOut={estimate.leaveOut} /> : null}
      {estimate.cut ? (
        <span class="next">Cut to the first 1,600 matches: the API searches no further.</span>
      ) : null}
      {overCap ? (
        <span class="next" data-testid="company-over-cap">
          This is above your spend cap of {plural(cap, "credit")}: fetch at most{" "}
          {plural(withinCap, "company", "companies")} per run, or raise the cap in Settings.
        </span>
      ) : null}
      {overCap ? null : <BalanceNote balance={balance} maxCredits={maxCredits} />}
      {balanceError ? <span class="next">{balanceError}</span> : null}
      {estimate.searchesLeft ? (
        <span class="next" data-testid="company-searches-left">
          {estimate.searchesLeft}
        </span>
      ) : null}
      <div class="buttons">
        {overCap ? (
          withinCap > 0 ? (
            <button type="button" class="action" disabled={busy} onClick={() => onFitCap(withinCap)}>
              Fetch {withinCap.toLocaleString("en-US")} instead
            </button>
          ) : null
        ) : (
          <button type="button" class="action" disabled={busy} onClick={onConfirm}>
            Confirm & search
          </button>
        )}
        {/* Back, not Cancel: while the search runs, Cancel search below stops it. */}
        <button type="button" class="secondary" disabled={busy} onClick={onCancel}>
          Back
        </button>
      </div>
    </div>
  );
}

/** What the leave-out sheet's column leaves out, and what in it cannot be left out before paying. */
function LeaveOutNote({ leaveOut }: { leaveOut: NonNullable<CompanyEstimate["leaveOut"]> }) {
  const { sheet, column, ids, domains, unmatched } = leaveOut;
  return (
    <span class="next" data-testid="company-leave-out">
      From {sheet} ({column}): {plural(ids, "company id")} and {plural(domains, "domain")} left out before
      anything is charged.
      {unmatched > 0
        ? ` ${plural(unmatched, "row holds", "rows hold")} neither an id nor a domain (a name, or a profile link by name): those companies cannot be left out and may be charged if they match.`
        : ""}
    </span>
  );
}
