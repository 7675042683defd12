/**
 * A new playground's first sheet: a few profile URLs of existing sandbox leads under `network_url`,
 * with a Name column beside them, like a small CRM export, so a newcomer can select the column and
 * try the add-on at once.
 */
import type { PlaygroundRuntime } from "./playground-runtime";

export const SEED_SHEET = "Sheet1";

/** "https://www.network.example/in/jane-doe-3f2a" -> "Jane Doe": a readable guess from the slug. */
export function nameFromProfileUrl(url: string): string {
  const slug = /\/in\/([^/?#]+)/.exec(url)?.[1] ?? "";
  return slug
    .split("-")
    .filter((part) => /^[a-z]+$/i.test(part))
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase())
    .join(" ");
}

export function seedSpreadsheet(runtime: PlaygroundRuntime, urls: string[]): void {
  runtime.setCell(SEED_SHEET, "A1", "Name");
  runtime.setCell(SEED_SHEET, "B1", "network_url");
  urls.forEach((url, index) => {
    runtime.setCell(SEED_SHEET, `A${index + 2}`, nameFromProfileUrl(url));
    runtime.setCell(SEED_SHEET, `B${index + 2}`, url);
  });
  runtime.select(SEED_SHEET, urls.length > 0 ? `B2:B${urls.length + 1}` : "A1");
}
