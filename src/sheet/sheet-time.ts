/**
 * Times the add-on writes into cells (Enriched At, the history's Time) and reads back to compare.
 *
 * Written as Sheets dates (issue 23.10): a `Date` value, which Sheets stores as a date-time in the
 * spreadsheet's time zone, shown with DATE_TIME_FORMAT, so a filter such as "is within the last
 * 7 days" works on the column. Read back, getValues gives a `Date` for such a cell; versions before
 * wrote the time as ISO text in UTC (`2026-11-25T03:19:26Z`). Both are read here as epoch
 * milliseconds and compared as numbers, never as text: a `Date` turned into text gains
 * milliseconds (".000Z" sorts before "Z") and a time zone is not part of the instant, so a second
 * user, or a spreadsheet in another zone, compares the same instants.
 */
/**
 * An ISO time (the history's `2026-11-25T16:44:05Z`, the API's `2026-11-01T10:00:00.000000`) as
 * people read it in a message: "2026-11-25 16:44 UTC"; other text as it came.
 */
export function readableUtc(text: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(text);
  return match ? `${match[1]} ${match[2]} UTC` : text;
}

/** The number format of the time cells the add-on writes: a date and a time, to the second. */
export const DATE_TIME_FORMAT = "yyyy-mm-dd hh:mm:ss";

// ISO text in UTC as earlier versions wrote it (seconds, sometimes milliseconds), apostrophe or not.
const ISO_UTC = /^'?(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?Z)$/;

/** A time cell as epoch milliseconds: a date value, or the ISO text of older versions; else null. */
export function timeOfCell(value: unknown): number | null {
  if (value instanceof Date) {
    const ms = value.getTime();
    return Number.isNaN(ms) ? null : ms;
  }
  if (typeof value !== "string") return null;
  const match = ISO_UTC.exec(value.trim());
  if (!match) return null;
  const ms = Date.parse(match[1]!);
  return Number.isNaN(ms) ? null : ms;
}

/** Whole seconds: what a time cell keeps of a time the add-on wrote (it writes no milliseconds). */
export const toSecond = (ms: number) => Math.floor(ms / 1000) * 1000;

/** ISO text in UTC to the second ("2026-11-25T03:19:26Z"): the history's UTC column, messages. */
export const isoSecond = (ms: number) => new Date(toSecond(ms)).toISOString().replace(/\.\d{3}Z$/, "Z");
