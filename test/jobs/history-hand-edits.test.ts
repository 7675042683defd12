/**
 * What colleagues do to `Prospecting changes` by hand, and what Undo, the digest and Job changes
 * must still get right: a row typed claiming a run was undone, and the sheet sorted newest first
 * (Data > Sort sheet Z -> A on Time, to read the latest runs at the top).
 */
import { describe, expect, it } from "vitest";
import { jobChangesOfRun, jobChangesSince } from "../../src/jobs/history/digest";
import { trimHistory } from "../../src/jobs/history/log";
import { undoLastRun } from "../../src/jobs/history/undo";
import { undoPreview } from "../../src/jobs/history/undo-preview";
import { url } from "./enrich-fakes";
import { historyWorld, MemoryTable } from "./history-fakes";

const START = [
  ["Profile URL", "Title", "Company"],
  [url("a"), "Old title a", "Old Co a"],
  [url("b"), "Old title b", "Old Co b"],
];

/** Two runs: the first fills the list, the second rewrites the Title a colleague typed over in row 2. */
function twoRuns() {
  const w = historyWorld(START);
  const first = w.run();
  w.grid.cells[1]![1] = "Typed title a";
  const second = w.run();
  return { w, first, second };
}

describe("a history edited by hand", () => {
  it("a typed undo:<run> row is not an undo: the run stays undoable and its job changes stand", () => {
    const { w, first, second } = twoRuns();
    const time = w.table.rows.at(-1)![1]!;
    // What an editor types (or pastes) under the history: the Run cell of an undo, nothing signed.
    w.table.rows.push([`undo:${second}`, time, "CRM", "", "", "", time]);
    expect(jobChangesOfRun(w.history, second)).toEqual([
      expect.objectContaining({ url: url("a"), oldTitle: "Typed title a", newTitle: "New title a" }),
    ]);
    const result = undoLastRun(w.history);
    expect(result.runId).toBe(second);
    expect(result).toMatchObject({ leftAlone: 0, refused: 0 });
    expect(w.grid.cells[1]!.slice(0, 3)).toEqual([url("a"), "Typed title a", "New Co"]);
    // The real undo marks it: the next Undo reaches the first run.
    expect(undoLastRun(w.history).runId).toBe(first);
    expect(w.grid.cells.map((row) => row.slice(0, 3))).toEqual([
      START[0],
      // The Title the colleague typed before the second run stays (not the first run's value).
      [url("a"), "Typed title a", "Old Co a"],
      START[2],
    ]);
  });

  it("an undo that put nothing back (every cell edited since) leaves its run out of Job changes, as the digest does", () => {
    const { w, second } = twoRuns();
    const time = w.table.rows.at(-1)![6]!;
    // Colleagues typed over every cell of the list since the second run (its headers stay).
    for (const row of w.grid.cells.slice(1)) row.fill("Typed", 1);
    const result = undoLastRun(w.history);
    expect(result).toMatchObject({ runId: second, restored: 0, partial: false });
    expect(result.leftAlone).toBeGreaterThan(0);
    expect(jobChangesOfRun(w.history, second)).toEqual([]);
    expect(jobChangesSince(w.history, time)).toEqual([]);
  });

  it("a signed row whose Run cell was typed over still belongs to the run it signed: Undo and the digest keep its people", () => {
    // Fresh data writes 4 rows at a time: one history row per write, 3 for these 10 people.
    const ids = "abcdefghij".split("");
    const start = [START[0]!, ...ids.map((id) => [url(id), `Old title ${id}`, `Old Co ${id}`])];
    const w = historyWorld(start, { extras: { up_to_the_second_fresh: true } });
    const runId = w.run();
    const middle = w.table.rows.findIndex((row) => row[3]!.split("\n").includes(url("e")));
    expect(middle).toBeGreaterThan(0);
    expect(middle).toBeLessThan(w.table.rows.length - 1);
    w.table.rows[middle]![0] = `undo:${runId}`;
    expect(jobChangesOfRun(w.history, runId)).toHaveLength(10);
    expect(jobChangesSince(w.history, "2000-01-01")).toHaveLength(10);
    const result = undoLastRun(w.history);
    expect(result).toMatchObject({ runId, refused: 0, leftAlone: 0, notFound: 0 });
    expect(w.grid.cells.map((row) => row.slice(0, 3))).toEqual(start);
  });

  it("a signed row pasted under a made-up Run id is named, not undone, and marks only that id", () => {
    const { w, first, second } = twoRuns();
    // An older signed row (the first run's write), pasted at the bottom as a new "run".
    const copy = [...w.table.rows.find((row) => row[0] === first && row[3]!.includes(url("b")))!];
    copy[0] = "made-up";
    copy[1] = "2099-01-01T00:00:00Z";
    w.table.rows.push(copy);
    // Its row in the sheet: below the header and every row before it.
    const pasted = w.table.rows.length + 1;
    const result = undoLastRun(w.history);
    expect(result).toMatchObject({ runId: "made-up", restored: 0, refused: 1 });
    expect(result.runTime).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(result.refusedRows).toEqual([
      `row ${pasted} (its Run cell was typed over: it records another run)`,
    ]);
    expect(w.grid.cells[2]!.slice(0, 3)).toEqual([url("b"), "New title b", "New Co"]);
    expect(undoLastRun(w.history).runId).toBe(second);
  });

  describe("sorted newest first", () => {
    /** Data > Sort Z -> A by Time: Sheets' sort is stable, so one write's rows keep their order. */
    const sortNewestFirst = (rows: string[][]) =>
      rows
        .map((row, index) => ({ row, index }))
        .sort((a, b) => (a.row[6]! < b.row[6]! ? 1 : a.row[6]! > b.row[6]! ? -1 : a.index - b.index))
        .map(({ row }) => row);

    it("Undo last run still undoes the latest run, not the oldest one now at the bottom", () => {
      const { w, second } = twoRuns();
      w.table.rows = sortNewestFirst(w.table.rows);
      const result = undoLastRun(w.history);
      expect(result.runId).toBe(second);
      // Only the cell the second run changed goes back; the first run's Company stays.
      expect(w.grid.cells.map((row) => row.slice(0, 3))).toEqual([
        START[0],
        [url("a"), "Typed title a", "New Co"],
        [url("b"), "New title b", "New Co"],
      ]);
    });

    it("Job changes since a date lists only the changes from then, oldest first", () => {
      const { w, second } = twoRuns();
      const secondTime = w.table.rows.at(-1)![6]!;
      w.table.rows = sortNewestFirst(w.table.rows);
      const since = jobChangesSince(w.history, secondTime);
      expect(since.map((change) => [change.runId, change.oldTitle, change.newTitle])).toEqual([
        [second, "Typed title a", "New title a"],
      ]);
      const all = jobChangesSince(w.history, "2000-01-01");
      expect(all.map((change) => change.oldTitle)).toEqual(["Old title a", "Old title b", "Typed title a"]);
    });

    it("past the rows kept, the oldest runs are deleted, not the newest ones now at the top", () => {
      const table = new MemoryTable();
      const at = (day: number) => `2026-11-${String(day).padStart(2, "0")}T09:00:00Z`;
      // Sorted newest first (c, b, undo of a, a), then the run just recorded appended below (d).
      table.rows = [
        ...[..."cccbbbb"].map((id) => [id, at(id === "c" ? 3 : 2)]),
        ["undo:a", at(2)],
        ...[..."aa"].map((id) => [id, at(1)]),
        ...[..."dd"].map((id) => [id, at(4)]),
      ];
      // 12 rows over 10: down to 9 by whole runs, a's undo with it.
      expect(trimHistory(table, 10)).toBe(3);
      expect(table.rows.map((row) => row[0]).join(" ")).toBe("c c c b b b b d d");
    });
  });
});

