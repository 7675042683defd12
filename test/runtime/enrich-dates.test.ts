/**
 * Issue 23.10 in the emulated runtime, in a spreadsheet whose time zone is not UTC (Auckland,
 * UTC+13 in November): Enriched At is a date cell with a date-time format, shown as Auckland's wall
 * clock, that a "last 7 days" filter compares as a date; the history's Time is a date too, with
 * UTC in its own column; Show job changes since a day means that day in the spreadsheet's zone; Undo puts every cell back, the dates included, and leaves none as
 * "edited since"; and a second user (an editor with their own key) whose code runs with another
 * local time zone skips the rows just refreshed, as the owner does.
 * The lookup path is pinned (API_GENERATION legacy): bulk jobs are the default generation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../sandbox/gas/clock";
import { HISTORY_SHEET } from "../../src/jobs/history/columns";
import type { EnrichEstimate, EnrichProgress, EnrichRequest } from "../../src/rpc/enrich";
import type { JobChangesSheet, UndoAnswer } from "../../src/rpc/history";
import { driveSteps, rpcValue, SHEET, USER } from "../jobs/enrich-world";
import { type AddonRuntime, startAddonRuntime } from "./support";

const START = Date.UTC(2026, 10, 20, 12, 0, 0); // 01:00 on 21 November in Auckland (UTC+13)
const EDITOR = "editor@example.com";
const EDITOR_KEY = "sandbox-editor-key";
const DAY = 86_400_000;
const clock = manualClock(START);

let addon: AddonRuntime;
let urls: string[];

beforeAll(async () => {
  const probe = await startAddonRuntime({});
  urls = await probe.control.sampleUrls(3, 1023);
  await probe.close();
  addon = await startAddonRuntime({
    userProperties: { SPEND_CAP: "5000", API_GENERATION: "legacy" },
    runtime: {
      spreadsheet: {
        timeZone: "Pacific/Auckland",
        sheets: [
          {
            name: SHEET,
            rows: [["Profile URL", "Title", "Company"], ...urls.map((url) => [url, "Old title", "Old Co"])],
          },
        ],
      },
      user: USER,
      clock,
    },
  });
  await addon.control.setCredits(EDITOR_KEY, 1000);
  addon.runtime.properties
    .user(EDITOR)
    .setAll({ API_BASE_URL: addon.sandboxUrl, API_KEY: EDITOR_KEY, API_GENERATION: "legacy" });
});

afterAll(async () => {
  await addon?.close();
});

const request = (skipRefreshedDays = 0): EnrichRequest => ({
  options: {
    fields: ["job_title", "company_name"],
    extras: { up_to_the_second_fresh: true },
    mode: "refresh",
    skipRefreshedDays,
  },
});

/** Runs (as `user`, with the code's local time zone `tz`) over the list; returns the estimate. */
function estimateAs(user: string, tz: string, skipDays: number): EnrichEstimate {
  const saved = process.env.TZ;
  process.env.TZ = tz;
  try {
    addon.runtime.select(SHEET, "A1:A4");
    return rpcValue<EnrichEstimate>(addon.runtime, "enrichEstimate", request(skipDays), { user });
  } finally {
    process.env.TZ = saved;
  }
}

describe("dates are dates (issue 23.10)", () => {
  it("Enriched At and the history's Time are date cells in the spreadsheet's zone; a 7-day filter, Undo and a second user agree", () => {
    const before = addon.runtime.getSheetCells(SHEET).map((row) => row.map((cell) => cell.input));
    const estimate = estimateAs(USER, "UTC", 0);
    rpcValue<EnrichProgress>(addon.runtime, "enrichConfirm", { jobId: estimate.progress.jobId });
    expect(driveSteps(addon.runtime, estimate.progress.jobId).state).toBe("done");

    const header = addon.runtime.getValues(SHEET, "A1:H1")[0]!.map(String);
    const column = header.findIndex((text) => /enriched.at/i.test(text)) + 1;
    expect(column).toBeGreaterThan(0);
    const letter = String.fromCharCode(64 + column);
    const values = addon.runtime.getValues(SHEET, `${letter}2:${letter}4`).map((row) => row[0]);
    for (const value of values) {
      expect(value).toBeInstanceOf(Date);
      expect((value as Date).getTime()).toBe(START);
    }
    const cell = addon.runtime.getSheetCells(SHEET)[1]![column - 1]!;
    expect(cell.numberFormat).toBe("yyyy-mm-dd hh:mm:ss");
    // Shown as Auckland's wall clock, typed back as the same.
    expect(cell.display).toBe("2026-11-21 01:00:00");
    // "Is within the last 7 days", as a filter compares a date cell: three of three.
    const now = START + 2 * 3_600_000;
    expect(values.filter((value) => now - (value as Date).getTime() <= 7 * DAY)).toHaveLength(3);

    // The history: Time is a date (same instant), UTC in its own column.
    const history = addon.runtime.getSheetCells(HISTORY_SHEET);
    const headers = history[0]!.map((c) => String(c.value));
    const time = headers.indexOf("Time");
    const utc = headers.indexOf("Time (UTC)");
    expect(utc).toBeGreaterThan(0);
    const row = history[1]!;
    expect(row[time]!.value).toBeInstanceOf(Date);
    expect((row[time]!.value as Date).getTime()).toBe(START);
    expect(row[time]!.numberFormat).toBe("yyyy-mm-dd hh:mm:ss");
    expect(row[utc]!.value).toBe("2026-11-20T12:00:00Z");

    // Job changes since 21 November: that day in the spreadsheet's zone, where the run happened
    // (20 November in UTC). The sheet's Time is a date as well.
    const since = rpcValue<JobChangesSheet>(addon.runtime, "historyShowJobChanges", { since: "2026-11-21" });
    expect(since.count).toBe(3);
    expect(
      rpcValue<JobChangesSheet>(addon.runtime, "historyShowJobChanges", { since: "2026-11-22" }).count,
    ).toBe(0);
    rpcValue(addon.runtime, "historyShowJobChanges", { since: "2026-11-01" });
    const jobChanges = addon.runtime.getSheetCells("Job changes");
    expect(jobChanges[1]![0]!.value).toEqual(new Date(START));
    expect(jobChanges[1]![0]!.numberFormat).toBe("yyyy-mm-dd hh:mm:ss");

    // Two hours later, an editor whose code runs in another zone skips what was just refreshed.
    clock.advance(now - START);
    const again = estimateAs(EDITOR, "America/Los_Angeles", 1);
    expect(again.preview.toFetch).toBe(0);
    expect(again.progress.skips).toEqual([{ reason: "refreshed within the last day", urls: 3 }]);

    // Undo: every cell as before, none "edited since" (the dates read back match what was written).
    const undo = rpcValue<UndoAnswer>(addon.runtime, "historyUndo", null);
    expect(undo.leftAlone).toBe(0);
    const after = addon.runtime.getSheetCells(SHEET).map((row) => row.map((cell) => cell.input));
    expect(after.map((row) => row.slice(0, 3))).toEqual(before.map((row) => row.slice(0, 3)));
    expect(after.flatMap((row) => row.slice(3)).every((input) => input === "")).toBe(true);
  });
});
