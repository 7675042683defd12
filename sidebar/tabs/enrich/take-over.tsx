/**
 * Someone else's run, read-only (issue 12.6): each step spends the key of whoever runs it, so
 * only the editor who confirmed a run drives it. "Take over (spends your key)" first asks the
 * server what the rest would cost this user (nothing changes), then asks; once confirmed the run
 * is this user's and the tab drives it as its own.
 */
import { useState } from "preact/hooks";
import type { EnrichProgress, RunOwner, TakeOverEstimate } from "../../../src/rpc/enrich";
import { useServerCall } from "../../components/use-server-call";
import { call } from "../../rpc-client";

const balanceText = (estimate: TakeOverEstimate) =>
  estimate.balance === null ? "" : `balance ${estimate.balance.toLocaleString("en-US")}, `;

export function TakeOver(props: { jobId: string; owner: RunOwner; onTaken(progress: EnrichProgress): void }) {
  const [estimate, setEstimate] = useState<TakeOverEstimate | null>(null);
  const { busy, run } = useServerCall();
  const ask = () =>
    run(async () => setEstimate(await call("enrichTakeOverEstimate", { jobId: props.jobId })));
  const take = (confirmed: TakeOverEstimate) =>
    run(async () => {
      const progress = await call("enrichTakeOver", {
        jobId: props.jobId,
        confirmedCredits: confirmed.maxCredits,
      });
      setEstimate(null);
      props.onTaken(progress);
    });
  return (
    <div class="notice info" data-testid="enrich-take-over">
      This run belongs to {props.owner.label}, who confirmed it: it spends their key. You can watch it here.
      {estimate ? (
        <p>
          The rest of it costs up to <strong>{estimate.maxCredits.toLocaleString("en-US")} credits</strong> of
          your key ({balanceText(estimate)}spend cap {estimate.cap.toLocaleString("en-US")} per run).
        </p>
      ) : null}
      <div class="buttons">
        {estimate ? (
          <>
            <button type="button" class="action" disabled={busy} onClick={() => take(estimate)}>
              Confirm: take over with my key
            </button>
            <button type="button" class="secondary" disabled={busy} onClick={() => setEstimate(null)}>
              Keep watching
            </button>
          </>
        ) : (
          <button type="button" class="secondary" disabled={busy} onClick={ask}>
            Take over (spends your key)
          </button>
        )}
      </div>
    </div>
  );
}
