/**
 * Undo of a run cut off midway (Apps Script's time limit) in the emulated runtime over the built
 * add-on and the sandbox. A write is recorded in the history before it is made, so a cut-off can
 * fall between the two: the history then holds changes the sheet never got. Whatever write the
 * cut falls on, Cancel then Undo (or the run finished, then Undo) gives back the sheet as it was,
 * byte for byte; no cell is called "edited since" that nobody edited, the run is not left
 * "undoable" for good by headers it never wrote, and Undo charges nothing.
 * The lookup path is pinned (API_GENERATION legacy): bulk jobs are the default generation.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HISTORY_SHEET } from "../../src/jobs/history/columns";
import type { EnrichProgress } from "../../src/rpc/enrich";
import type { UndoAnswer } from "../../src/rpc/history";
import {
  crmRows,
  DEFAULT_REQUEST,
  driveSteps,
  type EnrichWorld,
  estimateAndConfirm,
  freshDocument,
  rpcValue,
  startEnrichWorld,
} from "../jobs/enrich-world";

const SHEET = "Cut";
let world: EnrichWorld;
let urls: string[];

beforeAll(async () => {
  world = await startEnrichWorld({
    rows: [],
    userProperties: { SPEND_CAP: "5000", CHUNK_SIZE: "3", API_GENERATION: "legacy" },
  });
  urls = await world.control.sampleUrls(8, 500);
});

afterAll(async () => {
  await world?.close();
});

beforeEach(async () => {
  await freshDocument(world, [SHEET]);
  world.runtime.insertSheet(SHEET);
});

const inputs = () => world.runtime.getSheetCells(SHEET).map((row) => row.map((cell) => cell.input));
/** The same cells, trailing empty cells dropped (an undone run leaves its columns empty). */
const trimmed = (rows: string[][]) => rows.map((row) => row.join("\t").replace(/\t+$/, ""));

/** Starts a run and cuts its first step off at its `k`-th Range.setValues; false when the step made fewer. */
function cutAt(k: number): { jobId: string; cut: boolean } {
  const jobId = estimateAndConfirm(world.runtime, `A1:A${urls.length + 1}`, DEFAULT_REQUEST, SHEET);
  let cut = false;
  const interrupt = (call: { method: string; count: number }) => {
    cut ||= call.method === "Range.setValues" && call.count === k;
    return cut;
  };
  try {
    world.runtime.rpc("enrichStep", { jobId }, { interrupt });
  } catch {
    // Cut off: "Exceeded maximum execution time".
  }
  return { jobId, cut };
}

describe("Undo of a run cut off midway", () => {
  for (const then of ["cancelled", "finished"] as const) {
    it(`wherever the cut falls, the run ${then}, Undo gives the sheet back and calls nothing edited`, async () => {
      const cuts: string[] = [];
      for (let k = 1; ; k += 1) {
        await freshDocument(world, [HISTORY_SHEET]);
        world.runtime.setValues(SHEET, "A1", crmRows(urls, 0));
        const before = trimmed(inputs());
        const { jobId, cut } = cutAt(k);
        if (!cut) {
          rpcValue<EnrichProgress>(world.runtime, "enrichCancel", { jobId });
          break;
        }
        if (then === "cancelled") rpcValue<EnrichProgress>(world.runtime, "enrichCancel", { jobId });
        else expect(driveSteps(world.runtime, jobId).state).toBe("done");
        const spent = await world.control.stats();
        const answer = world.runtime.rpc("historyUndo", null) as
          | { ok: true; value: UndoAnswer }
          | { ok: false; error: { kind: string } };
        if (!answer.ok) {
          // Cut before anything was recorded (so written): nothing to undo.
          expect(answer.error.kind).toBe("nothing");
        } else {
          expect(answer.value, `cut at write ${k}: ${answer.value.message}`).toMatchObject({
            leftAlone: 0,
            notFound: 0,
            partial: false,
          });
          cuts.push(answer.value.message);
        }
        expect(trimmed(inputs()), `cut at write ${k}`).toEqual(before);
        // Nothing is left to undo: the run is not stuck as undoable.
        expect(world.runtime.rpc("historyUndo", null)).toMatchObject({
          ok: false,
          error: { kind: "nothing" },
        });
        const after = await world.control.stats();
        expect(after.ledger).toEqual(spent.ledger);
      }
      expect(cuts.length).toBeGreaterThan(2);
      if (then === "cancelled")
        expect(cuts.some((message) => /already held their old value \(never written/.test(message))).toBe(
          true,
        );
    });
  }
});
