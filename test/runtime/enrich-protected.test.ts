/**
 * Enrich over a sheet its owner shaped: a protected column (Data > Protect sheets and ranges) and
 * a column whose data validation rejects input (the emulated runtime's edit-rules.ts). On bulk
 * jobs (the default) and on lookups (API generation legacy), against the sandbox's ledger:
 * an editor the protection leaves out is stopped before anything is sent, naming the range; a
 * write the validation refuses after the answers were paid stops the run saying so, the rows say
 * they were charged, the total is the ledger's, and Resume charges nobody twice.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EnrichProgress } from "../../src/rpc/enrich";
import { crmRows, type EnrichWorld, rpcValue, SHEET, startEnrichWorld, USER } from "../jobs/enrich-world";
import { DEMO_KEY } from "./support";

const EDITOR = "editor@example.com";
const EDITOR_KEY = "editor-key";
const ROWS = 6;
const REQUEST = {
  options: { fields: ["full_name", "job_title", "company_name", "location"], extras: {}, mode: "refresh" },
};
let world: EnrichWorld;
let urls: string[];
let sheets = 0;

async function charged(key: string): Promise<number> {
  const { ledger } = await world.control.stats();
  return ledger.filter((c) => c.key === key).reduce((sum, c) => sum + Math.abs(c.amount), 0);
}

/** Estimate, confirm and step as `user` until the run is no longer running. */
function enrich(user: string): { jobId: string; progress: EnrichProgress } {
  const as = { user };
  world.runtime.select(SHEET, `A1:A${ROWS + 1}`);
  const estimate = rpcValue<{ progress: EnrichProgress }>(world.runtime, "enrichEstimate", REQUEST, as);
  const jobId = estimate.progress.jobId;
  rpcValue(world.runtime, "enrichConfirm", { jobId }, as);
  return { jobId, progress: drive(jobId, user) };
}

function drive(jobId: string, user: string): EnrichProgress {
  let progress = rpcValue<EnrichProgress>(world.runtime, "enrichStep", { jobId }, { user });
  for (let step = 0; step < 20 && progress.state === "running"; step += 1)
    progress = rpcValue<EnrichProgress>(world.runtime, "enrichStep", { jobId }, { user });
  return progress;
}

function resume(jobId: string, user: string): EnrichProgress {
  rpcValue(world.runtime, "enrichResume", { jobId }, { user });
  return drive(jobId, user);
}

beforeAll(async () => {
  world = await startEnrichWorld({ rows: [["Profile URL"]] });
  urls = await world.control.sampleUrls(ROWS);
  world.runtime.properties.user(EDITOR).setAll({ API_BASE_URL: world.sandboxUrl, API_KEY: EDITOR_KEY });
});
afterAll(async () => {
  await world?.close();
});
beforeEach(async () => {
  await world.control.reset();
  await world.control.setCredits(EDITOR_KEY, 1000);
  world.runtime.properties.document.clear();
  // A fresh CRM sheet each time: the emulation's rules belong to the sheet they were set on.
  sheets += 1;
  world.runtime.renameSheet(SHEET, `old ${sheets}`);
  world.runtime.insertSheet(SHEET);
  world.runtime.setValues(SHEET, "A1", crmRows(urls, 0));
  if (world.runtime.sheets().some((s) => s.name === "Prospecting changes"))
    world.runtime.deleteSheet("Prospecting changes");
});

