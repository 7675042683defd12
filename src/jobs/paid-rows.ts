/**
 * Rows already paid for must not be lost to a sheet that cannot take them. A search checks the
 * spreadsheet's room before it sends anything (roomProblem); if the write still fails (a protected
 * range, the sheet deleted meanwhile), the rows go to a spare sheet and the answer says where, and
 * what was spent.
 */
import { JobError } from "./enrich/deps";

export interface SheetRoom {
  /** Cells the spreadsheet would grow by. */
  needed: number;
  /** Cells left under Sheets' 10 million. */
  free: number;
}

const count = (n: number) => n.toLocaleString("en-US");

/** Refuses, before anything is sent, a search whose rows the spreadsheet has no room for. */
export function checkRoom(room: SheetRoom | null, what: string): void {
  if (room === null || room.needed <= room.free) return;
  throw new JobError(
    "no_room",
    `The spreadsheet is too full for ${what}: it may need ${count(room.needed)} more cells and has room for ${count(Math.max(0, room.free))} (Sheets allows 10 million). Nothing was sent.`,
    "Delete sheets, rows or columns you do not need, or fetch fewer, then try again.",
  );
}

/** The text of an error a sheet write threw (Apps Script throws plain Errors). */
export function writeErrorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** What the user reads when paid rows went to a spare sheet, or nowhere. */
export function keptRowsMessage(options: {
  sheet: string;
  rows: number;
  spent: number;
  reason: string;
  keptIn: string | null;
  /** What the work emails found with the rows may have charged; absent: none were asked for. */
  emailCredits?: number;
}): { message: string; next: string } {
  const { sheet, rows, spent, reason, keptIn, emailCredits } = options;
  const emails = emailCredits === undefined ? "" : `, and up to ${count(emailCredits)} for their work emails`;
  const paid = `${count(rows)} row${rows === 1 ? "" : "s"} (${count(spent)} credit${spent === 1 ? "" : "s"} spent${emails})`;
  if (keptIn !== null) {
    return {
      message: `The ${sheet} sheet could not take the rows (${reason}). The ${paid} were written to the new sheet "${keptIn}" instead.`,
      next: `Copy them into ${sheet} when it can take them again.`,
    };
  }
  return {
    message: `The ${sheet} sheet could not take the rows (${reason}), and neither could a new sheet: ${paid} were not written.`,
    next: "Free room in the spreadsheet (Sheets allows 10 million cells) before searching again.",
  };
}

/** The longest name Sheets gives a sheet (the form's sheet-name fields allow as much). */
export const SHEET_NAME_LIMIT = 100;

/**
 * The name of a spare sheet for `base`'s rows, "Leads (unsaved rows)", then "... 2", "... 3"
 * while `taken`: `base` is cut to leave room for the suffix, since a name typed at the limit plus
 * the suffix is a name Sheets refuses, and the paid rows would then have nowhere to go.
 */
export function spareSheetName(base: string, taken: (name: string) => boolean): string {
  const named = (suffix: string) => `${base.slice(0, SHEET_NAME_LIMIT - suffix.length).trimEnd()}${suffix}`;
  let name = named(" (unsaved rows)");
  for (let n = 2; taken(name); n += 1) name = named(` (unsaved rows ${n})`);
  return name;
}
