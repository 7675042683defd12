/**
 * Which columns of a user's sheet the Emails action reads and writes, found by header: names
 * (first and last, or a full name), the company website or domain, a profile URL (what Undo finds a
 * row by), and the email, its status and when it was checked. The Leads sheet's own headers
 * (Full Name, Company Website, Profile URL) work as they are; CRM exports' "First Name", "Website",
 * "Domain", "Email Address" too. Output columns the sheet lacks are appended after its last column,
 * never inserted, so no column of the user's moves.
 */
import { aliasField, normalizeHeader } from "../../sheet/columns";
import { LEAD_LABELS } from "../../sheet/field-labels";
import { headersOfList, listHeader } from "../../sheet/list-headers";

export type EmailJobKind = "find" | "validate";

/** The columns read (1-based; 0 = none). */
export interface SourceColumns {
  first: number;
  last: number;
  full: number;
  website: number;
  email: number;
  profile: number;
}

/** The columns written: the email (the finder only), its status and when it was checked. */
export interface OutputColumns {
  email: number;
  status: number;
  checkedAt: number;
}

/** Email and Email Status as every writer of them spells them (the sheet's labels). */
export const OUTPUT_HEADERS = {
  email: LEAD_LABELS.email,
  status: LEAD_LABELS.email_status,
  checkedAt: "Checked At",
} as const;

const EXTRA: Record<string, keyof SourceColumns | "status" | "checkedAt"> = {
  domain: "website",
  companydomain: "website",
  emaildomain: "website",
  email: "email",
  emails: "email",
  workemail: "email",
  emailaddress: "email",
  businessemail: "email",
  emailstatus: "status",
  checkedat: "checkedAt",
  emailcheckedat: "checkedAt",
};

const FIELD_SOURCE: Record<string, keyof SourceColumns> = {
  first_name: "first",
  last_name: "last",
  full_name: "full",
  company_website: "website",
  network_url: "profile",
};

/**
 * The header row as the action reads it for one list: that list's columns by their labels, its URL
 * column as the profile URL (what Undo finds a row by), every other column blank.
 */
export function headersForList(headers: readonly string[], list: string): string[] {
  if (list === "") return [...headers];
  return headersOfList(headers, list).map((header, index) =>
    String(headers[index] ?? "") === list ? "network_url" : header,
  );
}

/**
 * What a header names for the Emails action, or null. A list's column ("Buyer URL · Email") names
 * nothing here: it is read only for its own list, by its label (headersForList).
 */
export function emailRole(header: string): keyof SourceColumns | "status" | "checkedAt" | null {
  const normalized = normalizeHeader(header);
  if (normalized === "") return null;
  const extra = EXTRA[normalized];
  if (extra) return extra;
  // A field's own name (the Leads sheet with API headers: "network_url") names it too.
  const byName = Object.keys(FIELD_SOURCE).find((name) => normalizeHeader(name) === normalized);
  const field = byName ?? aliasField(header);
  return field === null ? null : (FIELD_SOURCE[field] ?? null);
}

export interface ColumnMap {
  sources: SourceColumns;
  /** Existing output columns (0 = to append). */
  status: number;
  checkedAt: number;
}

/** The first column of each role in the header row (a later duplicate header is left alone). */
/**
 * The columns of each role, by header. `selected` (1-based, inclusive): the columns the user
 * selected; a role's column inside them comes before one elsewhere in the row, so a CRM export's
 * "Email" or "Website" beside a Leads-style block to its left is the one read (the first match
 * in the row otherwise).
 */
export function mapColumns(
  headers: readonly string[],
  selected: { left: number; right: number } | null = null,
): ColumnMap {
  const map: ColumnMap = {
    sources: { first: 0, last: 0, full: 0, website: 0, email: 0, profile: 0 },
    status: 0,
    checkedAt: 0,
  };
  const inside = (column: number) => selected !== null && column >= selected.left && column <= selected.right;
  const columns = headers.map((_, index) => index + 1);
  const take = (column: number, outside: boolean) => {
    const role = emailRole(String(headers[column - 1] ?? ""));
    if (role === null) return;
    if (role === "status" || role === "checkedAt") {
      if (map[role] === 0) map[role] = column;
      return;
    }
    // Outside the selection, a role is only taken when the selection's own columns leave its need
    // open: a "Name" at A does not join the First and Last Name selected at H:I.
    const { sources } = map;
    const namesMet = sources.full > 0 || (sources.first > 0 && sources.last > 0);
    if (outside && (role === "first" || role === "last" || role === "full") && namesMet) return;
    if (sources[role] === 0) sources[role] = column;
  };
  for (const column of columns.filter(inside)) take(column, false);
  for (const column of columns.filter((column) => !inside(column))) take(column, selected !== null);
  return map;
}

/** The headers found, and what is missing for a kind of run (null: everything needed is there). */
export function missingColumns(kind: EmailJobKind, sources: SourceColumns): string | null {
  if (kind === "validate") {
    return sources.email > 0
      ? null
      : 'No column of email addresses: head one "Email" (or "Email Address", "Work Email").';
  }
  const names = sources.full > 0 || (sources.first > 0 && sources.last > 0);
  const missing = [
    names ? "" : 'names ("First Name" and "Last Name", or "Full Name")',
    sources.website > 0 ? "" : 'the company\'s website or domain ("Website", "Company Website" or "Domain")',
  ].filter(Boolean);
  return missing.length === 0 ? null : `No column of ${missing.join(", nor of ")} in the header row.`;
}

/** Where the outputs go: existing columns, else new ones after `lastColumn`, in Email, Status, Checked At order. */
export function outputColumns(
  kind: EmailJobKind,
  map: ColumnMap,
  lastColumn: number,
  /** The list the columns belong to when the rows hold several (src/sheet/list-headers.ts). */
  list = "",
): { out: OutputColumns; appended: Array<{ column: number; header: string }> } {
  let next = lastColumn + 1;
  const appended: Array<{ column: number; header: string }> = [];
  const place = (existing: number, header: string) => {
    if (existing > 0) return existing;
    appended.push({ column: next, header: listHeader(list, header) });
    next += 1;
    return next - 1;
  };
  const email = kind === "find" ? place(map.sources.email, OUTPUT_HEADERS.email) : 0;
  const status = place(map.status, OUTPUT_HEADERS.status);
  const checkedAt = place(map.checkedAt, OUTPUT_HEADERS.checkedAt);
  return { out: { email, status, checkedAt }, appended };
}
