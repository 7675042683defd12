/**
 * Finish this run, under a cancelled run with URLs not reached (issue 23.5): estimates a run over
 * those URLs only (what the cancelled run did is skipped, never bought again) and starts it on
 * confirmation.
 */
import { useState } from "preact/hooks";
import type { EnrichEstimate, EnrichProgress } from "../../../src/rpc/enrich";
import { useServerCall } from "../../components/use-server-call";
import { call } from "../../rpc-client";
import { RerunButtons } from "./rerun-buttons";

export function FinishPanel({
  progress,
  estimateView,
  onStart,
}: {
  progress: EnrichProgress;
  estimateView(estimate: EnrichEstimate): preact.JSX.Element;
  onStart(progress: EnrichProgress): void;
}) {
  const { busy, run } = useServerCall();
  const [estimate, setEstimate] = useState<EnrichEstimate | null>(null);
  if (progress.state !== "cancelled" || progress.remaining === 0) return null;
  const left = progress.remaining;
  return (
    <section class="form-group" aria-label="Finish this run" data-testid="enrich-finish">
      <strong>
        {left.toLocaleString("en-US")} URL{left === 1 ? "" : "s"} not reached by the cancelled run
      </strong>
      <span class="hint">
        Finish this run sends only those: the rows it refreshed, and the ones it sent, are not bought again.
      </span>
      {estimate ? estimateView(estimate) : null}
      <RerunButtons
        estimate={estimate}
        busy={busy}
        run={run}
        estimateLabel="Finish this run"
        confirmLabel="Confirm & finish"
        onEstimate={async () => setEstimate(await call("enrichFinishEstimate", { jobId: progress.jobId }))}
        onStart={onStart}
      />
    </section>
  );
}
