/**
 * The Leads sheet a lead search wrote, refreshed by Enrich (the weekly refresh's way): a person who
 * moved gets the new job's every cell the sheet holds, not only Title and Company. Before, the row
 * said the new company beside the old company's website and id, so the Emails action looked for an
 * address at the old company's domain and "find leads at these companies" searched the old one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import { emptyForm } from "../../src/jobs/lead-search/form";
import type { EmailEstimate } from "../../src/rpc/emails";
import type { UndoAnswer } from "../../src/rpc/history";
import type { LeadsEstimate, LeadsRunResult } from "../../src/rpc/leads";
import { DEFAULT_REQUEST, driveSteps, estimateAndConfirm, rpcValue } from "../jobs/enrich-world";
import { type AddonRuntime, startAddonRuntime } from "./support";

let addon: AddonRuntime;

beforeAll(async () => {
  // The lookup path (the brief of issue 24: Enrich's lookup tests pin it).
  addon = await startAddonRuntime({ userProperties: { SPEND_CAP: "5000", API_GENERATION: "legacy" } });
});

afterAll(async () => {
  await addon?.close();
});

const EVERYONE = { name: "Everyone", functions: [], seniorities: [], prohibit: [] };

function leadsSheet(): { header: string[]; rows: unknown[][] } {
  const cells = addon.runtime.getSheetCells("Leads");
  return {
    header: cells[0]!.map((cell) => String(cell.value)),
    rows: cells.slice(1).map((row) => row.map((cell) => cell.value)),
  };
}

function letter(index: number): string {
  return String.fromCharCode(65 + index);
}

describe("a Leads sheet refreshed by Enrich", () => {
  it("a person who moved gets the new job's company cells the Leads sheet holds, and the Emails action reads them", async () => {
    const form = {
      ...emptyForm(),
      personas: [EVERYONE],
      target: { kind: "company_id", value: "1000254" },
      limit_by: "3",
    };
    const estimate = rpcValue<LeadsEstimate>(addon.runtime, "leadsEstimate", { form });
    const run = rpcValue<LeadsRunResult>(addon.runtime, "leadsRun", {
      form,
      confirmedMaxCredits: estimate.ok ? estimate.maxCredits : 0,
    });
    expect(run.ok && run.written).toBe(3);
    const searched = leadsSheet();
    const col = (label: string) => searched.header.indexOf(label);
    const job = [
      "Company",
      "Company Network ID",
      "Company Website",
      "Company Headcount",
      "Job Start Date",
      "Headline",
    ];
    for (const label of job) expect(col(label), label).toBeGreaterThanOrEqual(0);

    // A week ago the first lead worked elsewhere: the row as the search wrote it then.
    const stale: Record<string, string> = {
      Company: "Old Co",
      "Company Network ID": "999",
      "Company Website": "https://www.old-co.example",
      "Company Headcount": "11-50",
      "Job Start Date": "2019",
      Headline: "Engineer at Old Co",
    };
    for (const [label, value] of Object.entries(stale))
      addon.runtime.setValues("Leads", `${letter(col(label))}2`, [[value]]);

    const url = letter(col("LinkedIn URL"));
    const progress = driveSteps(
      addon.runtime,
      estimateAndConfirm(addon.runtime, `${url}2:${url}4`, DEFAULT_REQUEST, "Leads"),
    );
    expect(progress).toMatchObject({ state: "done", ok: 3, spent: 3 });

    const refreshed = leadsSheet();
    // No column twice: Enrich wrote into the search's own columns.
    expect(new Set(refreshed.header).size).toBe(refreshed.header.length);
    expect(refreshed.rows).toHaveLength(3);
    const row = refreshed.rows[0]!;
    // The job as the search found it (the sandbox's person did not move): every job cell back.
    for (const label of job) expect(row[col(label)], label).toEqual(searched.rows[0]![col(label)]);
    expect(row[refreshed.header.indexOf("Job Changed")]).toBe(true);

    // Undo puts back every cell the refresh wrote, the job's company cells included.
    const undo = rpcValue<UndoAnswer>(addon.runtime, "historyUndo", null);
    expect(undo.leftAlone).toBe(0);
    const undone = leadsSheet().rows[0]!;
    for (const label of job) expect(String(undone[col(label)]), label).toBe(stale[label]);
    driveSteps(addon.runtime, estimateAndConfirm(addon.runtime, `${url}2:${url}4`, DEFAULT_REQUEST, "Leads"));

    // The Emails action on that row reads the new company's website, not the old one.
    addon.runtime.select("Leads", "A2");
    const emails = rpcValue<EmailEstimate>(addon.runtime, "emailsEstimate", { kind: "find" });
    expect(emails.rowsToSend).toBe(1);
    expect(emails.reads).toContain("Company Website");
  });

  it("rows selected by their names (not the URL cells) enrich the rows' LinkedIn URLs, found by the header", async () => {
    const before = leadsSheet();
    const url = letter(before.header.indexOf("LinkedIn URL"));
    // The user clicks the names of two leads, as in the Emails action, and asks for an estimate.
    addon.runtime.select("Leads", "A2:A3");
    const estimate = rpcValue<{ preview: { range: string; rows: number } }>(
      addon.runtime,
      "enrichEstimate",
      DEFAULT_REQUEST,
    );
    expect(estimate.preview).toMatchObject({ range: `${url}2:${url}3`, rows: 2 });
    await addon.control.reset();
    const run = driveSteps(
      addon.runtime,
      estimateAndConfirm(addon.runtime, "A2:A3", DEFAULT_REQUEST, "Leads"),
    );
    expect(run).toMatchObject({ state: "done", ok: 2, spent: 2 });
    expect(await ledgerCredits(addon.control, "/leads/by_link/")).toBe(2);
    // The names stay as they were, no column was added twice.
    const after = leadsSheet();
    expect(after.header).toEqual(before.header);
    expect(after.rows.map((row) => row[0])).toEqual(before.rows.map((row) => row[0]));
    // Whole rows too (clicking the row numbers), the header row included.
    addon.runtime.select("Leads", "1:3");
    const rows = rpcValue<{ preview: { range: string } }>(addon.runtime, "enrichEstimate", DEFAULT_REQUEST);
    expect(rows.preview.range).toBe(`${url}2:${url}3`);
  });

  it("a row whose LinkedIn URL cell is empty still says what to select", async () => {
    addon.runtime.setValues("Leads", "A5", [["Someone typed by hand"]]);
    addon.runtime.select("Leads", "A5");
    const answer = addon.runtime.rpc("enrichEstimate", DEFAULT_REQUEST) as {
      ok: boolean;
      error?: { message: string };
    };
    expect(answer.ok).toBe(false);
    expect(answer.error?.message).toBe("No profile URLs in the selection.");
  });
});
