/**
 * Does a selected block start with its header row? Users select a column of profile URLs either
 * from the header ("LinkedIn", "Profile URL") or from the first URL below it; enrichment must not
 * look up a header or write a status over it.
 */
import { aliasField, normalizeHeader, STATUS_FIELDS } from "./columns";
import { LEAD_FIELDS } from "./lead-fields";

/**
 * A light check that a cell holds a profile link in one of DESIGN.md's shapes (`/in/<slug>`,
 * `/pub/...`, `/pub-profile/...`, `/sales/lead/...`), with or without host and scheme. It only
 * tells a URL row from a header row: the client's `normalizeProfileUrl` (src/api/profile-url.ts)
 * decides what is valid, and sheet/ may not import api/'s code.
 */
export function looksLikeProfileUrl(value: unknown): boolean {
  if (typeof value !== "string") return false;
  const text = value.trim().toLowerCase();
  return (
    text.startsWith("in/") ||
    text.includes("/in/") ||
    text.includes("/sales/") ||
    text.includes("/pub/") ||
    text.includes("/pub-profile/")
  );
}

/** Short text without the marks of a link or a value (slashes, dots, @, digits-only). */
function looksLikeHeaderText(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const text = value.trim();
  if (text === "" || text.length > 40) return false;
  if (/[/@]|\.\S|^\d+$|^https?:|^www\./i.test(text)) return false;
  return /\p{L}/u.test(text);
}

/** Does the row name at least one field we know (by its spec name or an alias)? */
function namesKnownField(row: readonly unknown[], knownFields: ReadonlySet<string>): boolean {
  return row.some(
    (cell) =>
      looksLikeHeaderText(cell) && (aliasField(cell) !== null || knownFields.has(normalizeHeader(cell))),
  );
}

export interface HeaderRowGuess {
  /** Index in `rows` of the header row, or null when the block starts with data. */
  headerRow: number | null;
  /** Index in `rows` of the first data row. */
  firstDataRow: number;
}

const isFilled = (cell: unknown) => cell !== "" && cell !== null && cell !== undefined;

/**
 * Guesses whether `rows[0]` is a header. Not when its URL cell holds a profile link or a value
 * that is no header text. Yes when the row names a known field (a spec name such as `job_title`
 * or an alias such as "LinkedIn" or "Title"), or when its URL cell is header text and every filled
 * URL cell below holds a profile link. So a lone non-URL word above clean URLs counts as a header:
 * skipping one odd data row is the smaller harm than looking a header up and writing a status
 * over it. `knownFields` defaults to every Lead field and status column.
 */
export function detectHeaderRow(
  rows: readonly (readonly unknown[])[],
  urlColumn: number,
  knownFields: readonly string[] = [...LEAD_FIELDS, ...STATUS_FIELDS],
): HeaderRowGuess {
  const noHeader = { headerRow: null, firstDataRow: 0 };
  const header = { headerRow: 0, firstDataRow: 1 };
  const first = rows[0];
  if (first === undefined) return noHeader;
  const urlCell = first[urlColumn];
  if (isFilled(urlCell) && !looksLikeHeaderText(urlCell)) return noHeader;

  const known = new Set(knownFields.map(normalizeHeader));
  if (namesKnownField(first, known)) return header;

  const below = rows
    .slice(1)
    .map((row) => row[urlColumn])
    .filter(isFilled);
  const urlsBelow = below.length > 0 && below.every(looksLikeProfileUrl);
  return urlsBelow && isFilled(urlCell) ? header : noHeader;
}
