/**
 * The line under a run's progress bar: URLs skipped, not found, and sent without an answer read.
 */
import { skipReasons } from "../../../src/jobs/enrich/progress";
import type { EnrichProgress } from "../../../src/rpc/enrich";
import { plural } from "../../components/plural";

export function outcomeCounts(progress: EnrichProgress): string {
  return [
    progress.skipped > 0
      ? `${plural(progress.skipped, "URL")} skipped (${skipReasons(progress.skips)}; free). `
      : "",
    progress.notFound > 0 ? `${plural(progress.notFound, "profile")} not found (free). ` : "",
    progress.interrupted > 0
      ? `${plural(progress.interrupted, "URL")} sent with no answer read (a cut-off, a lost answer; may have been charged): see their rows' status.`
      : "",
  ].join("");
}
