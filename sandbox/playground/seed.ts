/**
 * A new playground's spreadsheet: a few profile URLs of existing sandbox leads under `network_url`,
 * with a Name column beside them, like a small CRM export, so a newcomer can select the column and
 * try the add-on at once.
 */
import type { SpreadsheetData } from "../gas/runtime";

export const SEED_SHEET = "Sheet1";
export const SEED_TITLE = "Prospects (playground)";

/**
 * "https://www.network.example/in/jane-doe-lflt" -> "Jane Doe": a readable guess from the slug,
 * whose last part is the lead's code, not a name.
 */
export function nameFromProfileUrl(url: string): string {
  const slug = /\/in\/([^/?#]+)/.exec(url)?.[1] ?? "";
  return slug
    .split("-")
    .slice(0, -1)
    .filter((part) => /^[a-z]+$/i.test(part))
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase())
    .join(" ");
}

export function seedSpreadsheet(urls: string[]): SpreadsheetData {
  return {
    name: SEED_TITLE,
    sheets: [
      {
        name: SEED_SHEET,
        rows: [["Name", "network_url"], ...urls.map((url) => [nameFromProfileUrl(url), url])],
      },
    ],
    activeSheet: SEED_SHEET,
    activeRange: urls.length > 0 ? `B2:B${urls.length + 1}` : "A1",
  };
}
