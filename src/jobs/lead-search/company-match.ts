/**
 * A lead search by company name lets the API pick the company (spec: "the company profile is
 * then found automatically"); when several companies share the name, the user must see which one
 * it used, and be offered the ones in their Companies sheet to search by id instead (issue 14.2).
 */
import type { Lead } from "../../api/wire";
import { companyColumns, networkIdKey } from "../company-search/sheet";

/** The company a search's leads were found at, as the user recognises it. */
export interface ResolvedCompany {
  name: string;
  id: string;
  website: string;
}

/** A row of the Companies sheet the search could have meant, with the id to search by. */
export interface CompanyChoice {
  /** 1-based sheet row. */
  row: number;
  name: string;
  network_id: string;
  website: string;
}

const text = (value: unknown) => networkIdKey(value);

/** The company most of the leads were found at (network_company_id); null when none says. */
export function resolvedCompany(leads: readonly Lead[]): ResolvedCompany | null {
  const counts = new Map<string, { lead: Lead; count: number }>();
  for (const lead of leads) {
    const id = text(lead.network_company_id);
    if (id === "") continue;
    const seen = counts.get(id);
    if (seen) seen.count += 1;
    else counts.set(id, { lead, count: 1 });
  }
  let best: { id: string; lead: Lead; count: number } | null = null;
  for (const [id, entry] of counts) if (best === null || entry.count > best.count) best = { id, ...entry };
  if (best === null) return null;
  return { name: text(best.lead.company_name), id: best.id, website: text(best.lead.company_website) };
}

/** Words that do not tell two companies apart: case, punctuation and legal forms. */
const LEGAL_FORMS = new Set([
  "inc",
  "incorporated",
  "corp",
  "corporation",
  "co",
  "company",
  "ltd",
  "limited",
  "llc",
  "llp",
  "plc",
  "gmbh",
  "ag",
  "sa",
  "sas",
  "bv",
  "nv",
  "srl",
  "oy",
  "ab",
]);

export function companyNameKey(name: string): string {
  const words = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    // Letters of any script: a Cyrillic or Japanese name is not the empty key every such name shares.
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "");
  const kept = words.filter((word, index) => index === 0 || !LEGAL_FORMS.has(word));
  return kept.join(" ");
}

/**
 * Rows of the Companies sheet (`headers` its header row, `rows` from sheet row `firstRow`) whose
 * name is the searched name, legal form and case aside, and that have a network_id to search by.
 */
export function companyChoices(
  searchedName: string,
  headers: readonly unknown[],
  rows: readonly (readonly unknown[])[],
  firstRow: number,
): CompanyChoice[] {
  const columns = companyColumns(headers.map(text));
  const nameColumn = columns.get("name");
  const idColumn = columns.get("network_id");
  if (nameColumn === undefined || idColumn === undefined) return [];
  const websiteColumn = columns.get("website");
  const wanted = companyNameKey(searchedName);
  if (wanted === "") return [];
  const choices: CompanyChoice[] = [];
  rows.forEach((row, index) => {
    const name = text(row[nameColumn]);
    const id = text(row[idColumn]);
    if (!/^\d+$/.test(id) || companyNameKey(name) !== wanted) return;
    const website = websiteColumn === undefined ? "" : text(row[websiteColumn]);
    choices.push({ row: firstRow + index, name, network_id: id, website });
  });
  return choices;
}
