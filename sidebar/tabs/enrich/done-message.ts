/** The notice a finished run leaves: what was refreshed, skipped, not found or failed, and what it cost. */
import { skipReasons } from "../../../src/jobs/enrich/progress";
import { chargesText } from "../../../src/jobs/ledger/charges-text";
import type { EnrichProgress } from "../../../src/rpc/enrich";
import { plural } from "../../components/plural";

export function doneMessage(progress: EnrichProgress): string {
  const parts = [`${plural(progress.ok, "profile")} refreshed`];
  if (progress.skipped > 0) parts.push(`${progress.skipped} skipped (${skipReasons(progress.skips)})`);
  if (progress.notFound > 0) parts.push(`${progress.notFound} not found`);
  if (progress.failed + progress.interrupted > 0)
    parts.push(`${progress.failed + progress.interrupted} failed`);
  if (progress.invalidRows > 0) parts.push(`${plural(progress.invalidRows, "cell")} held no profile URL`);
  return `${parts.join(", ")}; ${chargesText(progress.charges, progress.spent, progress.maybeCharged)}.`;
}
