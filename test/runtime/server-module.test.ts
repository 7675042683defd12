/**
 * Issue 11: every formula cell is an execution that loads Code.js (G5), so Code.js holds only the
 * entry points and the formulas' code; the sidebar's calls, the menu's actions and the scheduled
 * trigger read and evaluate dist/server-module.html in their own executions, and only there.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExecutionRecord } from "../../sandbox/gas/runtime";
import { crmRows, type EnrichWorld, rpcValue, SHEET, startEnrichWorld } from "../jobs/enrich-world";

describe("the server module is loaded only where it runs", () => {
  let world: EnrichWorld;
  beforeAll(async () => {
    world = await startEnrichWorld({ rows: [["Profile URL"]] });
    world.runtime.setValues(SHEET, "A1", crmRows(await world.control.sampleUrls(3), 0));
  });
  afterAll(async () => {
    await world?.close();
  });

  function executionsDuring(work: () => void): ExecutionRecord[] {
    const before = world.runtime.executions.length;
    work();
    return world.runtime.executions.slice(before);
  }

  it("formula cells never read it: each loads Code.js alone", () => {
    const { runtime } = world;
    const runs = executionsDuring(() => {
      runtime.setCell(SHEET, "C1", '=LOOKUP_LEAD(A2:A4, "full_name")');
      runtime.setCell(SHEET, "D1", "=CREDIT_BALANCE()");
    });
    const cells = runs.filter((run) => run.kind === "custom");
    expect(cells.map((run) => run.name).sort()).toEqual(["CREDIT_BALANCE", "LOOKUP_LEAD"]);
    for (const run of cells) {
      expect(run.outcome).toBe("completed");
      expect(run.filesRead).toEqual([]);
    }
    expect(typeof runtime.getValues(SHEET, "D1")[0]![0]).toBe("number");
    expect(runtime.getValues(SHEET, "C2")[0]![0]).not.toBe("");
  });

  it("the menu reads nothing on open, and the sidebar only its page", () => {
    const { runtime } = world;
    const runs = executionsDuring(() => {
      runtime.open();
      runtime.clickMenu("Open sidebar");
    });
    expect(runs.map((run) => [run.name, run.filesRead])).toEqual([
      ["onOpen", []],
      ["showSidebar", ["sidebar"]],
    ]);
  });

  it("each sidebar call, menu action and trigger run reads it once, in its own execution", () => {
    const { runtime } = world;
    const runs = executionsDuring(() => {
      expect(rpcValue(runtime, "getServerInfo", null)).toMatchObject({ version: expect.any(String) });
      rpcValue(runtime, "getSettings", null);
      runtime.select(SHEET, "C1");
      runtime.clickMenu("Freeze selected formulas to values");
      runtime.run("scheduledRefresh", [{}], { kind: "clock" });
    });
    expect(runs.map((run) => [run.name, run.filesRead])).toEqual([
      ["rpc", ["server-module"]],
      ["rpc", ["server-module"]],
      ["freezeSelectedFormulas", ["server-module"]],
      ["scheduledRefresh", ["server-module"]],
    ]);
    expect(runs.every((run) => run.outcome === "completed")).toBe(true);
  });
});