describe.each(["legacy", "auto"])("Enrich on a shaped sheet (API generation %s)", (generation) => {
  beforeEach(() => {
    for (const user of [USER, EDITOR])
      world.runtime.properties.user(user).setAll({ API_GENERATION: generation });
  });

  it("an editor left out of a protected Title column is stopped before anything is sent; the owner's run writes", async () => {
    world.runtime.protect(SHEET, `B2:B${ROWS + 1}`);
    const { jobId, progress } = enrich(EDITOR);
    expect(progress.state).toBe("stopped");
    expect(progress.message).toMatchObject({
      kind: "protected",
      message: expect.stringContaining("CRM!B2:B7"),
    });
    expect(progress.message?.message).toMatch(/Nothing was sent/);
    expect(resume(jobId, EDITOR).state).toBe("stopped");
    expect(await charged(EDITOR_KEY)).toBe(0);
    expect(world.runtime.getValues(SHEET, "B2:C2")).toEqual([["Old title", "Old Co"]]);
    // The owner may edit it: the same list refreshes, each person charged once.
    rpcValue(world.runtime, "enrichCancel", { jobId }, { user: EDITOR });
    const owner = enrich(USER).progress;
    expect(owner).toMatchObject({ state: "done", ok: ROWS });
    expect(await charged(DEMO_KEY)).toBe(ROWS);
  });

  it("an editor left out of the header row, where the run appends its columns: stopped before anything is sent", async () => {
    world.runtime.protect(SHEET, "A1:Z1");
    const { progress } = enrich(EDITOR);
    expect(progress).toMatchObject({ state: "stopped", message: { kind: "protected" } });
    expect(progress.message?.message).toContain("CRM!D1,");
    expect(await charged(EDITOR_KEY)).toBe(0);
  });

  it("an editor left out of the change history's sheet (the owner protected it): stopped before anything is sent, the rows as they were", async () => {
    const first = enrich(USER).progress;
    expect(first.state).toBe("done");
    world.runtime.protect("Prospecting changes", null);
    world.runtime.properties.document.clear();
    world.runtime.setValues(SHEET, "B2:C2", [["Older title", "Older Co"]]);
    const before = world.runtime.getValues(SHEET, `A1:H${ROWS + 1}`);
    const { progress } = enrich(EDITOR);
    expect(progress).toMatchObject({ state: "stopped", message: { kind: "protected" } });
    expect(progress.message?.message).toMatch(/the Prospecting changes sheet .*Nothing was sent/);
    expect(await charged(EDITOR_KEY)).toBe(0);
    expect(world.runtime.getValues(SHEET, `A1:H${ROWS + 1}`)).toEqual(before);
  });

  it("one Company cell that rejects input: the other paid rows are written, only that row says charged and not written", async () => {
    // Before, the one refused cell failed the whole write: all six paid rows were left unwritten.
    world.runtime.requireValueInList(SHEET, "C4", ["Old Co"]);
    const { progress } = enrich(USER);
    expect(progress.state).toBe("stopped");
    expect(progress.message?.message).toMatch(/violates the data validation rules/);
    expect(progress.message?.message).toMatch(/The answers for 1 row were paid and not written/);
    expect(progress.ok).toBe(ROWS - 1);
    expect(progress.failed).toBe(1);
    expect(await charged(DEMO_KEY)).toBe(ROWS);
    expect(progress.charges?.charged).toBe(ROWS);
    const rows = world.runtime.getValues(SHEET, `A2:F${ROWS + 1}`).map((row) => row.map(String));
    rows.forEach((row, index) => {
      if (index === 2) {
        expect(row[2]).toBe("Old Co");
        expect(row[5]).toMatch(/^error: answered and charged, but the sheet refused/);
      } else {
        expect(row[2]).not.toBe("Old Co");
        expect(row[5]).not.toMatch(/^error/);
      }
    });
  });

  it("a Company column that rejects input: the run stops saying so, the paid rows say charged, Resume charges nothing more", async () => {
    world.runtime.requireValueInList(SHEET, `C2:C${ROWS + 1}`, ["Old Co"]);
    const { jobId, progress } = enrich(USER);
    expect(progress.state).toBe("stopped");
    expect(progress.message).toMatchObject({ kind: "write_refused" });
    expect(progress.message?.message).toMatch(/violates the data validation rules/);
    expect(progress.message?.message).toMatch(/6 rows were paid and not written/);
    expect(progress.failed).toBe(ROWS);
    expect(await charged(DEMO_KEY)).toBe(ROWS);
    expect(progress.charges?.charged).toBe(ROWS);
    const statuses = world.runtime.getValues(SHEET, `F2:F${ROWS + 1}`).map((row) => String(row[0]));
    for (const status of statuses)
      expect(status).toMatch(/^error: answered and charged, but the sheet refused/);
    const after = resume(jobId, USER);
    expect(after.state).toBe("done");
    expect(await charged(DEMO_KEY)).toBe(ROWS);
    expect(after.charges?.charged).toBe(ROWS);
  });
});
