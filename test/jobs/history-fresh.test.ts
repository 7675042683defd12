/**
 * Issue 23.6: the history records whether each answer was fresh, so a job change seen in a cached
 * answer (Fresh data off: often a return to a previous job) is marked as such in the digest and the
 * Job changes sheet; histories written before say nothing about it and are still read. An undone
 * run's digest is empty.
 */
import { describe, expect, it } from "vitest";
import { decodeHistoryRows } from "../../src/jobs/history/decode";
import { jobChangesOfRun, jobChangesSince, runWasUndone } from "../../src/jobs/history/digest";
import { encodeChanges } from "../../src/jobs/history/format";
import { undoLastRun } from "../../src/jobs/history/undo";
import { url } from "./enrich-fakes";
import { historyWorld } from "./history-fakes";
import { v2Row } from "./history-v2";

const secret = "s".repeat(40);
/** One recorded Title change, as a run writes it. */
const change = {
  runId: "r1",
  time: "2026-11-01T10:00:00Z",
  sheet: "CRM",
  sheetId: 1,
  url: url("a"),
  row: 2,
  headerRow: 1,
  cells: [{ column: 3, header: "Title", before: "Old", after: "New" }],
};

const rows = () => [
  ["Profile URL", "Name", "Title", "Company"],
  [url("a"), "Ann", "Old title", "Old Co"],
];

describe("freshness in the change history (issue 23.6)", () => {
  it("a Fresh-data-off run records its answers as cached, and its job changes say so", () => {
    const w = historyWorld(rows(), { extras: {} });
    const runId = w.run();
    const [record] = w.table.rows.filter((row) => row[3]!.split("\n").includes(url("a")));
    expect(JSON.parse(record![5]!).rows).toContainEqual([url("a"), 2, false]);
    expect(record![4]).toMatch(/^\(cached answer\) Name: "Ann" -> "Person a"; Title:/);
    const changes = jobChangesOfRun(w.history, runId);
    expect(changes).toEqual([expect.objectContaining({ url: url("a"), cached: true })]);
    expect(jobChangesSince(w.history, "2026-01-01")).toEqual(changes);
  });

  it("a fresh run records fresh answers, and its job changes are not marked", () => {
    const w = historyWorld(rows());
    const runId = w.run();
    const [record] = w.table.rows.filter((row) => row[3]!.split("\n").includes(url("a")));
    expect(JSON.parse(record![5]!).rows).toContainEqual([url("a"), 2, true]);
    expect(jobChangesOfRun(w.history, runId)).toEqual([expect.objectContaining({ cached: false })]);
  });

  it("rows written before freshness was recorded read as unknown, not cached", () => {
    for (const text of [encodeChanges(secret, [change])[0]!.map(String), v2Row(secret, change)]) {
      expect(text[5]).not.toMatch(/"fresh"|,(true|false)\]/);
      const [decoded] = decodeHistoryRows(secret, [text], 1);
      expect(decoded).toMatchObject({ trust: "signed", before: "Old", after: "New" });
      expect(decoded!.fresh).toBeUndefined();
    }
    for (const text of [
      encodeChanges(secret, [{ ...change, fresh: false }])[0]!.map(String),
      v2Row(secret, { ...change, fresh: false }),
    ])
      expect(decodeHistoryRows(secret, [text], 1)[0]).toMatchObject({ trust: "signed", fresh: false });
  });

  it("after Undo, the run's digest is empty and says the run was undone", () => {
    const w = historyWorld(rows(), { extras: {} });
    const runId = w.run();
    expect(jobChangesOfRun(w.history, runId)).toHaveLength(1);
    undoLastRun(w.history);
    expect(runWasUndone(w.history, runId)).toBe(true);
    expect(jobChangesOfRun(w.history, runId)).toEqual([]);
    expect(jobChangesSince(w.history, "2026-01-01")).toEqual([]);
  });
});

describe("the history's Time (issue 23.10)", () => {
  it("is a date with its UTC text beside it; rows written before (UTC text in Time, no seventh cell) read the same", () => {
    const [cells] = encodeChanges(secret, [change]);
    expect(cells![1]).toEqual(new Date(Date.UTC(2026, 10, 1, 10)));
    expect(cells![6]).toBe("'2026-11-01T10:00:00Z");
    // Read back: a date cell as its ISO text (history-sheet.ts), the UTC text without its apostrophe.
    const now = ["r1", "2026-11-01T10:00:00Z", ...cells!.slice(2, 6).map(String), "2026-11-01T10:00:00Z"];
    const before = now.slice(0, 6);
    for (const row of [now, before])
      expect(decodeHistoryRows(secret, [row], 1)[0]).toMatchObject({ time: "2026-11-01T10:00:00Z" });
  });
});
