/**
 * A link pasted under the wrong target of the Leads tab: a company's page as its name, a person's
 * profile as a company link, a company's page as a people search. Each went out as typed: no
 * company is named like a URL; a person is no company; and a company page's query (?trk=...) is
 * no search filter, so the API may read it as a search with no filters at all. Read by the path,
 * the way the network's addresses are built (any host: the sandbox's and production's).
 */
import type { Problem } from "../../api/errors";
import type { TargetKind } from "./form";

type LinkKind = "company" | "person" | "people search" | "company search";

/** What one of the network's addresses points at; null for text that is no address or another page. */
function linkKind(text: string): LinkKind | null {
  const address = /^(?:https?:\/\/)?[^\s/]+\.[^\s/]+(\/\S*)$/i.exec(text.trim());
  const path = address?.[1]?.replace(/[?#].*$/, "") ?? null;
  if (path === null) return null;
  if (/^\/(?:sales\/)?search\/(?:results\/)?people(?:\/|$)/i.test(path)) return "people search";
  if (/^\/(?:sales\/)?company\/[^/]+/i.test(path)) return "company";
  if (/^\/(?:sales\/search\/compan(?:y|ies)|search\/results\/companies)(?:\/|$)/i.test(path))
    return "company search";
  if (/^\/(?:in\/[^/]+|sales\/(?:lead|people)\/[^/]+)/i.test(path)) return "person";
  return null;
}

/** What the target box holds, as its kind names it. */
const EXPECTED: Partial<Record<TargetKind, string>> = {
  company_name: "a company's name",
  company_link: "a company's profile link",
  network_filter_link: "a people search",
};

/** Each kind of link in words, and the target choice it belongs under (a person's, none). */
const KINDS: Record<LinkKind, { said: string; choice: string | null }> = {
  company: { said: "a company's profile link", choice: "Company profile link" },
  person: { said: "a person's profile link", choice: null },
  "people search": { said: "a people search", choice: "A people-search URL" },
  "company search": { said: "a search of companies", choice: null },
};

/** The kind of link each target takes. */
const BELONGS: Partial<Record<TargetKind, LinkKind>> = {
  company_link: "company",
  network_filter_link: "people search",
};

/** The problem of a link typed under a target it does not belong to; null when it fits. */
export function misplacedLink(kind: TargetKind, value: string): Problem | null {
  const expected = EXPECTED[kind];
  const found = linkKind(value);
  if (expected === undefined || found === null || BELONGS[kind] === found) return null;
  const { said, choice } = KINDS[found];
  const message =
    kind === "company_name" && found === "company"
      ? "is a company's profile link, not its name"
      : `is ${said}, not ${expected}`;
  const hint = choice
    ? `Choose ${choice} above and paste it there.`
    : found === "person"
      ? "Lead search finds people at a company: paste the link of the company's page, or type its name."
      : "Lead search reads the filters of a people search: run the search for people (with the same filters) and paste that address.";
  return { path: kind, message: `"${value.trim().slice(0, 80)}" ${message}`, hint };
}
