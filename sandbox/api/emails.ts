/**
 * POST /api/network/email_finder/ and /api/network/email_validator/ (PRODUCTION.md A16, shapes of
 * production's reference for this generation): an array in, an array out, one object per item, in
 * order. Outcomes per input come from email-outcomes.ts. Charging is a reading (`emailCharge`):
 * the finder charges 1 credit per valid email found ("per_valid_email", the newer generation's
 * documented rule) or per row sent ("per_row"); the validator charges 1 per address sent.
 * A request that is not an array of the right items is a free 400; so is an empty or oversized one.
 */
import type { EmailFinderAnswer, EmailValidatorAnswer } from "../../src/api/wire.ts";
import {
  addressOf,
  type DomainKind,
  domainKind,
  formatOf,
  mailboxExists,
  personFindable,
  spellable,
} from "./email-outcomes.ts";
import type { Endpoint } from "./endpoint.ts";
import { validationError } from "./failure.ts";

/** Items one call may carry in the sandbox (production's is not documented). */
export const MAX_EMAIL_ITEMS = 100;
const FINDER_FIELDS = ["first_name", "last_name", "domain"];

function parseArray(body: string, what: string): unknown[] {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw validationError("the body is not valid JSON", `send a JSON array of ${what}`);
  }
  if (!Array.isArray(value))
    throw validationError("the body must be a JSON array", `send a JSON array of ${what}`);
  if (value.length === 0) throw validationError("the array is empty", `send at least one of ${what}`);
  if (value.length > MAX_EMAIL_ITEMS)
    throw validationError(
      `more than ${MAX_EMAIL_ITEMS} items`,
      `send at most ${MAX_EMAIL_ITEMS} per request`,
    );
  return value;
}

function mxOf(domain: string): string {
  return `mx.${domain}`;
}

interface FinderRow {
  first_name: string;
  last_name: string;
  domain: string;
}

function readFinderRow(item: unknown, index: number): FinderRow {
  if (item === null || typeof item !== "object" || Array.isArray(item))
    throw validationError(`item ${index} is not an object`, "send {first_name, last_name, domain} objects");
  const fields = item as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    if (!FINDER_FIELDS.includes(key))
      throw validationError(
        `unknown field ${key} in item ${index}`,
        `allowed fields: ${FINDER_FIELDS.join(", ")}`,
      );
  }
  for (const key of FINDER_FIELDS) {
    const value = fields[key];
    if (typeof value !== "string" || value.trim() === "")
      throw validationError(`${key} is required in item ${index}`, `add ${key} to every item`);
  }
  return fields as unknown as FinderRow;
}

/** The fields both endpoints answer, for a domain of `kind` and whether the mailbox exists. */
function verdict(kind: DomainKind, domain: string, exists: boolean) {
  const checked = {
    catch_all: kind === "catch-all" ? "true" : "false",
    mx_domain: mxOf(domain),
    error: null,
  };
  if (kind === "error")
    return { ...checked, result: "unknown", exist: "no", error: "SMTP check timed out" as string | null };
  if (kind === "no mail server") return { ...checked, result: "invalid", exist: "no", mx_domain: "" };
  // Production answers "valid" at a catch-all domain too: only catch_all tells them apart.
  const found = kind === "catch-all" || exists;
  return { ...checked, result: found ? "valid" : "invalid", exist: found ? "yes" : "no" };
}

function findOne(row: FinderRow): EmailFinderAnswer {
  const domain = row.domain.trim().toLowerCase();
  const kind = domainKind(domain);
  const checked = verdict(kind, domain, personFindable(row.first_name, row.last_name, domain));
  // A name the finder cannot spell in an address has none, even at a catch-all domain.
  const answer =
    checked.result === "valid" && !spellable(row.first_name, row.last_name, domain)
      ? { ...checked, result: "invalid", exist: "no" }
      : checked;
  const found = answer.result === "valid";
  return {
    first_name: row.first_name,
    last_name: row.last_name,
    domain: row.domain,
    source: "name2email",
    ...answer,
    valid_email: found ? addressOf(row.first_name, row.last_name, domain) : "",
    email_format: found ? formatOf(domain).replace(".", "") : "",
    logs: `get mx_record: ${answer.mx_domain || "none"}`,
  };
}

function validateOne(item: unknown, index: number): EmailValidatorAnswer {
  if (typeof item !== "string")
    throw validationError(`item ${index} is not a string`, "send a JSON array of email addresses");
  const email = item.trim();
  const at = email.lastIndexOf("@");
  const [local, domain] =
    at > 0 ? [email.slice(0, at).toLowerCase(), email.slice(at + 1).toLowerCase()] : ["", ""];
  // An address without a domain has no mail server to ask.
  const kind = domain.includes(".") ? domainKind(domain) : "no mail server";
  const answer = verdict(kind, domain, mailboxExists(local, domain));
  return {
    email: item,
    source: "validator",
    logs: [`get mx_record: ${answer.mx_domain || "none"}`],
    ...answer,
  };
}

export const emailFinder: Endpoint = ({ body, state }) => {
  const rows = parseArray(body, "{first_name, last_name, domain} objects").map(readFinderRow);
  const answers = rows.map(findOne);
  const found = answers.filter((a) => a.result === "valid" && a.valid_email !== "").length;
  const credits = state.config.emailCharge === "per_row" ? rows.length : found;
  return {
    status: 200,
    body: answers,
    charge: {
      credits,
      balanceType: "email_finder",
      description: `Email finder: ${rows.length} rows, ${found} found`,
    },
  };
};

export const emailValidator: Endpoint = ({ body }) => {
  const answers = parseArray(body, "email addresses").map(validateOne);
  return {
    status: 200,
    body: answers,
    charge: {
      credits: answers.length,
      balanceType: "email_validator",
      description: `Email validator: ${answers.length} addresses`,
    },
  };
};
