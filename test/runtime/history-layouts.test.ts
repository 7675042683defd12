/**
 * Issue 20.1 in the emulated runtime: a spreadsheet whose history was written in the v2 layout (a
 * history row per changed sheet row) is refreshed by today's add-on. The header becomes today's
 * (Profile URLs, its note saying a row lists several), the old rows stay as they are, and Undo,
 * the digest and Show job changes read both: the new run is undone, then the v2 one, every cell
 * back; nothing is charged by any of it but the refresh.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import { HISTORY_HEADERS, HISTORY_SHEET } from "../../src/jobs/history/columns";
import type { JobChangesSheet, UndoAnswer } from "../../src/rpc/history";
import {
  driveSteps,
  type EnrichWorld,
  estimateAndConfirm,
  rpcValue,
  SHEET,
  startEnrichWorld,
} from "../jobs/enrich-world";
import { v2Row } from "../jobs/history-v2";

const SECRET = "v2-secret-0123456789abcdef0123456789abcdef";
const V2_HEADERS = ["Run", "Time", "Sheet", "Profile URL", "Summary", "Changes", "Time (UTC)"];

let world: EnrichWorld;
let urls: string[];

beforeAll(async () => {
  world = await startEnrichWorld({
    rows: [],
    userProperties: { SPEND_CAP: "1000", API_GENERATION: "legacy" },
  });
  urls = await world.control.sampleUrls(3, 300);
});

afterAll(async () => {
  await world?.close();
});

describe("a history written in the v2 layout, then today's runs", () => {
  it("keeps the old rows, upgrades the header, and Undo, the digest and the job changes read both", async () => {
    // The sheet as the v2 run left it: it moved the first person from Old Co to Acme.
    const start = [
      ["Profile URL", "Title", "Company"],
      [urls[0]!, "Founder", "Acme"],
      [urls[1]!, "Old title 1", "Old Co 1"],
      [urls[2]!, "Old title 2", "Old Co 2"],
    ];
    world.runtime.setValues(SHEET, "A1", start);
    world.runtime.properties.document.setAll({
      "history.secret": JSON.stringify({ secret: SECRET, legacy: [] }),
    });
    world.runtime.insertSheet(HISTORY_SHEET);
    const time = "2026-11-20T09:00:00Z";
    world.runtime.setValues(HISTORY_SHEET, "A1", [
      V2_HEADERS,
      v2Row(SECRET, {
        runId: "v2-run",
        time,
        sheet: SHEET,
        sheetId: world.runtime.sheets().find((sheet) => sheet.name === SHEET)!.id,
        url: urls[0]!,
        row: 2,
        headerRow: 1,
        fresh: true,
        cells: [
          { column: 2, header: "Title", before: "Old title 0", after: "Founder" },
          { column: 3, header: "Company", before: "Old Co 0", after: "Acme" },
        ],
      }),
    ]);

    const jobId = estimateAndConfirm(world.runtime, "A1:A4");
    expect(driveSteps(world.runtime, jobId).state).toBe("done");
    const history = world.runtime.getSheetCells(HISTORY_SHEET);
    expect(history[0]!.map((cell) => cell.input)).toEqual([...HISTORY_HEADERS]);
    expect(history[0]![3]!.note).toMatch(/one a line/);
    // The v2 row is as it was; the run's rows follow in today's layout.
    expect(String(history[1]![0]!.value)).toBe("v2-run");
    expect(String(history[1]![5]!.value).startsWith('{"v":2,')).toBe(true);
    expect(history.slice(2).every((row) => String(row[5]!.value).startsWith('{"v":3,'))).toBe(true);
    const charged = await ledgerCredits(world.control);
    expect(charged).toBe(3);

    // The job changes since before the v2 run: the v2 run's and the refresh's.
    const sheet = rpcValue<JobChangesSheet>(world.runtime, "historyShowJobChanges", { since: "2026-11-19" });
    const listed = world.runtime
      .getSheetCells("Job changes")
      .map((row) => row.map((cell) => String(cell.value)));
    expect(sheet.count).toBe(listed.length - 1);
    expect(listed.some((row) => row.includes("Old Co 0") && row.includes("Acme"))).toBe(true);

    // Undo the refresh, then the v2 run: every cell as before the v2 run.
    const first = rpcValue<UndoAnswer>(world.runtime, "historyUndo", null);
    expect(first).toMatchObject({ runId: jobId, refused: 0, leftAlone: 0, notFound: 0 });
    const second = rpcValue<UndoAnswer>(world.runtime, "historyUndo", null);
    expect(second).toMatchObject({ runId: "v2-run", restored: 2, refused: 0, leftAlone: 0 });
    const cells = world.runtime.getSheetCells(SHEET).map((row) => row.map((cell) => String(cell.input)));
    expect(cells.map((row) => row.slice(0, 3))).toEqual([
      start[0],
      [urls[0]!, "Old title 0", "Old Co 0"],
      start[2],
      start[3],
    ]);
    expect(await ledgerCredits(world.control)).toBe(charged);
  });
});
