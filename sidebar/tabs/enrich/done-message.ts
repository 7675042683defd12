/** The notice a finished run leaves: what was refreshed, skipped, not found or failed, and what it cost. */
import { emailSummaryText } from "../../../src/jobs/enrich/email-summary";
import { skipReasons } from "../../../src/jobs/enrich/progress";
import { chargesText, usdChargedText } from "../../../src/jobs/ledger/charges-text";
import type { EnrichProgress } from "../../../src/rpc/enrich";
import { plural } from "../../components/plural";

export function doneMessage(progress: EnrichProgress): string {
  const parts = [`${plural(progress.ok, "profile")} refreshed`];
  if (progress.skipped > 0) parts.push(`${progress.skipped} skipped (${skipReasons(progress.skips)})`);
  if (progress.notFound > 0) parts.push(`${progress.notFound} not found`);
  if (progress.failed + progress.interrupted > 0)
    parts.push(`${progress.failed + progress.interrupted} failed`);
  if (progress.invalidRows > 0) parts.push(`${plural(progress.invalidRows, "cell")} held no profile URL`);
  const emails = emailsTouched(progress) ? ` ${emailSummaryText(progress.emails!)}.` : "";
  // A bulk run of an account billed in USD (A19): the jobs' own figure, in dollars.
  const cost =
    progress.billedIn === "usd"
      ? usdChargedText(progress.usdCharged ?? 0, progress.usdMaybeCharged)
      : chargesText(progress.charges, progress.spent, progress.maybeCharged);
  return `${parts.join(", ")}; ${cost}.${emails}`;
}

/** The run had the work-email pass and it wrote or charged something (a run that fetched nothing says nothing of it). */
function emailsTouched(progress: EnrichProgress): boolean {
  const e = progress.emails;
  return e !== undefined && e.valid + e.catchAll + e.notFound + e.outdated + e.failed + (e.charged ?? 0) > 0;
}
