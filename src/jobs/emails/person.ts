/**
 * A finder row from what a sheet holds: first and last names (or a full name in the first when
 * the last is blank) and a company website or domain. Shared by =FIND_EMAIL and the Emails action.
 */
import { firstNameOf, lastNameOf, personKey, splitFullName } from "../../api/email-names";
import { emailAddressIn, emailDomain } from "../../api/validate";
import type { EmailFinderRequest } from "../../api/wire";

export function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return "";
  return (typeof cell === "string" ? cell : String(cell)).trim();
}

/** The request for one person: names cleaned (initials, "Jr.") and the domain taken from a website. */
export function finderRequestOf(first: unknown, last: unknown, website: unknown): EmailFinderRequest {
  const firstText = cellText(first);
  const lastText = cellText(last);
  const names =
    lastText === ""
      ? splitFullName(firstText)
      : { first: firstNameOf(firstText), last: lastNameOf(lastText) };
  return { first_name: names.first, last_name: names.last, domain: emailDomain(cellText(website)) };
}

/**
 * Whether an Email cell holds an address (one with an "@", well-formed or not: the user's to
 * keep). "N/A", "-" or "none" are a CRM export's placeholders for no email: a run finds one.
 */
export function holdsAddress(cell: unknown): boolean {
  return cellText(cell).includes("@");
}

/** A row with nothing in it: no person to ask for, and no message either. */
export function isBlankPerson(first: unknown, last: unknown, website: unknown): boolean {
  return cellText(first) === "" && cellText(last) === "" && cellText(website) === "";
}

/** The cache key of a finder row: the client's de-duplication key (case and accents aside). */
export function finderKey(request: EmailFinderRequest): string {
  return `em|${personKey(request)}`;
}

/** The cache and de-duplication key of an address ("Jane <jane@acme.com>" is jane@acme.com). */
export function validatorKey(address: string): string {
  return `ev|${emailAddressIn(address).toLowerCase()}`;
}
