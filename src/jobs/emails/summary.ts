/**
 * What an Emails run did, in one line: the statuses (a catch-all is never counted as valid: its
 * domain accepts any address, so nothing proves the mailbox), what was skipped or copied, and what
 * the API's ledger says was charged (or, when it could not be read, the most it may have been).
 */
import { chargesText } from "../ledger/charges-text";
import type { EmailJob } from "./job-types";

const n = (count: number) => count.toLocaleString("en-US");

export function summaryText(job: EmailJob): string {
  const c = job.counts;
  const parts = [
    `${n(c.valid)} valid`,
    `${n(c.catchAll)} catch-all (unproven)`,
    `${n(c.invalid)} invalid`,
    ...(job.kind === "find" ? [`${n(c.notFound)} not found`] : []),
    ...(c.unknown > 0 ? [`${n(c.unknown)} unknown`] : []),
    ...(c.failed > 0 ? [`${n(c.failed)} not checked (Retry failed rows)`] : []),
    ...(c.skipped > 0
      ? [`${n(c.skipped)} skipped (already ${job.kind === "find" ? "holding an email" : "checked"})`]
      : []),
    ...(c.copied > 0 ? [`${n(c.copied)} duplicate${c.copied === 1 ? "" : "s"} answered once`] : []),
    ...(c.incomplete > 0
      ? [
          `${n(c.incomplete)} not sent (${job.kind === "find" ? "a name or a company domain missing, or not the company's own" : "not one email address: see their status"})`,
        ]
      : []),
  ];
  const cost = job.charges
    ? chargesText(job.charges, job.charges.charged, c.maybeCharged)
    : `the API's ledger could not be read: at most ${n(job.sent)} credit${job.sent === 1 ? "" : "s"} (1 per ${job.kind === "find" ? "person" : "address"} sent)`;
  return `${parts.join(", ")}; ${cost}.`;
}
