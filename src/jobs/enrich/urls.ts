/**
 * The profile URLs of the selection, deduplicated: each distinct person (by normalizeProfileUrl's
 * host-agnostic key) is looked up once and written to every row that holds it; the same person on
 * another site is another lookup, since the API answers another site "Bad url" (answerKey).
 */
import { answerKey, canonicalProfileUrl, profileSite } from "../../api/profile-url";
import { linkTarget } from "../../sheet/hyperlink";
import type { GridValue } from "./ports";

export interface DistinctUrls {
  /** Keys in the order they first appear. */
  keys: string[];
  /** The URL to send for each key: its canonical spelling, whichever form came first. */
  urls: string[];
  /** Rows (1-based sheet rows) holding each key. */
  rows: number[][];
  /** Rows whose cell is not empty but is no profile URL: never sent. */
  invalidRows: number[];
  rowsWithUrl: number;
}

export function cellText(value: GridValue | undefined): string {
  if (value === undefined || value === null) return "";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString();
  return String(value).trim();
}

/** The text a URL cell stands for: a `=HYPERLINK(url, "Jane Doe")` cell is its URL, not its label. */
export function urlCellText(value: GridValue | undefined): string {
  return linkTarget(cellText(value));
}

/** `column` holds the cells of rows firstRow, firstRow+1, ... */
export function distinctUrls(column: readonly GridValue[], firstRow: number): DistinctUrls {
  const index = new Map<string, number>();
  const result: DistinctUrls = { keys: [], urls: [], rows: [], invalidRows: [], rowsWithUrl: 0 };
  const firstSites = new Map<string, string>();
  column.forEach((value, offset) => {
    const text = urlCellText(value);
    if (text === "") return;
    const row = firstRow + offset;
    const key = answerKey(text, firstSites);
    if (key === null) {
      result.invalidRows.push(row);
      return;
    }
    result.rowsWithUrl += 1;
    const known = index.get(key);
    if (known !== undefined) {
      result.rows[known]!.push(row);
      return;
    }
    index.set(key, result.keys.length);
    result.keys.push(key);
    result.urls.push(canonicalProfileUrl(text) ?? text);
    result.rows.push([row]);
  });
  return result;
}

/**
 * The key of `url` among `keys` (a DistinctUrls' keys): its own site's key when that site is not
 * the first seen for the person, else the person's key.
 */
export function keyAmong(keys: ReadonlySet<string>, id: string, url: string): string {
  const own = `${id}@${profileSite(url) ?? ""}`;
  return keys.has(own) ? own : id;
}

/** FNV-1a of the keys in order: cheap to keep, enough to notice an edited URL column. */
export function fingerprint(keys: readonly string[]): string {
  let hash = 0x811c9dc5;
  for (const key of keys) {
    for (let i = 0; i < key.length; i += 1) {
      hash ^= key.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    hash ^= 10;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${keys.length}:${hash.toString(16)}`;
}
