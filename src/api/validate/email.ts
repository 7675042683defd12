/**
 * Email finder and validator rules (PRODUCTION.md A16): a finder row needs a first name, a last
 * name and a mail domain; a validator item is one address. Problems never quote an address: emails
 * stay out of every message (issue 21, item 7).
 */
import type { Problem } from "../errors";
import type { EmailFinderRequest } from "../wire";
import { checkKnownFields, Problems } from "./common";

const FINDER_FIELDS = ["first_name", "last_name", "domain"] as const;
/** Longer than any name or domain a person has; a cell pasted by mistake is refused before it costs. */
const MAX_TEXT = 200;
/** Labels of letters (any script), digits and hyphens, at least two of them. */
const DOMAIN =
  /^(?=.{3,253}$)[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?)+$/u;
/** One `@`, something before it, a domain after it; no spaces. Deliberately loose: the API decides. */
const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A website's host name that is no mail domain (besides `www.`): a mobile site's `m.`, a webmail host's
 * `mail.` (mail.acme.co.uk): people's addresses are at acme.co.uk, and "mail.acme.co.uk" beside
 * "acme.co.uk" asked (and charged) the finder for the same person twice. Dropped only when a
 * domain of two labels or more is left, so web.de and mail.com (mail providers) stay.
 */
const WEB_HOST = /^(?:m|mobile|mail|webmail|web)\.(?=[^.]+\.[^.]+)/;

/**
 * The mail domain in a website or domain cell: scheme, `www.` (and WEB_HOST's others), port,
 * path, query and fragment dropped, lower-cased (`https://www.Acme.com/about?x=1` -> `acme.com`),
 * a login before the host too. An address's domain when the cell holds an address. Empty when
 * nothing is left.
 */
export function emailDomain(text: string): string {
  let rest = text.trim().toLowerCase();
  const at = rest.lastIndexOf("@");
  if (at >= 0 && !rest.includes("/")) rest = rest.slice(at + 1);
  rest = rest.replace(/^[a-z][a-z0-9+.-]*:\/\//, "").replace(/^\/\//, "");
  rest = rest.split(/[/?#]/, 1)[0] ?? "";
  rest = rest
    .replace(/^[^@]*@/, "")
    .replace(/:\d*$/, "")
    .replace(/\.+$/, "");
  return rest.replace(/^www\d*\./, "").replace(WEB_HOST, "");
}

/**
 * The address in an email cell as CRM exports and mail clients hold it: a `mailto:` link (its
 * `?subject=` dropped), a display name with the address in angle brackets (`Jane <jane@acme.com>`),
 * quotes round it, a sentence's full stop after it. Sent as it stands, the validator charges for
 * such text and answers "invalid" for a good mailbox. Anything else is returned trimmed, as it is.
 */
export function emailAddressIn(text: string): string {
  let rest = text.trim();
  const bracketed = /^[^<>]*<([^<>]*)>$/.exec(rest);
  if (bracketed !== null) rest = (bracketed[1] ?? "").trim();
  const quoted = /^(["'\u201c\u2018])(.*)(["'\u201d\u2019])$/.exec(rest);
  if (quoted !== null) rest = (quoted[2] ?? "").trim();
  const link = /^mailto:([^?]*)/i.exec(rest);
  if (link !== null) rest = (link[1] ?? "").trim();
  return rest.replace(/\.+$/, "");
}

/**
 * What no person's name holds: no letter at all (`123`, `--`), or a formula, a tag, an address or
 * a link's characters. The finder charges for such a row all the same (it answered `<b>x</b>`
 * with bxb@... as valid): refused before it costs.
 */
const NOT_A_NAME = /^[^\p{L}]*$|[=<>@/\\{}[\]|]/u;

function checkText(problems: Problems, value: unknown, path: string, what: string): void {
  if (typeof value !== "string" || value.trim() === "") {
    problems.add(path, "is missing", `Fill in the ${what}.`);
  } else if (value.length > MAX_TEXT) {
    problems.add(path, `is longer than ${MAX_TEXT} characters`, `Shorten the ${what}.`);
  } else if (NOT_A_NAME.test(value)) {
    problems.add(path, "is not a name", `Put the person's ${what} in the cell.`);
  }
}

export function validateEmailFinder(request: EmailFinderRequest): Problem[] {
  const problems = new Problems();
  checkKnownFields(problems, request, FINDER_FIELDS, "the email finder");
  checkText(problems, request.first_name, "first_name", "first name");
  checkText(problems, request.last_name, "last_name", "last name");
  const domain: unknown = request.domain;
  if (typeof domain !== "string" || domain.trim() === "") {
    problems.add("domain", "is missing", "Fill in the company's website or domain, such as acme.com.");
  } else if (!DOMAIN.test(domain)) {
    problems.add(
      "domain",
      "is not a domain",
      "Use the company's website or mail domain, such as acme.com (a website's address works too).",
    );
  }
  return problems.list;
}

export function validateEmailAddress(address: string): Problem[] {
  const problems = new Problems();
  if (typeof address !== "string" || address.trim() === "") {
    problems.add("email", "is missing", "Put an email address in the cell.");
  } else if ((address.match(/@/g) ?? []).length > 1 && /[\s,;]/.test(address.trim())) {
    problems.add("email", "holds more than one address", "Put one address in each cell.");
  } else if (address.length > MAX_TEXT || !ADDRESS.test(address.trim())) {
    problems.add("email", "is not an email address", "Use an address of the form name@company.com.");
  }
  return problems.list;
}
