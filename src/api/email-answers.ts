/**
 * Reading the email finder's and validator's answers (PRODUCTION.md A16) and what each means for a
 * user. Production's reference types every field as text (`catch_all: "true"`, `exist: "yes"`)
 * while its sample sends a boolean, so both spellings are read. A catch-all domain accepts any
 * address, so its `result: "valid"` proves nothing: it is reported as "catch-all", never "valid".
 */
import { validateEmailAddress } from "./validate/email";
import type { EmailFinderAnswer, EmailValidatorAnswer } from "./wire";

/** What a row's Email status cell says. */
export type EmailStatus = "valid" | "catch-all" | "invalid" | "not found" | "unknown";

export const EMAIL_STATUSES: readonly EmailStatus[] = [
  "valid",
  "catch-all",
  "invalid",
  "not found",
  "unknown",
];

export interface EmailFinding {
  status: EmailStatus;
  /** The address found or checked; null when the finder found none. */
  email: string | null;
}

type Fields = Record<string, unknown>;

function isRecord(value: unknown): value is Fields {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** `true`, `"true"`, `"yes"`, `1` -> true; anything else false. */
function truthy(value: unknown): boolean {
  if (value === true || value === 1) return true;
  return typeof value === "string" && /^(true|yes|1)$/i.test(value.trim());
}

function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

/** An array of objects (the answer to an array of `expected` items), or null. */
function readArray(body: unknown, expected: number): Fields[] | null {
  if (!Array.isArray(body) || body.length !== expected || !body.every(isRecord)) return null;
  return body;
}

export function readEmailFinder(body: unknown, expected: number): EmailFinderAnswer[] | null {
  return readArray(body, expected) as EmailFinderAnswer[] | null;
}

export function readEmailValidator(body: unknown, expected: number): EmailValidatorAnswer[] | null {
  return readArray(body, expected) as EmailValidatorAnswer[] | null;
}

/** The row's own error text (null on success): the row was not checked. */
export function rowError(answer: EmailFinderAnswer | EmailValidatorAnswer): string | null {
  const error = answer.error;
  if (error === null || error === undefined || error === false) return null;
  const message = typeof error === "string" ? error.trim() : JSON.stringify(error);
  return message === "" ? null : message;
}

function statusOf(result: string, catchAll: boolean, hasMailServer: boolean): EmailStatus {
  if (result === "valid") return catchAll ? "catch-all" : "valid";
  if (result === "unknown" || result === "") return hasMailServer ? "unknown" : "invalid";
  return "invalid";
}

/** What the finder's answer for one row means: an address and its status, or "not found". */
export function finderFinding(answer: EmailFinderAnswer): EmailFinding {
  const email = text(answer.valid_email);
  // Only an address of the form name@domain.tld is a finding: the finder may build "@domain" for a
  // name it cannot spell in Latin letters, and that text must not land in an Email cell.
  if (validateEmailAddress(email).length > 0) return { status: "not found", email: null };
  const result = text(answer.result).toLowerCase();
  const status = statusOf(result, truthy(answer.catch_all), text(answer.mx_domain) !== "");
  // An address the finder itself calls invalid is no finding.
  return status === "invalid" ? { status: "not found", email: null } : { status, email };
}

/** What the validator's answer for one address means. */
export function validatorFinding(answer: EmailValidatorAnswer, sent: string): EmailFinding {
  const result = text(answer.result).toLowerCase();
  const hasMailServer = answer.mx_domain === undefined || text(answer.mx_domain) !== "";
  return { status: statusOf(result, truthy(answer.catch_all), hasMailServer), email: sent };
}
