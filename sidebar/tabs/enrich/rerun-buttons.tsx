/**
 * The buttons of a new run over the last run's rows (Retry failed rows, Finish this run): first
 * its estimate, then Confirm, which starts it. One place, so both confirm the same way.
 */
import type { EnrichEstimate, EnrichProgress } from "../../../src/rpc/enrich";
import { call } from "../../rpc-client";

export function RerunButtons(props: {
  estimate: EnrichEstimate | null;
  busy: boolean;
  run(work: () => Promise<void>): Promise<unknown>;
  estimateLabel: string;
  confirmLabel: string;
  disabled?: boolean;
  /** The estimate's server call. */
  onEstimate(): Promise<void>;
  onStart(progress: EnrichProgress): void;
}) {
  const { estimate, busy, run } = props;
  return (
    <div class="buttons">
      {estimate ? (
        <button
          type="button"
          class="action"
          disabled={busy}
          onClick={() =>
            void run(async () =>
              props.onStart(await call("enrichConfirm", { jobId: estimate.progress.jobId })),
            )
          }
        >
          {props.confirmLabel}
        </button>
      ) : (
        <button
          type="button"
          class="secondary"
          disabled={busy || props.disabled === true}
          onClick={() => void run(props.onEstimate)}
        >
          {props.estimateLabel}
        </button>
      )}
    </div>
  );
}
