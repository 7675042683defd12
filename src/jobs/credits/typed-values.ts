/**
 * Filter values as people type or paste them, read into the forms the transaction list takes
 * (spec, endpoint 4): whole numbers as plain digits, dates as yyyy-mm-dd[THH:MM:SS[.ssssss]]. The
 * Credits tab's own list shows amounts with grouping and a sign ("+10,000", "-2,400") and times
 * as "Nov 21, 2026, 12:02 UTC": what it shows must be typeable back into its filters. Anything not
 * read for sure comes back null and is sent to the validator as typed, which names the fix.
 */

/** A minus pasted from a document or a spreadsheet: minus sign, hyphens, en and em dashes. */
const MINUS = /^[\u2010\u2011\u2012\u2013\u2014\u2212\ufe63\uff0d]\s*/;

/** "+10,000", "-2,400", "\u22125", "1234" -> "10000", "-2400", "-5", "1234"; null when unsure. */
export function typedWholeNumber(text: string): string | null {
  const signed = text.trim().replace(MINUS, "-");
  const m = /^([+-]?)\s*([1-9]\d{0,2}(?:,\d{3})+|0|[1-9]\d*)$/.exec(signed);
  if (!m) return null;
  const digits = (m[2] ?? "").replace(/,/g, "");
  return m[1] === "-" && digits !== "0" ? `-${digits}` : digits;
}

const MONTH_NAMES =
  "january february march april may june july august september october november december".split(" ");

/** "Nov", "nov.", "November", "Sept" -> 1..12; 0 for anything else. */
function monthNumber(word: string): number {
  const w = word.toLowerCase().replace(/\.$/, "");
  return w.length < 3 ? 0 : MONTH_NAMES.findIndex((name) => name.startsWith(w)) + 1;
}

const pad = (n: number | string, width = 2) => String(n).padStart(width, "0");

interface DateParts {
  year: number;
  month: number;
  day: number;
  /** "HH:MM:SS[.ssssss]" when a time was typed. */
  time?: string;
}

/** A real calendar day and time (Date.UTC rolls 30 February over into March). */
function isReal({ year, month, day }: DateParts, hour = 0, minute = 0, second = 0): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59
  );
}

function written(parts: DateParts): string | null {
  const [hour, minute, second] = (parts.time ?? "0:0:0").split(":").map((p) => Math.floor(Number(p)));
  if (!isReal(parts, hour, minute, second)) return null;
  const day = `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}`;
  return parts.time === undefined ? day : `${day}T${parts.time}`;
}

/** "12:02", "12:02:43", "12:02:43.5" -> "12:02:00", "12:02:43", "12:02:43.5". */
function timeOf(hour?: string, minute?: string, second?: string, fraction?: string): string | undefined {
  if (hour === undefined || minute === undefined) return undefined;
  return `${pad(hour)}:${minute}:${second ?? "00"}${fraction ?? ""}`;
}

/** The API's timestamps are UTC: a zone that says so is dropped. */
const UTC_ZONE = String.raw`\s*(?:Z|UTC|GMT|[+-]00:?00)?`;
const TIME = String.raw`(\d{1,2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?`;
const NUMERIC_DATE = new RegExp(
  String.raw`^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:(?:T|\s+)${TIME})?${UTC_ZONE}$`,
  "i",
);
const MONTH_FIRST = new RegExp(
  String.raw`^([a-z]{3,9}\.?)\s+(\d{1,2}),?\s+(\d{4})(?:,?\s+${TIME})?${UTC_ZONE}$`,
  "i",
);
const DAY_FIRST = new RegExp(
  String.raw`^(\d{1,2})\s+([a-z]{3,9}\.?),?\s+(\d{4})(?:,?\s+${TIME})?${UTC_ZONE}$`,
  "i",
);
const SLASHED = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** The two readings of a slashed date (month first, day first) that are real days. */
function slashedReadings(text: string): string[] {
  const m = SLASHED.exec(text.trim());
  if (!m) return [];
  const [a, b, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const readings = [written({ year, month: a, day: b }), written({ year, month: b, day: a })];
  return [...new Set(readings.filter((r): r is string => r !== null))];
}

/**
 * "Nov 21, 2026", "21 Nov 2026", "Nov 21, 2026, 12:02 UTC", "2026/11/21", "2026-11-21T12:02:43Z",
 * "13/01/2026" -> the API's form; null when it is no date, or a slashed one read two ways.
 */
export function typedDate(text: string): string | null {
  const trimmed = text.trim();
  let m = NUMERIC_DATE.exec(trimmed);
  if (m) {
    const time = timeOf(m[4], m[5], m[6], m[7]);
    return written({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), ...(time ? { time } : {}) });
  }
  m = MONTH_FIRST.exec(trimmed) ?? DAY_FIRST.exec(trimmed);
  if (m) {
    const monthFirst = /^[a-z]/i.test(trimmed);
    const month = monthNumber((monthFirst ? m[1] : m[2]) ?? "");
    const day = Number(monthFirst ? m[2] : m[1]);
    const time = timeOf(m[4], m[5], m[6], m[7]);
    return month === 0 ? null : written({ year: Number(m[3]), month, day, ...(time ? { time } : {}) });
  }
  const readings = slashedReadings(trimmed);
  return readings.length === 1 ? (readings[0] ?? null) : null;
}

/** The fix for a slashed date that reads two ways ("11/01/2026"), naming both; null otherwise. */
export function twoWayDateHint(text: string): string | null {
  const readings = slashedReadings(text);
  if (readings.length !== 2) return null;
  return `"${text.trim()}" can be read two ways: write it as ${readings[0]} or ${readings[1]} (yyyy-mm-dd).`;
}

/**
 * A range "x,y" whose values may hold commas themselves ("1,000,2,500", "Nov 1, 2026, Nov 30,
 * 2026"): the two parts as typed, parted at the one comma that leaves two readable values. Null
 * when no comma does, or more than one (then it is said, not guessed).
 */
export function rangeParts(text: string, read: (part: string) => string | null): [string, string] | null {
  const found: Array<[string, string]> = [];
  for (let i = text.indexOf(","); i !== -1; i = text.indexOf(",", i + 1)) {
    const [low, high] = [text.slice(0, i), text.slice(i + 1)];
    if (read(low) !== null && read(high) !== null) found.push([low, high]);
  }
  return found.length === 1 ? (found[0] ?? null) : null;
}

/** rangeParts, each part read. */
export function typedRange(text: string, read: (part: string) => string | null): [string, string] | null {
  const parts = rangeParts(text, read);
  return parts && [read(parts[0]) ?? parts[0], read(parts[1]) ?? parts[1]];
}

/** What a typed date covers: its first instant and, for a time typed to the minute, its last. */
export interface DateSpan {
  start: string;
  end: string;
}

/**
 * A date read with typedDate and the span it names: a time typed without seconds ("12:02", as the
 * list shows times) is that whole minute, 12:02:00 to 12:02:59.999999; anything else is itself
 * (a date alone is a whole day to the API already).
 */
export function typedDateSpan(text: string): DateSpan | null {
  const start = typedDate(text);
  if (start === null) return null;
  const toTheMinute = /T\d{2}:\d{2}:00$/.test(start) && !/\d:\d{2}:\d{2}/.test(text);
  return { start, end: toTheMinute ? `${start.slice(0, -2)}59.999999` : start };
}
