/**
 * A run in progress or finished: its state, progress bar, failures, the job-change digest, Retry and
 * Finish, Take over when another editor owns it, and the run's buttons.
 */
import { useState } from "preact/hooks";
import { creditsReported } from "../../../src/jobs/ledger/charges-text";
import type { EnrichProgress, RunOwner } from "../../../src/rpc/enrich";
import { plural } from "../../components/plural";
import { ProgressBar } from "../../components/progress";
import { EstimateView } from "./estimate";
import { FinishPanel } from "./finish";
import { HistoryPanel, JobChangeDigestView } from "./history";
import { outcomeCounts } from "./outcome-counts";
import { RetryPanel } from "./retry";
import { TakeOver } from "./take-over";

function stateLine(progress: EnrichProgress, driving: boolean): string {
  switch (progress.state) {
    case "running":
      // Nobody drives a run whose sidebar was closed: it waits, as if paused.
      return driving ? "Running…" : "Paused when the sidebar closed. Resume continues where it stopped.";
    case "paused":
      return "Paused. Resume continues where it stopped; nothing done is paid again.";
    case "stopped":
      return "Stopped.";
    case "done":
      return "Done.";
    case "cancelled":
      return "Cancelled.";
    default:
      return progress.state;
  }
}

/**
 * A scheduled run stopped at the schedule's own cap: Resume would stop again at once (the cap
 * stays the schedule's); its owner continues it under Scheduled refresh, with an estimate.
 */
function scheduleCapStop(progress: EnrichProgress): boolean {
  return progress.capSource === "schedule" && progress.message?.kind === "spend_cap";
}

/** Shown from the click on Continue in the background until the step in flight answers. */
export const HANDING_OVER = {
  kind: "handing_over",
  message: "Handing the run to the background once the step under way answers (seconds).",
  next: "You can close the sidebar: the hand-over is on its way, and nothing is sent twice.",
};

/** Run messages that are news, not trouble. */
const OK_KINDS = new Set(["cancelling", "cancelled", "handing_over"]);

export function RunView(props: {
  progress: EnrichProgress;
  driving: boolean;
  onPause(): void;
  onResume(): void;
  onCancel(): void;
  onNew(): void;
  onRetry(progress: EnrichProgress): void;
  onSelectFailed(): void;
  /** Set when someone else owns the run: read-only, with Take over. */
  owner: RunOwner | null;
  /** Hands the run to the hourly trigger (issue 23.16); absent where it cannot go (a schedule's run). */
  onBackground?(): void;
  onTaken(progress: EnrichProgress): void;
}) {
  const { progress } = props;
  const finished = progress.state === "done" || progress.state === "cancelled";
  const stopping = progress.message?.kind === "cancelling" || progress.message?.kind === "handing_over";
  const othersRun = props.owner !== null && !props.owner.mine && !finished;
  // Each Undo asks for the digest again: an undone run's job changes no longer stand.
  const [undos, setUndos] = useState(0);
  return (
    <section aria-label="Enrichment run" data-testid="enrich-run" data-state={progress.state}>
      <p>
        <strong>{stateLine(progress, props.driving)}</strong>{" "}
        {progress.throttled && progress.state === "running" ? (
          <span class="muted" data-testid="enrich-throttled">
            throttled: slowing down{" "}
          </span>
        ) : null}
        <span class="muted">
          {progress.sheetName}!{progress.range} · {plural(progress.rows, "row")}
        </span>
      </p>
      {/* A paragraph of its own: inline, it ran into the row count ("11 rows11 URLs"). */}
      {progress.inJobs && !finished ? (
        <p data-testid="enrich-in-jobs">
          {plural(progress.inJobs, "URL")} in the API's bulk jobs
          {progress.processedInJobs ? ` (${progress.processedInJobs} worked on so far)` : ""}: paid as each
          profile is found; their rows are written when their job completes (on Resume if the sidebar was
          closed meanwhile).
        </p>
      ) : null}
      <ProgressBar
        done={progress.ok + progress.notFound}
        failed={progress.failed + progress.interrupted}
        remaining={progress.remaining}
        // What the cap counts while the run goes (lookups never read included), the ledger's after.
        spent={
          progress.charges
            ? creditsReported(progress.charges, progress.spent)
            : progress.spent + progress.maybeCharged
        }
        cap={progress.cap}
        unit="distinct URLs"
      />
      {progress.notFound > 0 || progress.interrupted > 0 || progress.skipped > 0 ? (
        <p class="muted">{outcomeCounts(progress)}</p>
      ) : null}
      {progress.message ? (
        <div class={`notice ${OK_KINDS.has(progress.message.kind) ? "ok" : "error"}`} role="alert">
          {progress.message.message}
          {progress.message.next ? <span class="next">{progress.message.next}</span> : null}
        </div>
      ) : null}
      {progress.failures.length > 0 ? (
        <div data-testid="enrich-failures">
          <p>
            <strong>Rows not enriched</strong>
          </p>
          <ul class="failures">
            {progress.failures.map((failure) => (
              <li key={failure.reason}>
                {plural(failure.rows, "row")}: {failure.reason}
              </li>
            ))}
          </ul>
          {/* In a row of buttons, so what follows (the job changes) keeps its distance. */}
          <div class="buttons">
            <button type="button" class="secondary" onClick={props.onSelectFailed}>
              Select failed rows
            </button>
          </div>
        </div>
      ) : null}
      {progress.state === "done" ? (
        <JobChangeDigestView jobId={progress.jobId} cached={!progress.fresh} undos={undos} />
      ) : null}
      {progress.state === "done" && progress.failed + progress.interrupted > 0 ? (
        <RetryPanel
          key={progress.jobId}
          jobId={progress.jobId}
          estimateView={(estimate) => <EstimateView estimate={estimate} fresh={estimate.progress.fresh} />}
          onStart={props.onRetry}
        />
      ) : null}
      {!othersRun ? (
        <FinishPanel
          key={progress.jobId}
          progress={progress}
          estimateView={(estimate) => <EstimateView estimate={estimate} fresh={progress.fresh} />}
          onStart={props.onRetry}
        />
      ) : null}
      {othersRun && props.owner ? (
        <TakeOver jobId={progress.jobId} owner={props.owner} onTaken={props.onTaken} />
      ) : null}
      <div class="buttons" hidden={othersRun}>
        {progress.state === "running" && props.driving && !stopping ? (
          <button type="button" class="secondary" onClick={props.onPause}>
            Pause
          </button>
        ) : null}
        {((progress.state === "running" && !props.driving) ||
          progress.state === "paused" ||
          progress.state === "stopped") &&
        !scheduleCapStop(progress) ? (
          <button type="button" class="action" onClick={props.onResume}>
            Resume
          </button>
        ) : null}
        {props.onBackground && (progress.state === "running" || progress.state === "paused") && !stopping ? (
          <button type="button" class="secondary" onClick={props.onBackground}>
            Continue in the background
          </button>
        ) : null}
        {stopping ? null : !finished ? (
          <button type="button" class="secondary" onClick={props.onCancel}>
            Cancel
          </button>
        ) : (
          <button type="button" class="action" onClick={props.onNew}>
            New run
          </button>
        )}
      </div>
      {finished ? <HistoryPanel onUndone={() => setUndos((count) => count + 1)} /> : null}
    </section>
  );
}
