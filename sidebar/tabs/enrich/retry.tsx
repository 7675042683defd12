/**
 * Retry failed rows, under a finished run: counts the rows worth sending again, offers (after
 * saying what it means) the ones that may have been charged already, estimates the retry as its
 * own run, and starts it on confirmation.
 */
import { useEffect, useState } from "preact/hooks";
import type { EnrichEstimate, EnrichProgress } from "../../../src/rpc/enrich";
import type { RetryCounts } from "../../../src/rpc/retry";
import { useServerCall } from "../../components/use-server-call";
import { call } from "../../rpc-client";
import { RerunButtons } from "./rerun-buttons";

export function RetryPanel({
  jobId,
  estimateView,
  onStart,
}: {
  jobId: string;
  estimateView(estimate: EnrichEstimate): preact.JSX.Element;
  onStart(progress: EnrichProgress): void;
}) {
  const { busy, run } = useServerCall();
  const [counts, setCounts] = useState<RetryCounts | null>(null);
  const [maybeCharged, setMaybeCharged] = useState(false);
  const [estimate, setEstimate] = useState<EnrichEstimate | null>(null);

  useEffect(() => {
    call("enrichRetryCounts", { jobId }).then(setCounts, () => setCounts(null));
  }, [jobId]);
  useEffect(() => setEstimate(null), [maybeCharged]);

  if (!counts || counts.retryable + counts.maybeCharged === 0) return null;
  const chosen = counts.retryable + (maybeCharged ? counts.maybeCharged : 0);

  return (
    <section class="form-group" aria-label="Retry failed rows" data-testid="enrich-retry">
      <strong>
        {counts.retryable > 0
          ? `${counts.retryable} failed URL${counts.retryable === 1 ? "" : "s"} can be sent again`
          : `${counts.maybeCharged} failed URL${counts.maybeCharged === 1 ? "" : "s"} may already have been charged`}
      </strong>
      {counts.maybeCharged > 0 ? (
        <label style={{ fontWeight: 400 }}>
          <input
            type="checkbox"
            checked={maybeCharged}
            onChange={(e) => setMaybeCharged(e.currentTarget.checked)}
          />{" "}
          Also retry {counts.maybeCharged} that may have been charged
          <span class="hint" style={{ display: "block" }}>
            They were sent and no answer was read (a timeout, an answer lost on the way, a cut-off): the API
            may already have charged for them. Sending them again may charge again.
          </span>
        </label>
      ) : null}
      {estimate ? estimateView(estimate) : null}
      <RerunButtons
        estimate={estimate}
        busy={busy}
        run={run}
        estimateLabel="Retry failed rows"
        confirmLabel="Confirm & retry"
        disabled={chosen === 0}
        onEstimate={async () =>
          setEstimate(await call("enrichRetryEstimate", { jobId, includeMaybeCharged: maybeCharged }))
        }
        onStart={onStart}
      />
    </section>
  );
}
