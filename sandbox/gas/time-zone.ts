/**
 * A spreadsheet's time zone, as Sheets applies it to date cells: a cell holds a wall-clock date and
 * time in the spreadsheet's zone; a script's Date is an instant. Writing a Date stores the instant's
 * wall clock in that zone, reading one back gives the same instant, and text typed or written as
 * a date ("2026-11-25 10:30:00") is that wall clock in the zone. Zones are "GMT+2"-style offsets or
 * IANA names ("Europe/Paris", through Intl); an unknown name is UTC.
 */

/** One formatter per zone: making one costs far more than using it (a refresh writes thousands of dates). */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock fields of `date` in `timeZone`, as the UTC fields of the Date returned. */
export function wallClock(date: Date, timeZone: string): Date {
  const offset = /^(?:GMT|UTC)([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(timeZone);
  if (offset) {
    const minutes = (Number(offset[2]) * 60 + Number(offset[3] ?? 0)) * (offset[1] === "-" ? -1 : 1);
    return new Date(date.getTime() + minutes * 60_000);
  }
  try {
    const parts = formatterOf(timeZone).formatToParts(date);
    const get = (type: string): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
    return new Date(
      Date.UTC(
        get("year"),
        get("month") - 1,
        get("day"),
        get("hour"),
        get("minute"),
        get("second"),
        date.getUTCMilliseconds(),
      ),
    );
  } catch {
    return date;
  }
}

/**
 * The instant whose wall clock in `timeZone` is `wall` (its UTC fields). Across a daylight-saving
 * change the offset is looked up again at the first guess, as Sheets picks one of the two.
 */
export function instantOf(wall: Date, timeZone: string): Date {
  const guess = wall.getTime();
  const first = guess - (wallClock(new Date(guess), timeZone).getTime() - guess);
  return new Date(guess - (wallClock(new Date(first), timeZone).getTime() - first));
}
