/** The spreadsheet's time zone (File > Settings) as an offset from UTC at any instant. */
import type { ZoneOffset } from "../jobs/schedule/schedule";

/** The offset (ms) at each instant, from Utilities.formatDate's "Z" ("+1300", "-0500"); 0 if unreadable. */
export function spreadsheetZoneOffset(): ZoneOffset {
  const zone = SpreadsheetApp.getActiveSpreadsheet().getSpreadsheetTimeZone();
  return (time) => {
    const offset = /^([+-])(\d{2})(\d{2})$/.exec(Utilities.formatDate(new Date(time), zone, "Z"));
    if (!offset) return 0;
    return (Number(offset[2]) * 60 + Number(offset[3])) * (offset[1] === "-" ? -60_000 : 60_000);
  };
}
