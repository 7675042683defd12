/**
 * Which sheet Show job changes writes. A team works through the `Job changes` sheet: a
 * "Contacted" column, a Note typed in. Writing the new list over it blanked all that, and no change
 * history keeps that sheet, so nothing could bring it back. So the add-on remembers a fingerprint of
 * what it wrote (document properties: the sheet's id and a SHA-256 of its values read back), and
 * replaces a sheet only while it still holds exactly that; a sheet someone edited stays as it is,
 * and the list goes to the first free `Job changes (2)`, `(3)`, ...
 */
import type { GridValue } from "../jobs/enrich/ports";
import { sha256Hex } from "../jobs/history/sha256";
import { documentStore } from "./job-store";

const WRITTEN_KEY = "jobChanges.written";
/** How many numbered sheets are tried before the last one is used anyway. */
const MAX_COPIES = 50;

interface Written {
  sheetId: number;
  hash: string;
}

const fingerprint = (sheet: GoogleAppsScript.Spreadsheet.Sheet) =>
  sha256Hex(JSON.stringify(sheet.getDataRange().getValues()));

function lastWritten(): Written | null {
  try {
    const saved = JSON.parse(documentStore().get(WRITTEN_KEY) ?? "null") as Partial<Written> | null;
    return saved && typeof saved.sheetId === "number" && typeof saved.hash === "string"
      ? { sheetId: saved.sheetId, hash: saved.hash }
      : null;
  } catch {
    return null;
  }
}

/**
 * Whether the add-on may write over `sheet`: it is empty, or holds what the add-on last wrote there.
 * A sheet from before fingerprints were kept may be replaced while it holds only the add-on's own
 * columns under its own header (`headers`).
 */
function replaceable(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  written: Written | null,
  headers: readonly string[],
): boolean {
  if (sheet.getLastRow() === 0) return true;
  if (written) return written.sheetId === sheet.getSheetId() && written.hash === fingerprint(sheet);
  if (sheet.getLastColumn() > headers.length) return false;
  const top = sheet.getRange(1, 1, 1, headers.length).getValues()[0] as GridValue[];
  return headers.every((header, index) => String(top[index] ?? "") === header);
}

/**
 * The sheet to write the list into: `name` when it is free to replace, else the first numbered
 * name that is; `kept` names the edited sheet left as it was.
 */
export function jobChangesTarget(name: string, headers: readonly string[]): { name: string; kept?: string } {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const written = lastWritten();
  let candidate = name;
  for (let copy = 2; copy <= MAX_COPIES + 1; copy += 1) {
    const sheet = spreadsheet.getSheetByName(candidate);
    if (!sheet || replaceable(sheet, written, headers)) break;
    candidate = `${name} (${copy})`;
  }
  return candidate === name ? { name } : { name: candidate, kept: name };
}

/** Remembers what was just written into the sheet `name` (its values read back). */
export function rememberJobChanges(name: string): void {
  const sheet = SpreadsheetApp.getActiveSpreadsheet().getSheetByName(name);
  if (!sheet) return;
  const written: Written = { sheetId: sheet.getSheetId(), hash: fingerprint(sheet) };
  documentStore().set(WRITTEN_KEY, JSON.stringify(written));
}
