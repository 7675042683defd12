/**
 * A shared sheet under the owner's Enrich run through bulk jobs (the default generation): the API
 * has taken (and charged) the run's bulk jobs when an editor inserts rows above the list. The
 * answers already paid for must still land in their people's rows, and Cancel must end the run;
 * no one is charged twice.
 */
import { describe, expect, it } from "vitest";
import { PATHS } from "../../src/api/wire";
import type { EnrichProgress } from "../../src/rpc/enrich";
import type { UndoAnswer } from "../../src/rpc/history";
import {
  chargesPerPerson,
  crmRows,
  driveSteps,
  estimateAndConfirm,
  rpcValue,
  SHEET,
} from "../jobs/enrich-world";
import { bulkWorld, FRESH } from "./bulk-world";

const world = bulkWorld();
const PEOPLE = 60;

describe("Enrich through bulk jobs: an editor inserts rows while the jobs are out", () => {
  it("writes the paid answers where their people are, and Cancel ends the run", async () => {
    const { runtime, control } = world();
    await control.reset();
    const urls = await control.sampleUrls(PEOPLE, 0);
    runtime.setValues(SHEET, "A1", crmRows(urls, 0));
    const jobId = estimateAndConfirm(runtime, `A1:A${PEOPLE + 1}`, FRESH);
    rpcValue<EnrichProgress>(runtime, "enrichStep", { jobId });
    runtime.insertRows(SHEET, 2, 1);
    let end = driveSteps(runtime, jobId, 40);
    expect(end.message?.kind).toBe("changed");
    if (end.state === "stopped") {
      end = rpcValue<EnrichProgress>(runtime, "enrichCancel", { jobId });
      for (let i = 0; i < 40 && end.state === "running"; i++) {
        runtime.advanceClock(10_000);
        end = rpcValue<EnrichProgress>(runtime, "enrichStep", { jobId });
      }
    }
    expect(end.state).toBe("cancelled");
    const charges = await chargesPerPerson(control);
    expect([...charges.values()].every((n) => n === 1)).toBe(true);
    // Every person the API charged for has their answer in their own row (one row lower now).
    const rows = runtime.getValues(SHEET, `A3:B${PEOPLE + 2}`);
    expect(rows.map(([url]) => url)).toEqual(urls);
    expect(rows.filter(([, title]) => title !== "Old title")).toHaveLength(charges.size);
    expect(charges.size).toBe(PEOPLE);
    // Undo finds those rows by their URLs and puts the old titles back.
    const undo = rpcValue<UndoAnswer>(runtime, "historyUndo", null);
    expect(undo.leftAlone).toBe(0);
    expect(runtime.getValues(SHEET, `B3:B${PEOPLE + 2}`).every(([title]) => title === "Old title")).toBe(
      true,
    );
  });

  it("a column the run writes deleted while the jobs are out: Cancel ends the run, the paid answers land in the other columns", async () => {
    const { runtime, control } = world();
    await control.reset();
    runtime.properties.document.clear();
    const sheet = "CRM columns";
    runtime.insertSheet(sheet);
    const urls = await control.sampleUrls(PEOPLE, 0);
    runtime.setValues(sheet, "A1", crmRows(urls, 0));
    const jobId = estimateAndConfirm(runtime, `A1:A${PEOPLE + 1}`, FRESH, sheet);
    rpcValue<EnrichProgress>(runtime, "enrichStep", { jobId });
    // The Title column (B), which the run writes.
    runtime.deleteColumns(sheet, 2, 1);
    const stopped = driveSteps(runtime, jobId, 40);
    expect(stopped.message?.kind).toBe("columns");
    let end = rpcValue<EnrichProgress>(runtime, "enrichCancel", { jobId });
    for (let i = 0; i < 40 && end.state === "running"; i++) {
      runtime.advanceClock(10_000);
      end = rpcValue<EnrichProgress>(runtime, "enrichStep", { jobId });
    }
    expect(end.state).toBe("cancelled");
    const charges = await chargesPerPerson(control);
    expect(charges.size).toBe(PEOPLE);
    const header = runtime.getValues(sheet, "A1:J1")[0]!.map(String);
    const status = header.indexOf("Enrichment Status");
    expect(status).toBeGreaterThan(0);
    const statuses = runtime.getValues(sheet, `A2:J${PEOPLE + 1}`).map((row) => String(row[status]));
    expect(statuses.filter((text) => text.startsWith("ok"))).toHaveLength(PEOPLE);
  });

  it("the run's sheet deleted while the jobs are out: Cancel ends the run", async () => {
    const { runtime, control } = world();
    await control.reset();
    runtime.properties.document.clear();
    const sheet = "CRM deleted";
    runtime.insertSheet(sheet);
    const urls = await control.sampleUrls(PEOPLE, 0);
    runtime.setValues(sheet, "A1", crmRows(urls, 0));
    const jobId = estimateAndConfirm(runtime, `A1:A${PEOPLE + 1}`, FRESH, sheet);
    rpcValue<EnrichProgress>(runtime, "enrichStep", { jobId });
    runtime.deleteSheet(sheet);
    const stopped = driveSteps(runtime, jobId, 10);
    expect(stopped.state).toBe("stopped");
    let end = rpcValue<EnrichProgress>(runtime, "enrichCancel", { jobId });
    for (let i = 0; i < 10 && end.state === "running"; i++) {
      runtime.advanceClock(10_000);
      end = rpcValue<EnrichProgress>(runtime, "enrichStep", { jobId });
    }
    expect(end.state).toBe("cancelled");
    // The jobs were paid: the summary says what the ledger charged, with nowhere left to write.
    expect(end.message?.message).toContain(`${PEOPLE} credits charged (the API's ledger)`);
  });

  it("the run's sheet deleted, then Cancel, while the jobs still run: their URLs count as may have been charged, never as not reached", async () => {
    const { runtime, control } = world();
    await control.reset();
    // Each lead takes 3 s of the sandbox's real time: the jobs still run when Cancel reads the ledger.
    await control.configure({ latencyMs: { [PATHS.leadLookup]: 3_000 } });
    runtime.properties.document.clear();
    const sheet = "CRM deleted early";
    runtime.insertSheet(sheet);
    runtime.setValues(sheet, "A1", crmRows(await control.sampleUrls(PEOPLE, 0), 0));
    const jobId = estimateAndConfirm(runtime, `A1:A${PEOPLE + 1}`, FRESH, sheet);
    expect(rpcValue<EnrichProgress>(runtime, "enrichStep", { jobId }).inJobs).toBe(PEOPLE);
    runtime.deleteSheet(sheet);
    const stopped = driveSteps(runtime, jobId, 10);
    expect(stopped.state).toBe("stopped");
    expect(stopped.message?.message).toContain(
      `${PEOPLE} URLs are in the API's bulk jobs, which charge as they complete`,
    );
    const end = rpcValue<EnrichProgress>(runtime, "enrichCancel", { jobId });
    // Before: "0 URLs enriched, 60 URLs not reached; 0 credits charged", and the jobs then charged 60.
    expect(end).toMatchObject({
      state: "cancelled",
      interrupted: PEOPLE,
      remaining: 0,
      maybeCharged: PEOPLE,
    });
    expect(end.message?.message).toContain("60 interrupted, 0 URLs not reached");
    const charged = end.charges?.charged ?? 0;
    if (charged < PEOPLE)
      expect(end.message?.message).toContain(`up to ${PEOPLE - charged} credits more may still be charged`);
    let ledger = 0;
    for (let wait = 0; wait < 40 && ledger < PEOPLE; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      ledger = (await chargesPerPerson(control)).size;
    }
    expect(ledger).toBe(PEOPLE);
    expect(charged + end.maybeCharged).toBeGreaterThanOrEqual(ledger);
  });

  it("rows inserted above the header while the jobs are out: the run never counts an answer it could not write as enriched", async () => {
    const { runtime, control } = world();
    await control.reset();
    runtime.properties.document.clear();
    const sheet = "CRM above";
    runtime.insertSheet(sheet);
    const urls = await control.sampleUrls(PEOPLE, 0);
    runtime.setValues(sheet, "A1", crmRows(urls, 0));
    const jobId = estimateAndConfirm(runtime, `A1:A${PEOPLE + 1}`, FRESH, sheet);
    rpcValue<EnrichProgress>(runtime, "enrichStep", { jobId });
    runtime.insertRows(sheet, 1, 2);
    driveSteps(runtime, jobId, 40);
    let end = rpcValue<EnrichProgress>(runtime, "enrichCancel", { jobId });
    for (let i = 0; i < 40 && end.state === "running"; i++) {
      runtime.advanceClock(10_000);
      end = rpcValue<EnrichProgress>(runtime, "enrichStep", { jobId });
    }
    expect(end.state).toBe("cancelled");
    const written = runtime
      .getValues(sheet, `B4:B${PEOPLE + 3}`)
      .filter(([title]) => title !== "Old title").length;
    // What the run says it enriched is what is in the sheet; the rest were paid, and say so.
    expect(end.ok).toBe(written);
    expect(end.ok + end.interrupted).toBe(PEOPLE);
    expect(end.message?.message).toContain(`${PEOPLE} credits charged (the API's ledger)`);
  });
});