describe("Job changes across runs", () => {
  it("a mover seen again by every refresh that keeps Title and Company (a weekly schedule of Location only) is listed once, when first seen", () => {
    const w = historyWorld(
      [["Profile URL", "Title", "Company", "Location"], ...START.slice(1).map((row) => [...row, ""])],
      { fields: ["location"] },
    );
    const first = w.run();
    w.run();
    const third = w.run();
    // Each run's own digest still names them (they are still out of date in the sheet).
    expect(jobChangesOfRun(w.history, third)).toHaveLength(2);
    const since = jobChangesSince(w.history, "2000-01-01");
    expect(since.map((change) => [change.runId, change.url, change.oldTitle, change.newTitle])).toEqual([
      [first, url("a"), "Old title a", "New title a"],
      [first, url("b"), "Old title b", "New title b"],
    ]);
  });

  it("a move back and then again is listed each time", () => {
    const w = historyWorld(START);
    // The API's answer for a: the new job, then the old one again, then the new one.
    const answers = ["New title a", "Old title a", "New title a"];
    const client = w.client as unknown as { answer: (sent: string) => unknown };
    const answer = client.answer;
    let run = 0;
    client.answer = (sent) => {
      const reply = answer(sent) as { lead: { job_title: string } };
      if (sent.endsWith("/a") || sent.endsWith("/a/")) reply.lead.job_title = answers[run]!;
      return reply;
    };
    const runs = answers.map(() => {
      const id = w.run();
      run += 1;
      return id;
    });
    const since = jobChangesSince(w.history, "2000-01-01").filter((change) => change.url === url("a"));
    expect(since.map((change) => [change.runId, change.oldTitle, change.newTitle])).toEqual([
      [runs[0], "Old title a", "New title a"],
      [runs[1], "New title a", "Old title a"],
      [runs[2], "Old title a", "New title a"],
    ]);
  });
});

