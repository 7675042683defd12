/** Sidebar <-> server methods of the Emails action (Enrich tab): find or validate emails of selected rows. */
import type { EmailJobKind } from "../jobs/emails/columns";
import type { EmailEstimate, EmailProgress } from "../jobs/emails/job-types";
import type { RunOwner } from "./enrich";

export type { EmailEstimate, EmailProgress } from "../jobs/emails/job-types";

export interface EmailsStartup {
  /** The document's current run (any state but estimated), or null. */
  job: EmailProgress | null;
  owner: RunOwner | null;
  /** The menu asked for this action: open the Enrich tab on it, with this kind chosen. */
  focus: EmailJobKind | null;
}

export interface EmailsMethods {
  emailsStartup: { arg: null; result: EmailsStartup };
  /** Plans the selection (free): rows to send, skipped, the most it may cost. */
  emailsEstimate: { arg: { kind: EmailJobKind }; result: EmailEstimate };
  emailsConfirm: { arg: { jobId: string }; result: EmailProgress };
  emailsStep: { arg: { jobId: string }; result: EmailProgress };
  emailsPause: { arg: { jobId: string }; result: EmailProgress };
  emailsResume: { arg: { jobId: string }; result: EmailProgress };
  emailsCancel: { arg: { jobId: string }; result: EmailProgress };
  /** Retry failed rows: the estimate of the run's "not checked" rows. */
  emailsRetryEstimate: { arg: { jobId: string }; result: EmailEstimate };
}
