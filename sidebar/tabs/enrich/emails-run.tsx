/**
 * An Emails run in progress or finished: rows done, the statuses so far (a catch-all is counted
 * apart from valid: its domain accepts any address), the summary with what the ledger charged,
 * and the run's buttons. Someone else's run is shown read-only: stepping it would spend their key.
 */
import type { EmailProgress } from "../../../src/rpc/emails";
import type { RunOwner } from "../../../src/rpc/enrich";
import { ProgressBar } from "../../components/progress";

export function EmailsRunView(props: {
  progress: EmailProgress;
  driving: boolean;
  owner: RunOwner | null;
  busy: boolean;
  onPause(): void;
  onResume(): void;
  onCancel(): void;
  onRetry(): void;
  onNew(): void;
}) {
  const { progress } = props;
  const c = progress.counts;
  const finished =
    progress.state === "done" || progress.state === "cancelled" || progress.state === "stopped";
  const others = props.owner !== null && !props.owner.mine;
  return (
    <section aria-label="Emails run" data-testid="emails-run" data-state={progress.state}>
      <p>
        <strong>
          {progress.state === "running"
            ? props.driving
              ? "Running…"
              : "Paused when the sidebar closed."
            : progress.state === "paused"
              ? "Paused."
              : progress.state === "done"
                ? "Done."
                : progress.state === "cancelled"
                  ? "Cancelled."
                  : "Stopped."}
        </strong>{" "}
        <span class="muted">
          {progress.kind === "find" ? "Find emails" : "Validate emails"} · {progress.sheetName} rows{" "}
          {progress.rows}
        </span>
      </p>
      {others ? (
        <p class="notice info">
          This run belongs to {props.owner?.label}, who confirmed it: it spends their key. You can watch it
          here.
        </p>
      ) : null}
      <ProgressBar
        done={Math.max(0, progress.done - c.failed)}
        failed={c.failed}
        remaining={progress.total - progress.done}
        spent={progress.charges ? progress.charges.charged : progress.sent}
        cap={progress.cap}
        unit="rows"
      />
      <p class="muted" data-testid="emails-counts">
        {c.valid} valid · {c.catchAll} catch-all · {c.invalid} invalid
        {progress.kind === "find" ? ` · ${c.notFound} not found` : ""}
        {c.failed > 0 ? ` · ${c.failed} not checked` : ""}
      </p>
      {progress.message ? (
        <div class="notice error" role="alert">
          {progress.message.message}
          {progress.message.next ? <span class="next">{progress.message.next}</span> : null}
        </div>
      ) : null}
      {progress.summary ? (
        <p class="notice ok" data-testid="emails-summary">
          {progress.summary}
        </p>
      ) : null}
      <div class="buttons" hidden={others}>
        {progress.state === "running" && props.driving ? (
          <button type="button" class="secondary" onClick={props.onPause}>
            Pause
          </button>
        ) : null}
        {(progress.state === "running" && !props.driving) || progress.state === "paused" ? (
          <button type="button" class="action" disabled={props.busy} onClick={props.onResume}>
            Resume
          </button>
        ) : null}
        {!finished ? (
          <button type="button" class="secondary" disabled={props.busy} onClick={props.onCancel}>
            Cancel
          </button>
        ) : (
          <>
            {c.failed > 0 ? (
              <button type="button" class="secondary" disabled={props.busy} onClick={props.onRetry}>
                Retry failed rows
              </button>
            ) : null}
            <button type="button" class="action" onClick={props.onNew}>
              New emails run
            </button>
          </>
        )}
      </div>
    </section>
  );
}
