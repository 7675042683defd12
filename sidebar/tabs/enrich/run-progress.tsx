/** An Enrich run's progress bar: distinct URLs done, failed and left, and credits against the run's cap. */
import type { EnrichProgress } from "../../../src/rpc/enrich";
import { ProgressBar } from "../../components/progress";

export function RunProgress({ progress }: { progress: EnrichProgress }) {
  return (
    <ProgressBar
      done={progress.ok + progress.notFound}
      failed={progress.failed + progress.interrupted}
      remaining={progress.remaining}
      spent={progress.spent}
      cap={progress.cap}
      unit="distinct URLs"
    />
  );
}
