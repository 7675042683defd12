/**
 * What the Emails action does with each row of the selection, decided from the row's cells alone:
 * nothing (a blank row), nothing but a note (a row that lacks a name or a domain, or an address
 * that is none), skipped (it already holds an email, or an address already checked), or sent
 * under a key shared by every row asking the same (one person at one domain, case and accents
 * aside; one address, case aside), so duplicates are sent once and the others copy the answer.
 */
import { EMAIL_STATUSES, type EmailStatus } from "../../api/email-answers";
import { emailAddressIn, validateEmailAddress, validateEmailFinder } from "../../api/validate";
import type { EmailFinderRequest } from "../../api/wire";
import type { GridValue } from "../enrich/ports";
import type { EmailJobKind, OutputColumns, SourceColumns } from "./columns";
import { cellText, finderKey, finderRequestOf, holdsAddress, isBlankPerson, validatorKey } from "./person";
import { sharedSiteNote, sharedSiteOf } from "./shared-sites";

/** A row's Email status text when it was not checked (a failure): Retry failed rows sends these again. */
export const NOT_CHECKED = "not checked";
/** What a failed row's status says when its call was sent and no answer read. */
export const MAY_HAVE_BEEN_CHARGED = "may have been charged";

/**
 * A row's status when no answer was written: "not checked: why", and "(may have been charged;
 * next)" when its call may have cost. The Emails action, Enrich's Work email pass and the Leads tab
 * write these words, so one filter or one glance reads all three.
 */
export function notCheckedText(why: string, maybeChargedNext?: string): string {
  const maybe = maybeChargedNext === undefined ? "" : ` (${MAY_HAVE_BEEN_CHARGED}; ${maybeChargedNext})`;
  return `${NOT_CHECKED}: ${why}${maybe}`;
}

export type RowPlan =
  | { kind: "blank" }
  | { kind: "incomplete"; note: string }
  /** `written`: this run wrote the row already (a step re-reading it after a cut-off). */
  | { kind: "skip"; valid: boolean; written?: boolean }
  | { kind: "send"; key: string; finder?: EmailFinderRequest; address?: string };

const cell = (row: readonly GridValue[], column: number) => (column > 0 ? cellText(row[column - 1]) : "");

/** A status cell's text as one of the statuses the add-on writes, or null. */
export function statusOf(text: string): EmailStatus | null {
  const lower = text.trim().toLowerCase();
  return (EMAIL_STATUSES as readonly string[]).includes(lower) ? (lower as EmailStatus) : null;
}

export const isNotChecked = (text: string) => text.trim().toLowerCase().startsWith(NOT_CHECKED);

/** A website cell that holds something, but no domain ("acme", "Acme Inc"): Enrich's pass says it too. */
export const NOT_A_DOMAIN = "the company website is not a domain (such as acme.com)";

/** The words of a finder field in a row's status. */
const FIELD_WORDS: Record<string, { missing: string; wrong: string }> = {
  first_name: { missing: "a first name", wrong: "the first name is not a person's name" },
  last_name: { missing: "a last name", wrong: "the last name is not a person's name" },
  domain: { missing: "a company website or domain", wrong: NOT_A_DOMAIN },
};

/**
 * Why a finder row cannot be sent, in words for its status cell (never the row's own text): what
 * is missing, then what is there but wrong ("acme", "Acme Inc" or "12345" are not "missing").
 */
function finderNote(request: EmailFinderRequest): string {
  const problems = validateEmailFinder(request);
  const words = (path: string) => FIELD_WORDS[path];
  const missing = problems.filter((p) => p.message === "is missing").map((p) => words(p.path)?.missing);
  const wrong = problems.filter((p) => p.message !== "is missing").map((p) => words(p.path)?.wrong);
  const needs = missing.length > 0 ? [`needs ${missing.join(" and ")}`] : [];
  return `${NOT_CHECKED}: ${[...needs, ...wrong].filter(Boolean).join("; ")}`;
}

/** A failed row whose call may have been charged (sent, no answer read): Retry asks before sending it. */
export const mayHaveBeenCharged = (status: string) =>
  isNotChecked(status) && status.includes(MAY_HAVE_BEEN_CHARGED);

/**
 * Which rows a run sends. `onlyFailed` (Retry failed rows): only rows whose status says "not
 * checked". `maybeCharged`: also rows whose last call may have been charged (the user ticked it).
 */
export interface RowChoice {
  onlyFailed: boolean;
  maybeCharged: boolean;
}

const EVERY_ROW: RowChoice = { onlyFailed: false, maybeCharged: false };

/**
 * The plan of one row. Rows whose last call may have been charged are never sent again unless the
 * user chose them, by a new run or a Retry: that is how nothing is charged twice unasked.
 */
export function planRow(
  kind: EmailJobKind,
  row: readonly GridValue[],
  sources: SourceColumns,
  out: OutputColumns,
  choice: RowChoice = EVERY_ROW,
): RowPlan {
  const status = cell(row, out.status);
  if (choice.onlyFailed && !isNotChecked(status)) return { kind: "skip", valid: false };
  if (!choice.maybeCharged && mayHaveBeenCharged(status)) return { kind: "skip", valid: false };
  if (kind === "validate") {
    const text = cell(row, sources.email);
    if (text === "") return { kind: "blank" };
    const address = emailAddressIn(text);
    const problem = validateEmailAddress(address)[0];
    // "is not an email address", "holds more than one address": the status says which.
    if (problem !== undefined)
      return { kind: "incomplete", note: `${NOT_CHECKED}: ${problem.message.replace(/^is /, "")}` };
    // Checked before (by the add-on or by hand): not paid for again.
    const known = statusOf(status);
    if (known !== null && known !== "unknown") return { kind: "skip", valid: known === "valid" };
    return { kind: "send", key: validatorKey(address), address };
  }
  const useFull = sources.full > 0 && (sources.first === 0 || cell(row, sources.first) === "");
  const firstText = useFull ? cell(row, sources.full) : cell(row, sources.first);
  const lastText = useFull ? "" : cell(row, sources.last);
  const website = cell(row, sources.website);
  if (isBlankPerson(firstText, lastText, website)) return { kind: "blank" };
  // An address already there stays, unless the add-on found it invalid or found none.
  const known = statusOf(status);
  if (holdsAddress(cell(row, out.email)) && known !== "invalid" && known !== "not found")
    return { kind: "skip", valid: known === "valid" };
  const request = finderRequestOf(firstText, lastText, website);
  if (validateEmailFinder(request).length > 0) return { kind: "incomplete", note: finderNote(request) };
  const site = sharedSiteOf(website);
  if (site !== null) return { kind: "incomplete", note: sharedSiteNote(site) };
  return { kind: "send", key: finderKey(request), finder: request };
}

/** The key a row asks under (whatever its plan), or null: for copying an answer an earlier row got. */
export function keyOfRow(
  kind: EmailJobKind,
  row: readonly GridValue[],
  sources: SourceColumns,
): string | null {
  if (kind === "validate") {
    const address = cell(row, sources.email);
    return address === "" ? null : validatorKey(address);
  }
  const useFull = sources.full > 0 && (sources.first === 0 || cell(row, sources.first) === "");
  const request = finderRequestOf(
    useFull ? cell(row, sources.full) : cell(row, sources.first),
    useFull ? "" : cell(row, sources.last),
    cell(row, sources.website),
  );
  return validateEmailFinder(request).length > 0 ? null : finderKey(request);
}
