/**
 * Work emails for the leads a search writes (issue 21.6): each new lead's own first and last name
 * and its company's website go to the email finder before its row is written, so the row lands
 * once with its Email and Email status. A catch-all domain's address says "catch-all", never
 * "valid" (email-answers.ts). A row whose call may have been charged without an answer says so and
 * is not sent again; no address ever goes into a message.
 */
import type { CallWindow } from "../../api/client-core";
import type { EmailBatchResult } from "../../api/emails";
import type { ApiError } from "../../api/errors";
import { validateEmailFinder } from "../../api/validate";
import type { EmailFinderRequest, Lead } from "../../api/wire";
import { type CellValue, safeText } from "../../sheet/cell-value";
import { normalizeHeader } from "../../sheet/columns";
import { LEAD_LABELS } from "../../sheet/field-labels";
import { finderRequestOf } from "../emails/person";
import { sharedSiteNote, sharedSiteOf } from "../emails/shared-sites";

/**
 * The headers of the two columns emails are written to (found case aside, else added): the
 * sheet's labels, as the Emails action and Enrich's Work email add them.
 */
export const EMAIL_HEADER = LEAD_LABELS.email;
export const EMAIL_STATUS_HEADER = LEAD_LABELS.email_status;

/** The part of the API client that finds emails. */
export interface LeadEmailFinder {
  findEmails(requests: EmailFinderRequest[], options: CallWindow): EmailBatchResult;
}

/** What the Email status cell says of a row the finder did not answer. */
export const EMAIL_NOT_CHECKED = {
  /** Its call was sent and its answer lost: it may have been charged, so it is not sent again. */
  maybeCharged: "not checked: may have been charged (not sent again)",
  /** The run stopped or its time ran out before the row was sent: nothing was charged. */
  notSent: "not checked: not sent",
  /** No first name, last name or company website (a domain) to ask with: nothing was sent. */
  noPerson: "not checked: no name or company website",
  /** The API answered the row with its own error. */
  failed: "not checked: the email service could not check it",
  /** The company's website is a page on a shared site (shared-sites.ts): nothing was sent. */
  sharedSite: sharedSiteNote,
} as const;

/** Where the Email and Email status columns are (0-based), and the headers to add for missing ones. */
export function emailColumns(
  headers: readonly string[],
  width: number,
): { email: number; status: number; added: string[] } {
  const find = (header: string) => headers.findIndex((h) => normalizeHeader(h) === normalizeHeader(header));
  const added: string[] = [];
  let email = find(EMAIL_HEADER);
  if (email === -1) {
    email = width + added.length;
    added.push(EMAIL_HEADER);
  }
  let status = find(EMAIL_STATUS_HEADER);
  if (status === -1) {
    status = width + added.length;
    added.push(EMAIL_STATUS_HEADER);
  }
  return { email, status, added };
}

export interface LeadEmails {
  /** Per lead, in order: [Email, Email status]. */
  cells: Array<[CellValue, CellValue]>;
  /** Rows sent to the finder (distinct people: the client sends each once). */
  sent: number;
  /** Rows whose call may have been charged without an answer read. */
  maybeCharged: number;
  /** A refused key, no credits left: the rest of the run's emails are not asked for. */
  stoppedBy: ApiError | null;
  /** Rows per status: valid, catch-all, not found, not checked. */
  counts: Record<string, number>;
}

/** A request the client would refuse (no name, "acme" for a website) is not asked: it says why. */
function isAsked(request: EmailFinderRequest): boolean {
  return validateEmailFinder(request).length === 0;
}

/** Finds the leads' emails in one client batch; leads without a name or website are not sent. */
export function findLeadEmails(
  finder: LeadEmailFinder,
  leads: readonly Lead[],
  deadline: number,
  /** Cancel pressed: asked before every fetchAll; rows not sent after it are "not sent". */
  stop?: () => boolean,
): LeadEmails {
  const requests = leads.map((lead) =>
    finderRequestOf(lead.first_name, lead.last_name, lead.company_website),
  );
  const shared = leads.map((lead) => sharedSiteOf(String(lead.company_website ?? "")));
  const asked = requests.flatMap((request, index) =>
    isAsked(request) && shared[index] === null ? [index] : [],
  );
  const result =
    asked.length === 0
      ? null
      : finder.findEmails(
          asked.map((index) => requests[index] as EmailFinderRequest),
          stop ? { deadline, stop } : { deadline },
        );
  const outcomeAt = new Map(asked.map((leadIndex, i) => [leadIndex, result?.outcomes[i] ?? null]));
  const counts: Record<string, number> = {};
  const cells = leads.map((_, index): [CellValue, CellValue] => {
    const site = shared[index];
    const cell: [CellValue, CellValue] = site
      ? ["", EMAIL_NOT_CHECKED.sharedSite(site)]
      : cellsOf(asked.includes(index), outcomeAt.get(index) ?? null);
    const key = String(cell[1]).startsWith("not checked") ? "not checked" : String(cell[1]);
    counts[key] = (counts[key] ?? 0) + 1;
    return cell;
  });
  return {
    cells,
    sent: result?.rowsAnswered ?? 0,
    maybeCharged: result?.rowsMaybeCharged ?? 0,
    stoppedBy: result?.stoppedBy ?? null,
    counts,
  };
}

function cellsOf(asked: boolean, outcome: EmailBatchResult["outcomes"][number]): [CellValue, CellValue] {
  if (!asked) return ["", EMAIL_NOT_CHECKED.noPerson];
  if (outcome === null) return ["", EMAIL_NOT_CHECKED.notSent];
  if (!outcome.ok) {
    return [
      "",
      outcome.error.charged === "maybe" ? EMAIL_NOT_CHECKED.maybeCharged : EMAIL_NOT_CHECKED.failed,
    ];
  }
  const { email, status } = outcome.value;
  if (email === null) return ["", "not found"];
  // The API's text: kept literal (an address that starts with "=" is not a formula).
  return [safeText(email), status];
}
