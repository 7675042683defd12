/**
 * A shared sheet under the owner's Enrich run, cut off between two steps (its first group written),
 * while an editor changes the sheet as colleagues do: inserts a column left of the list and rows
 * above it, types into a cell the run has not reached yet, renames the sheet and deletes the
 * change history. The run then goes on: every person is refreshed and charged once (the sandbox's
 * ledger), the editor's typing is either kept or recorded in the history before it is replaced,
 * and Undo last run puts back what the run wrote after the history was deleted. The lookup path is
 * pinned (API_GENERATION legacy).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { skipReasons } from "../../src/jobs/enrich/progress";
import { HISTORY_SHEET } from "../../src/jobs/history/columns";
import type { EnrichEstimate, EnrichProgress, EnrichRequest } from "../../src/rpc/enrich";
import type { UndoAnswer } from "../../src/rpc/history";
import {
  chargesPerPerson,
  driveSteps,
  type EnrichWorld,
  estimateAndConfirm,
  rpcValue,
  SHEET,
  startEnrichWorld,
} from "../jobs/enrich-world";

const EDITOR = "editor@example.com";
const ROWS = 12;
const OTHER = "CRM 2";
const FRESH: EnrichRequest = {
  options: {
    fields: ["job_title", "company_name"],
    extras: { up_to_the_second_fresh: true },
    mode: "refresh",
  },
};
let world: EnrichWorld;
let urls: string[];

beforeAll(async () => {
  world = await startEnrichWorld({ rows: [["Profile URL"]] });
  world.runtime.properties.user().setAll({ API_GENERATION: "legacy" });
  urls = await world.control.sampleUrls(ROWS, 1023);
  world.runtime.properties.user(EDITOR).setAll({ API_BASE_URL: world.sandboxUrl });
});
afterAll(async () => {
  await world?.close();
});
beforeEach(async () => {
  await world.control.reset();
});

/** The owner's step, cut off as its second group of lookups goes out (its first group written). */
function cutAtSecondFetch(jobId: string): void {
  let fetches = 0;
  expect(() =>
    world.runtime.rpc(
      "enrichStep",
      { jobId },
      { interrupt: (c: { method: string }) => c.method === "UrlFetchApp.fetchAll" && ++fetches === 2 },
    ),
  ).toThrow(/Exceeded maximum execution time/);
}

