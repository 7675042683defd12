/** The estimate before spending, and what a run did: leads written, credits, each search's answer. */

import type { SendingNote } from "../../../src/jobs/kept-rows";
import {
  isExplainedStatus,
  type LeftOut,
  leadSearchStatusText,
} from "../../../src/jobs/lead-search/status-text";
import { chargesText } from "../../../src/jobs/ledger/charges-text";
import type { LeadsEstimate, LeadsRunResult } from "../../../src/rpc/leads";
import { readableUtc } from "../../../src/sheet/sheet-time";
import { BalanceNote } from "../../components/balance-note";
import { EmailCost, EmailsResult, LeaveOutNote } from "./destination-notes";
import { fieldLabel } from "./field-labels";
import { plural } from "./inputs";

const LIST = { paddingLeft: "16px", margin: "4px 0" } as const;

/** The leads the run left out before sending: the sheet's own, and a leave-out sheet's. */
/** A search an earlier run sent and was cut off right after, its answer lost (kept-rows.ts). */
function lostEarlierText(note: SendingNote): string {
  const when = note.at === "" ? "" : ` at ${readableUtc(note.at)}`;
  return `A search sent${when} was cut off right after it was sent: it may have been charged (up to ${plural(note.maxCredits, "credit")}), and its leads could not be kept. The Credits tab's transaction list shows what it cost.`;
}

function leftOutOf(result: Extract<LeadsRunResult, { ok: true }>): LeftOut {
  const sheets = result.leaveOut
    ? `${result.sheetName} sheet and ${result.leaveOut.sheet}`
    : `${result.sheetName} sheet`;
  return {
    count: result.knownExcluded + result.knownByName + (result.leaveOut?.excluded ?? 0),
    where: `the ${sheets}`,
  };
}

