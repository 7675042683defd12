/**
 * When two spellings of a job are the same job. A refresh compares the Title and Company a row
 * holds (often typed by hand, or from a CRM export) with the API's, and the digest compares what
 * the change history recorded: both must agree, or the sheet says "no change" while the digest
 * lists one. "Acme" and "ACME Corp" and "Acme, Inc." are one employer, "VP  Sales" and "vp sales"
 * one title: listing such rows as moves buries the people who really moved.
 */

import { TITLE_SHORT_FORMS } from "../api/title-short-forms";
import type { Lead } from "../api/wire";
import { companyNameKey } from "./lead-search/company-match";

export type JobField = "job_title" | "company_name";

/** Words a title may carry or drop without meaning another job ("VP of Sales", "VP Sales"). */
const TITLE_STOP_WORDS = new Set(["or", "and", "of", "in", "at", "the"]);

/**
 * A title's words: accents, case, punctuation, stop-words and short forms aside ("C++", "C#"
 * kept), so a title typed by hand ("Sr. VP") agrees with the API's ("Senior Vice President").
 */
function titleKey(text: string): string {
  const words: string[] = [];
  const folded = text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  for (const word of folded.split(/[^\p{L}\p{N}+#]+/u)) {
    if (word === "" || TITLE_STOP_WORDS.has(word)) continue;
    words.push(TITLE_SHORT_FORMS[word] ?? word);
  }
  return words.join(" ");
}

/**
 * The text a field's spellings share ("" for an empty cell): a company's name as a lead search
 * matches it (legal form, case and punctuation aside), a title's words (titleKey).
 */
export function jobKey(field: JobField, text: string): string {
  return field === "company_name" ? companyNameKey(text) : titleKey(text);
}

/**
 * Whether a row's `before` and an answer's `after` show another job in this field: only when both
 * say something. An answer without the field's value (the API answered partly) shows no new job.
 */
export function jobFieldChanged(field: JobField, before: string, after: string): boolean {
  const old = jobKey(field, before);
  const now = jobKey(field, after);
  return old !== "" && now !== "" && old !== now;
}

/** The jobs an answer says the person still holds: its headline job and any other current one. */
function currentJobs(lead: Lead): Array<{ title: string; company: string }> {
  // Only a job the answer says is held (the spec's job_still_working): a work-history entry of the
  // current generation's slimmer shape that does not say is no reason to miss a move.
  const others = (lead.jobs ?? []).filter((job) => job?.job_still_working === true && !job.job_ended_on);
  return [lead, ...others].map((job) => ({
    title: String(job.job_title ?? ""),
    company: String(job.company_name ?? ""),
  }));
}

/**
 * Whether the job a row holds (`title`, `company`; either may be empty) is one the answer's person
 * still holds besides the headline one: a person with two current jobs (an advisor role, a board
 * seat) whose answer heads with the other job has not moved.
 */
function holdsOtherCurrentJob(lead: Lead, title: string, company: string): boolean {
  if (title === "" && company === "") return false;
  return currentJobs(lead)
    .slice(1)
    .some(
      (job) =>
        !jobFieldChanged("job_title", title, job.title) &&
        !jobFieldChanged("company_name", company, job.company) &&
        (title === "" || job.title !== "") &&
        (company === "" || job.company !== ""),
    );
}

/** What an answer says of the job a row holds: which fields moved, or that it is another current job. */
export interface JobComparison {
  title: boolean;
  company: boolean;
  /** The row holds another of the person's current jobs: no move, and its cells stay. */
  otherCurrent: boolean;
}

/** The one rule for "this person changed jobs": the sheet's columns, the digest's and the email pass's. */
export function compareJob(lead: Lead, title: string, company: string): JobComparison {
  const otherCurrent = holdsOtherCurrentJob(lead, title, company);
  return {
    title: !otherCurrent && jobFieldChanged("job_title", title, String(lead.job_title ?? "")),
    company: !otherCurrent && jobFieldChanged("company_name", company, String(lead.company_name ?? "")),
    otherCurrent,
  };
}

export const jobMoved = (lead: Lead, title: string, company: string): boolean => {
  const job = compareJob(lead, title, company);
  return job.title || job.company;
};
