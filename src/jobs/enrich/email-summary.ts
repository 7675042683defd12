/**
 * The work-email pass in the words of a run's summary (the sidebar's and Cancel's): rows by
 * outcome, and the credits its finder calls cost, from the ledger when it was read, else the most
 * they may have cost (the finder's answers carry no amount). Never names an address.
 */
import type { EnrichProgress } from "./job-types";

type Emails = NonNullable<EnrichProgress["emails"]>;

const credits = (n: number) => `${n.toLocaleString("en-US")} credit${n === 1 ? "" : "s"}`;

/** "Work emails: 12 valid, 3 catch-all (unconfirmed), 5 not found; 20 finder rows sent, 12 credits charged (ledger)". */
export function emailSummaryText(emails: Emails): string {
  const parts = [
    `${emails.valid} valid`,
    emails.catchAll > 0 ? `${emails.catchAll} catch-all (unconfirmed)` : "",
    emails.notFound > 0 ? `${emails.notFound} not found` : "",
    emails.outdated > 0 ? `${emails.outdated} kept but outdated (fill mode)` : "",
    emails.failed > 0 ? `${emails.failed} not checked (see Email Status)` : "",
  ].filter(Boolean);
  const cost =
    emails.charged === null
      ? `up to ${credits(emails.creditsAtMost)}`
      : `${credits(emails.charged)} charged (the API's ledger)`;
  return `Work emails: ${parts.join(", ")}; ${cost}`;
}

/** The estimate's sentence for the work-email pass over `urls` distinct URLs to look up. */
export function emailEstimateText(urls: number): string {
  return `Work email: up to ${credits(urls)} more (at most 1 a profile found, for rows whose Email is empty or whose job changed; the API may charge only for valid emails found). A catch-all company's address is marked catch-all, never valid.`;
}
