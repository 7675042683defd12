/**
 * A cell's link target. CRM exports put profile links in the URL column as `=HYPERLINK(url,
 * label)`: the cell shows the label (a name), and the grid reads the formula. The URL is the
 * formula's first argument when it is a text literal; a formula that computes its URL (from a
 * reference or another function) has no target this can read without evaluating it, and stays
 * as read. Sheets writes the argument separator as `,` or, in locales with a decimal comma, `;`.
 */
const HYPERLINK = /^=\s*HYPERLINK\s*\(\s*"((?:[^"]|"")*)"\s*(?:[,;]|\))/i;

/** The URL of a `=HYPERLINK("url", ...)` formula; any other text as it is. */
export function linkTarget(text: string): string {
  const match = HYPERLINK.exec(text);
  return match ? match[1]!.replace(/""/g, '"').trim() : text;
}