describe("the question before Undo", () => {
  it("names the run, its sheet as called now, its rows (the header row apart) and cells, and writes nothing", () => {
    const w = historyWorld(START);
    const runId = w.run();
    w.rename("CRM 2026");
    const history = w.table.rows.length;
    const filled = w.grid.cells.map((row) => [...row]);
    const preview = undoPreview(w.history);
    expect(preview).toMatchObject({ runId, sheets: ["CRM 2026"], rows: 2 });
    // The columns the run added (status, date, ...): their headers, cleared by the undo.
    const added = w.grid.cells[0]!.length - START[0]!.length;
    expect(preview.headers).toBe(added);
    expect(preview.cells).toBeGreaterThanOrEqual(2 * (2 + added));
    expect(w.table.rows).toHaveLength(history);
    expect(w.grid.cells).toEqual(filled);
  });
});

describe("Job changes after the list was sorted", () => {
  it("names each person from their own row now, not from the row the run wrote", () => {
    const w = historyWorld(
      [
        ["Profile URL", "Name", "Title", "Company"],
        [url("a"), "Ann", "Old title a", "New Co"],
        [url("b"), "Bob", "Old title b", "New Co"],
      ],
      { fields: ["job_title", "company_name"] },
    );
    const runId = w.run();
    // Sorted Z -> A by name: Bob's row first.
    const [head, ann, bob] = w.grid.cells;
    w.grid.cells = [head!, bob!, ann!];
    const people = jobChangesOfRun(w.history, runId).map((change) => [
      change.url,
      change.row,
      change.name,
      change.newCompany,
    ]);
    // Row: where each is now (the Job changes sheet's Row column), not where the run wrote them.
    expect(people).toEqual([
      [url("a"), 3, "Ann", "New Co"],
      [url("b"), 2, "Bob", "New Co"],
    ]);
    expect(jobChangesSince(w.history, "2000-01-01").map((change) => change.name)).toEqual(["Ann", "Bob"]);
  });
});
