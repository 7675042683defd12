/**
 * The leads a sheet already holds, as lead search can leave them out before anything is charged
 * (issue 23.3). A row is known by its sales id, network id or profile URL; the endpoint offers
 * two ways to skip a lead: `exclude_ids` (sales ids, PRODUCTION.md A7) and `exclude_names`
 * (unformatted full names, the spec). So each known row is excluded by
 * - its sales id: the Sales ID cell, else the one its sales link or profile URL carries;
 * - else its name (the Unformatted full name cell, else Full name): a name spelled otherwise on
 *   the network (a suffix such as ", MBA") does not match, so such a lead may be paid again;
 * - else it cannot be excluded before sending: counted, so the estimate says so.
 * A lead the search finds again is still never written twice (leads-sheet.ts).
 */
import { salesIdOfUrl } from "../../api/profile-url";
import type { LeadSearchRequest } from "../../api/wire";
import { matchColumns } from "../../sheet/columns";

export interface KnownLeads {
  /** Distinct sales ids, for exclude_ids. */
  salesIds: string[];
  /** Distinct names of rows without a sales id, for exclude_names. */
  names: string[];
  /** Rows known by network id or URL only: a search that finds them pays for them again. */
  unexcludable: number;
}

export const NO_KNOWN_LEADS: KnownLeads = { salesIds: [], names: [], unexcludable: 0 };

/** A cell as read: getValues never returns the apostrophe that kept it literal. */
const read = (value: unknown) => (value === null || value === undefined ? "" : String(value).trim());
/**
 * An id or a link: without a stray leading apostrophe (a literal pasted from elsewhere), which no
 * id or URL has. A name keeps its own ("'t Hooft"): exclude_names must match the API's text.
 */
const text = (value: unknown) => read(value).replace(/^'/, "");

const FIELDS = [
  "sales_id",
  "network_sales_link",
  "network_url",
  "network_id",
  "unformatted_full_name",
  "full_name",
] as const;

/** The known leads of a sheet's rows, by its header (field names, labels or aliases). */
export function knownLeads(headers: readonly unknown[], rows: readonly (readonly unknown[])[]): KnownLeads {
  const columns = matchColumns(headers.map(text), [...FIELDS]);
  const cell = (row: readonly unknown[], field: (typeof FIELDS)[number]) => {
    const index = columns.get(field);
    if (index === undefined) return "";
    return field === "unformatted_full_name" || field === "full_name" ? read(row[index]) : text(row[index]);
  };
  const salesIds = new Set<string>();
  const names = new Set<string>();
  let unexcludable = 0;
  for (const row of rows) {
    const url = cell(row, "network_url");
    const salesId =
      cell(row, "sales_id") || salesIdOfUrl(cell(row, "network_sales_link")) || salesIdOfUrl(url) || "";
    if (salesId !== "") {
      salesIds.add(salesId);
      continue;
    }
    const name = cell(row, "unformatted_full_name") || cell(row, "full_name");
    if (name !== "") names.add(name);
    else if (url !== "" || cell(row, "network_id") !== "") unexcludable++;
  }
  return { salesIds: [...salesIds], names: [...names], unexcludable };
}

/** The request leaving out the known leads (merged with what the form excludes itself). */
export function withKnownLeadsExcluded(request: LeadSearchRequest, known: KnownLeads): LeadSearchRequest {
  const ids = [...new Set([...(request.exclude_ids ?? []), ...known.salesIds])];
  const names = [...new Set([...(request.exclude_names ?? []), ...known.names])];
  return {
    ...request,
    ...(ids.length > 0 ? { exclude_ids: ids } : {}),
    ...(names.length > 0 ? { exclude_names: names } : {}),
  };
}