export function EstimateView({ estimate }: { estimate: Extract<LeadsEstimate, { ok: true }> }) {
  const { searches, maxCredits, balance, balanceError, cap } = estimate;
  return (
    <div class="notice info" data-testid="leads-estimate">
      <strong>
        {plural(searches, "search")}, up to {plural(maxCredits, "credit")}
      </strong>
      <br />
      Balance {balance === null ? "unknown" : plural(balance, "credit")} · cap {plural(cap, "credit")} · 1
      credit per lead returned (the most: Max leads per search, or the target's cap) · written to{" "}
      {estimate.sheetName}
      <EmailCost estimate={estimate} />
      {maxCredits > cap ? (
        <span class="next" role="alert">
          Over your spend cap: lower Max leads per search to{" "}
          {Math.floor(cap / Math.max(1, searches) / (estimate.emailCredits > 0 ? 2 : 1))} or less, or raise
          the cap in Settings.
        </span>
      ) : null}
      <LeaveOutNote leaveOut={estimate.leaveOut} />
      {estimate.knownExcluded > 0 ? (
        <span class="next" data-testid="leads-known-excluded">
          {plural(estimate.knownExcluded, "lead")} already in the {estimate.sheetName} sheet left out by Sales
          ID: never charged again (saves up to{" "}
          {plural(Math.min(estimate.knownExcluded, maxCredits), "credit")}).
        </span>
      ) : null}
      {estimate.knownByName > 0 ? (
        <span class="next" data-testid="leads-known-by-name">
          {plural(estimate.knownByName, "lead")} of the {estimate.sheetName} sheet without a Sales ID left out
          by name: one whose name is spelled otherwise on the network (a suffix such as ", MBA") may be
          charged again, and is not written twice.
        </span>
      ) : null}
      {estimate.knownUnexcludable > 0 ? (
        <span class="next" role="alert" data-testid="leads-known-unexcludable">
          {plural(estimate.knownUnexcludable, "row")} of the {estimate.sheetName} sheet{" "}
          {estimate.knownUnexcludable === 1 ? "has" : "have"} neither Sales ID nor name:{" "}
          {estimate.knownUnexcludable === 1 ? "it" : "they"} cannot be left out before sending. If the search
          finds {estimate.knownUnexcludable === 1 ? "it" : "them"}, each is charged again (not written twice);
          fill in the Sales ID column to avoid that.
        </span>
      ) : null}
      <BalanceNote balance={balance} maxCredits={maxCredits} />
      {balanceError ? <span class="next">{balanceError}</span> : null}
      {searches > 1 ? (
        <span class="next" data-testid="leads-parallel">
          {estimate.parallel >= searches
            ? "All searches are sent at once."
            : `${plural(estimate.parallel, "search")} at a time: your account's parallel limit (or Settings' batch size, if lower).`}
        </span>
      ) : null}
      {estimate.searchesLeft ? (
        <span class="next" data-testid="leads-searches-left">
          {estimate.searchesLeft}
        </span>
      ) : null}
    </div>
  );
}

export function RunResult({
  result,
  busy = false,
  onNextPage,
  onSearchById,
  runOffset = 0,
}: {
  result: Extract<LeadsRunResult, { ok: true }>;
  busy?: boolean;
  /** The offset_by the run was made from: Next page at or below it counts among new leads only. */
  runOffset?: number;
  onNextPage?(offset: number): void;
  onSearchById?(id: string): void;
}) {
  const failed = result.searches.filter((s) => s.state === "failed");
  const notRun = result.searches.filter((s) => s.state === "not run");
  const single = result.searches.length === 1 ? result.searches[0] : undefined;
  return (
    <section aria-label="Lead search result" data-testid="leads-result">
      <div
        class={`notice ${result.cancelled ? "info" : failed.length > 0 || result.stoppedBy ? "error" : "ok"}`}
      >
        <strong>
          {result.cancelled ? "Cancelled: " : ""}
          {plural(result.written, "lead")} written to {result.sheetName}
          {result.rows
            ? result.rows.first === result.rows.last
              ? ` (row ${result.rows.first})`
              : ` (rows ${result.rows.first}-${result.rows.last})`
            : ""}
        </strong>
        <span class="next" data-testid="leads-charged">
          {chargesText(result.charges, result.spent)}
          {result.duplicates > 0
            ? ` · ${plural(result.duplicates, "duplicate")} not written again (${result.leaveOut ? `in the sheet or ${result.leaveOut.sheet}; ` : ""}charged: the API returned ${result.duplicates === 1 ? "it" : "them"})`
            : ""}
          {single?.state === "ok"
            ? `${single.results_count ? ` · results: ${single.results_count}` : ""}${
                single.status && !isExplainedStatus(single.status) ? ` · status: ${single.status}` : ""
              }`
            : ""}
        </span>
        {/* No match, no such company: a sentence of what happened and what to do, on its own line. */}
        {single?.state === "ok" && isExplainedStatus(single.status) ? (
          <span class="next" data-testid="leads-status">
            {leadSearchStatusText(single.status, single.companyName, leftOutOf(result))}
          </span>
        ) : null}
        <EmailsResult result={result} />
        {result.recovered > 0 ? (
          <span class="next" data-testid="leads-recovered">
            Written first: {plural(result.recovered, "lead")} an earlier search paid for and was cut off
            before writing (not charged again).
          </span>
        ) : null}
        {result.lostEarlier ? (
          <span class="next" data-testid="leads-lost-earlier">
            {lostEarlierText(result.lostEarlier)}
          </span>
        ) : null}
        {result.throttled > 0 ? (
          <span class="next" data-testid="leads-throttled">
            Throttled: slowing down. Your account allows fewer searches at once than the add-on sent, so it
            sent fewer at a time ({plural(result.throttled, "answer")} said "too many"); nothing was charged
            twice.
          </span>
        ) : null}
        {result.stoppedBy ? (
          <span class="next" data-testid={result.cancelled ? "leads-cancelled" : undefined}>
            {result.stoppedBy.message} {result.stoppedBy.next}
          </span>
        ) : null}
      </div>
      {single?.company || result.companyChoices.length > 0 ? (
        <CompanyUsed result={result} busy={busy} onSearchById={onSearchById} />
      ) : null}
      {/* A cancelled search's error is the run's own Cancel, said once above. */}
      {result.problems.length > 0 ? (
        // The API's refusal is said in full under the field it names (api-problems.ts).
        <div class="notice error" role="alert" data-testid="leads-refused-at-field">
          The API did not accept the search: the reason is under {refusedFields(result)}, below. Nothing was
          charged.
        </div>
      ) : single?.error && single.error.kind !== "cancelled" ? (
        <div class="notice error" role="alert">
          {single.error.message}
          {single.error.hint ? <span class="next">Server: {single.error.hint}</span> : null}
          <span class="next">{single.error.next}</span>
        </div>
      ) : null}
      {result.searches.length > 1 ? <PerCompany result={result} /> : null}
      {result.nextOffset !== null && onNextPage ? (
        <div class="buttons">
          <button
            type="button"
            class="secondary"
            disabled={busy}
            data-testid="leads-next-page"
            onClick={() => onNextPage(result.nextOffset ?? 0)}
          >
            {result.nextOffset <= runOffset
              ? // The leads just written are excluded from now on: the next ones move up (next-page.ts).
                `Next page (the next leads not in the ${result.sheetName} sheet)`
              : `Next page (leads after the first ${result.nextOffset.toLocaleString("en-US")})`}
          </button>
        </div>
      ) : null}
      {notRun.length > 0 ? (
        <p class="muted">{plural(notRun.length, "search")} not run: run again for those companies.</p>
      ) : null}
    </section>
  );
}

/**
 * A search by company name: which company the API picked (from its leads), and the Companies
 * sheet's rows of that name, each with a button to search by its id instead (issue 14.2).
 */
function CompanyUsed({
  result,
  busy,
  onSearchById,
}: {
  result: Extract<LeadsRunResult, { ok: true }>;
  busy: boolean;
  onSearchById?(id: string): void;
}) {
  const used = result.searches[0]?.company;
  const others = result.companyChoices.filter((choice) => choice.network_id !== used?.id);
  return (
    <div class="notice info" data-testid="leads-company-used">
      {used ? (
        <span>
          Searched at <strong>{used.name || "a company"}</strong> (id {used.id}
          {used.website ? ` · ${used.website}` : ""}), the company the API found for this name.
        </span>
      ) : (
        <span>No lead came back, so the API did not say which company it found for this name.</span>
      )}
      {others.length > 0 ? (
        <>
          <span class="next">
            {/* "Another" only beside the company the API named: without one, these are the only ones. */}
            {others.length === 1
              ? `Your Companies sheet has ${used ? "another company" : "a company"} of this name: search by its id to be sure.`
              : `Your Companies sheet has ${others.length}${used ? " other" : ""} companies of this name: search by one's id to be sure.`}
          </span>
          <ul style={LIST}>
            {others.map((choice) => (
              <li key={choice.row}>
                Row {choice.row}: {choice.name} (id {choice.network_id}
                {choice.website ? ` · ${choice.website}` : ""}){" "}
                {onSearchById ? (
                  <button
                    type="button"
                    class="secondary"
                    disabled={busy}
                    onClick={() => onSearchById(choice.network_id)}
                  >
                    Search by this id
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** A search that failed after some of its pages were paid: what it kept (in the sheet), then `what`. */
function keptBefore(s: Extract<LeadsRunResult, { ok: true }>["searches"][number], what: string): string {
  return s.leads > 0 ? `${plural(s.leads, "lead")} fetched (${s.written} new), then ${what}: ` : "";
}

/** The fields the API's refusals are shown under (api-problems.ts), by their labels. */
function refusedFields(result: Extract<LeadsRunResult, { ok: true }>): string {
  return [...new Set(result.problems.map((p) => fieldLabel(p.path)))].join(", ");
}

/** Why a company's search failed: a refusal said under its field is only pointed at here. */
function failureText(
  s: Extract<LeadsRunResult, { ok: true }>["searches"][number],
  result: Extract<LeadsRunResult, { ok: true }>,
): string {
  if (s.error?.kind === "validation" && result.problems.length > 0) {
    return `not accepted by the API (the reason is under ${refusedFields(result)}; nothing charged)`;
  }
  return `${s.error?.message ?? ""} ${s.error?.hint ? `(${s.error.hint})` : ""} ${s.error?.next ?? ""}`;
}

/** One line per company: failures first and open, the rest folded. */
/**
 * What the API said of a company's matches ("within limit", a count), in parentheses; a no-match
 * answer carries none (PRODUCTION.md A6), and said "0 leads ()" before.
 */
function matchesText(s: Extract<LeadsRunResult, { ok: true }>["searches"][number]): string {
  if (s.results_count) return ` (${s.results_count})`;
  return s.leads === 0 ? " (none matched)" : "";
}

function PerCompany({ result }: { result: Extract<LeadsRunResult, { ok: true }> }) {
  const failed = result.searches.filter((s) => s.state === "failed");
  const ok = result.searches.filter((s) => s.state === "ok");
  const withLeads = ok.filter((s) => s.leads > 0).length;
  return (
    <div data-testid="leads-per-company">
      <p>
        {plural(withLeads, "company")} with leads, {plural(ok.length - withLeads, "company")} without
        {failed.length > 0 ? `, ${plural(failed.length, "company")} failed` : ""}.
      </p>
      {failed.length > 0 ? (
        <ul style={LIST} role="alert" data-testid="leads-failed-companies">
          {failed.map((s, index) => (
            <li key={`${index}:${s.label}`}>
              <strong>{s.label}</strong>: {keptBefore(s, "stopped")}
              {failureText(s, result)}
            </li>
          ))}
        </ul>
      ) : null}
      <details>
        <summary>Per company</summary>
        <ul style={LIST}>
          {result.searches.map((s, index) => (
            <li key={`${index}:${s.label}`}>
              <strong>{s.label}</strong>:{" "}
              {s.state === "ok"
                ? `${plural(s.leads, "lead")}${matchesText(s)}, ${s.written} new`
                : s.state === "failed"
                  ? `${keptBefore(s, "failed") || "failed: "}${s.error?.message ?? ""}`
                  : "not run (the run stopped or its time ran out)"}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
