/** Top of the Credits tab: balance (free call) with Refresh, recent spending, and the spend cap. */
import type { CreditsSummary } from "../../../src/rpc/credits";
import { creditsText as credits } from "../../components/balance-note";

const BIG = { fontSize: "20px", fontWeight: 500, margin: "2px 0" } as const;
const ROW = { display: "flex", justifyContent: "space-between", alignItems: "center", gap: "8px" } as const;
const LINK = {
  border: 0,
  background: "none",
  color: "var(--blue)",
  padding: 0,
  font: "inherit",
  cursor: "pointer",
} as const;

export function CreditsSummaryView({
  summary,
  loading,
  onRefresh,
  onOpenSettings,
}: {
  summary: CreditsSummary | null;
  loading: boolean;
  onRefresh(): void;
  onOpenSettings(): void;
}) {
  const atLeast = summary?.ok && !summary.spendingComplete ? "at least " : "";
  return (
    <section aria-labelledby="credits-balance-title">
      <div style={ROW}>
        <h2 id="credits-balance-title">Balance</h2>
        <button type="button" class="secondary" disabled={loading} onClick={onRefresh}>
          {loading ? "Refreshing…" : "Refresh"}
        </button>
      </div>
      {summary === null ? (
        <p class="muted">Loading…</p>
      ) : summary.ok ? (
        <>
          <p style={BIG} data-testid="credits-balance">
            {credits(summary.balance)}
          </p>
          {summary.reserved > 0 ? (
            <p class="muted" data-testid="credits-reserved">
              {credits(summary.reserved)} more reserved for requests in flight.
            </p>
          ) : null}
          {summary.spendingError && summary.spentLastWeek === 0 ? (
            // Nothing read: "at least 0 credits" would look like a figure.
            <p data-testid="credits-spent">
              Spending could not be read: {summary.spendingError.message}{" "}
              <span class="muted">Press Refresh to try again.</span>
            </p>
          ) : (
            <p data-testid="credits-spent">
              Spent in the last 24 h: <strong>{atLeast + credits(summary.spentLastDay)}</strong>
              <br />
              Last 7 days: <strong>{atLeast + credits(summary.spentLastWeek)}</strong>
              {summary.spendingError ? (
                <span class="muted">
                  {" "}
                  (not every page could be read: {summary.spendingError.message} Press Refresh to try again.)
                </span>
              ) : null}
            </p>
          )}
          {summary.pendingLastWeek > 0 ? (
            <p class="hint" data-testid="credits-pending">
              Not counted: {credits(summary.pendingLastWeek)} pending for requests still in flight (counted
              once they settle; reversed charges never are).
            </p>
          ) : null}
        </>
      ) : (
        <p role="alert" style={{ color: "var(--error)" }} data-testid="credits-balance-error">
          {summary.error.message} <span class="muted">{summary.error.next}</span>
        </p>
      )}
      {summary ? (
        <p data-testid="credits-cap">
          Spend cap per run: <strong>{credits(summary.spendCap)}</strong>{" "}
          <button type="button" style={LINK} onClick={onOpenSettings}>
            Change in Settings
          </button>
        </p>
      ) : null}
    </section>
  );
}
