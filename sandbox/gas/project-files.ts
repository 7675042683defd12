/**
 * The HTML files of a built project (dist/*.html) by the name HtmlService knows them by: the file
 * name without ".html". Apps Script stores them with the script and reads one only when asked
 * (HtmlService.createHtmlOutputFromFile), as the add-on does for its sidebar and its server module.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export function htmlFiles(distDir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(distDir)) {
    if (name.endsWith(".html"))
      files[name.slice(0, -".html".length)] = readFileSync(join(distDir, name), "utf8");
  }
  return files;
}
