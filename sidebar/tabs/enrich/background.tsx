/**
 * A run that goes on in the background (issue 23.16): the hourly trigger steps it as its owner
 * while the sidebar is closed. Reopened, the Enrich tab shows where it stands; its owner may
 * cancel it, or bring it back to drive it from the sidebar now. Other editors see it read-only.
 */
import type { BackgroundView, EnrichProgress } from "../../../src/rpc/enrich";
import { RunProgress } from "./run-progress";

const timeText = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

/** "N of M done": distinct URLs the run settled, of all it sends. */
export function doneOfTotal(progress: EnrichProgress): { done: number; total: number } {
  const done = progress.ok + progress.notFound + progress.failed + progress.interrupted;
  return { done, total: done + progress.remaining };
}

export function BackgroundPanel(props: {
  progress: EnrichProgress;
  background: BackgroundView;
  busy: boolean;
  onCancel(): void;
  onBringBack(): void;
}) {
  const { progress, background } = props;
  const { done, total } = doneOfTotal(progress);
  const next = background.waitUntil
    ? `the day's trigger time is used up: next step after ${timeText(background.waitUntil)}`
    : "next step within the hour";
  return (
    <section aria-label="Background run" data-testid="enrich-background">
      <p>
        <strong>
          Continuing in the background: {done.toLocaleString("en-US")} of {total.toLocaleString("en-US")}{" "}
          done, {next}.
        </strong>{" "}
        <span class="muted">
          {progress.sheetName}!{progress.range}
        </span>
      </p>
      <RunProgress progress={progress} />
      <p class="muted">
        {background.mine
          ? "You can close the sidebar: the hourly trigger goes on with your key, within the run's cap."
          : `It spends the key of ${background.owner}, who sent it to the background.`}
        {background.steppedAt ? ` Last step ${timeText(background.steppedAt)}.` : ""}
      </p>
      {background.mine ? (
        <div class="buttons">
          <button type="button" class="action" disabled={props.busy} onClick={props.onBringBack}>
            Bring back
          </button>
          <button type="button" class="secondary" disabled={props.busy} onClick={props.onCancel}>
            Cancel
          </button>
        </div>
      ) : null}
    </section>
  );
}