describe("Enrich: an editor changes the sheet between the owner's steps", () => {
  it("columns and rows inserted, a cell typed, the sheet renamed, the history deleted: nothing lost, charged once, undone", async () => {
    const rows = [["Profile URL", "Title", "Company"], ...urls.map((url) => [url, "Old title", "Old Co"])];
    world.runtime.setValues(SHEET, "A1", rows);
    const jobId = estimateAndConfirm(world.runtime, `A1:A${ROWS + 1}`, FRESH);
    cutAtSecondFetch(jobId);
    const done = world.runtime.getValues(SHEET, `B2:B${ROWS + 1}`).filter(([title]) => title !== "Old title");
    expect(done.length).toBeGreaterThan(0);
    expect(done.length).toBeLessThan(ROWS);

    world.runtime.user = EDITOR;
    world.runtime.insertColumns(SHEET, 1, 1);
    world.runtime.setValues(SHEET, "A1", [["Owner"]]);
    // The last person's Title, typed by the editor before the run reaches it.
    world.runtime.setCell(SHEET, `C${ROWS + 1}`, "Typed by the editor");
    world.runtime.renameSheet(SHEET, "Leads 2026");
    world.runtime.deleteSheet(HISTORY_SHEET);
    world.runtime.user = "user@example.com";

    const end = driveSteps(world.runtime, jobId);
    expect(end.state).toBe("done");
    // The group out when the execution was cut may have been charged: never sent again by itself.
    expect(end.ok + end.interrupted).toBe(ROWS);
    const charges = await chargesPerPerson(world.control);
    expect(charges.size).toBe(end.ok);
    expect([...charges.values()].every((n) => n === 1)).toBe(true);
    expect(end.charges?.charged).toBe(end.ok);
    const after = world.runtime.getValues("Leads 2026", `A1:D${ROWS + 1}`);
    expect(after[0]!.slice(0, 4)).toEqual(["Owner", "Profile URL", "Title", "Company"]);
    expect(after.slice(1).map((row) => row[1])).toEqual(urls);
    expect(after.slice(1).filter((row) => row[2] === "Old title")).toHaveLength(end.interrupted);

    // Undo: what the run wrote after the history was deleted is put back; the editor's typing was
    // recorded before the run replaced it, so it comes back too.
    const undo = rpcValue<UndoAnswer>(world.runtime, "historyUndo", null);
    expect(undo.leftAlone).toBe(0);
    expect(world.runtime.getValues("Leads 2026", `C${ROWS + 1}:C${ROWS + 1}`)[0]![0]).toBe(
      "Typed by the editor",
    );
  });

  it("rows inserted above the list: the run stops before sending, and a new run on the rows as they are buys no one twice", async () => {
    const rows = [["Profile URL", "Title", "Company"], ...urls.map((url) => [url, "Old title", "Old Co"])];
    world.runtime.insertSheet(OTHER);
    world.runtime.setValues(OTHER, "A1", rows);
    const jobId = estimateAndConfirm(world.runtime, `A1:A${ROWS + 1}`, FRESH, OTHER);
    cutAtSecondFetch(jobId);
    world.runtime.user = EDITOR;
    world.runtime.insertRows(OTHER, 2, 2);
    world.runtime.user = "user@example.com";
    const stopped = driveSteps(world.runtime, jobId);
    expect(stopped.state).toBe("stopped");
    expect(stopped.message?.kind).toBe("changed");
    const before = await chargesPerPerson(world.control);
    // As the message says: Cancel, and a new run on the rows as they are now, with the Enrich
    // tab's default "Skip rows refreshed within 1 day" (Finish this run refuses changed rows).
    rpcValue<EnrichProgress>(world.runtime, "enrichCancel", { jobId });
    const again = estimateAndConfirm(
      world.runtime,
      `A3:A${ROWS + 3}`,
      { options: { ...FRESH.options, skipRefreshedDays: 1 } },
      OTHER,
    );
    const end = driveSteps(world.runtime, again);
    expect(end.state).toBe("done");
    const charges = await chargesPerPerson(world.control);
    expect([...charges.values()].every((n) => n === 1)).toBe(true);
    expect(charges.size).toBe(before.size + end.ok);
    const titles = world.runtime.getValues(OTHER, `B4:B${ROWS + 3}`).map(([title]) => title);
    expect(titles.filter((title) => title === "Old title").length).toBe(ROWS - charges.size);
  });

  it("rows inserted above the header row: the run stops before sending and says the header row moved, not that every column was deleted", async () => {
    const sheet = "CRM 4";
    world.runtime.insertSheet(sheet);
    world.runtime.setValues(sheet, "A1", [
      ["Profile URL", "Title", "Company"],
      ...urls.map((url) => [url, "Old title", "Old Co"]),
    ]);
    const jobId = estimateAndConfirm(world.runtime, `A1:A${ROWS + 1}`, FRESH, sheet);
    cutAtSecondFetch(jobId);
    const sent = (await world.control.stats()).ledger.length;
    world.runtime.user = EDITOR;
    world.runtime.insertRows(sheet, 1, 2);
    world.runtime.user = "user@example.com";
    const stopped = driveSteps(world.runtime, jobId);
    expect(stopped.state).toBe("stopped");
    expect(stopped.message?.message).toMatch(
      /^Row 1 no longer holds this run's headers \("Profile URL" \(was A\), .*\): rows were inserted or deleted above the list/,
    );
    expect(stopped.message?.message).not.toMatch(/deleted or renamed/);
    expect(stopped.message?.next).toMatch(/Undo that change/);
    expect((await world.control.stats()).ledger.length).toBe(sent);
    rpcValue<EnrichProgress>(world.runtime, "enrichCancel", { jobId });
  });

  it("a new run over rows whose lookup may have been charged leaves them out unless asked", async () => {
    const sheet = "CRM 3";
    world.runtime.insertSheet(sheet);
    world.runtime.setValues(sheet, "A1", [
      ["Profile URL", "Title", "Company"],
      ...urls.map((url) => [url, "Old title", "Old Co"]),
    ]);
    const jobId = estimateAndConfirm(world.runtime, `A1:A${ROWS + 1}`, FRESH, sheet);
    // Cut off after the second group's answers came back (charged), before they were written.
    let fetches = 0;
    expect(() =>
      world.runtime.rpc(
        "enrichStep",
        { jobId },
        {
          interrupt: (c: { method: string }) => {
            if (c.method !== "UrlFetchApp.fetchAll") return fetches >= 2;
            fetches += 1;
            return false;
          },
        },
      ),
    ).toThrow(/Exceeded maximum execution time/);
    const first = driveSteps(world.runtime, jobId);
    expect(first.state).toBe("done");
    expect(first.interrupted).toBeGreaterThan(0);
    const paid = await chargesPerPerson(world.control);
    expect(paid.size).toBe(ROWS);

    // The list again, by hand (a colleague's changes made the run stop, or the owner wants it whole).
    world.runtime.select(sheet, `A1:A${ROWS + 1}`);
    const estimate = rpcValue<EnrichEstimate>(world.runtime, "enrichEstimate", FRESH);
    expect(estimate.preview.toFetch).toBe(ROWS - first.interrupted);
    expect(skipReasons(estimate.progress.skips)).toMatch(/may have been charged/);
    const asked = rpcValue<EnrichEstimate>(world.runtime, "enrichEstimate", {
      options: { ...FRESH.options, resendMaybeCharged: true },
    });
    expect(asked.preview.toFetch).toBe(ROWS);
    // Selecting just those rows is the status's own advice ("select the row and run again").
    const held = world.runtime
      .getValues(sheet, `B2:B${ROWS + 1}`)
      .map(([title], i) => (title === "Old title" ? i + 2 : 0))
      .filter((row) => row > 0);
    expect(held).toHaveLength(first.interrupted);
    world.runtime.select(sheet, `A${held[0]}:A${held.at(-1)}`);
    const only = rpcValue<EnrichEstimate>(world.runtime, "enrichEstimate", FRESH);
    expect(only.preview.toFetch).toBe(first.interrupted);
  });
});
