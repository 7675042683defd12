/**
 * The Leads sheet a lead search wrote, then the Emails action on its rows: the action has only
 * the sheet's Full Name to go by (the search asked the finder with the lead's own first and last
 * names), so it must split "Susan Marie da Silva" into the same Susan / da Silva. Before, it asked
 * for Susan / Silva, another person, and wrote susan.silva@... as valid where the search had found
 * no address.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyForm } from "../../src/jobs/lead-search/form";
import type { EmailEstimate, EmailProgress } from "../../src/rpc/emails";
import type { LeadsEstimate, LeadsRunResult } from "../../src/rpc/leads";
import { rpcValue } from "../jobs/enrich-world";
import { type AddonRuntime, startAddonRuntime } from "./support";

let addon: AddonRuntime;

beforeAll(async () => {
  addon = await startAddonRuntime({ userProperties: { SPEND_CAP: "5000" } });
});

afterAll(async () => {
  await addon?.close();
});

const EVERYONE = { name: "Everyone", functions: [], seniorities: [], prohibit: [] };

function column(label: string): unknown[] {
  const rows = addon.runtime.getSheetCells("Leads").map((row) => row.map((cell) => cell.value));
  const index = rows[0]!.indexOf(label);
  return rows.slice(1).map((row) => row[index]);
}

describe("the Emails action on the Leads sheet's rows", () => {
  it("asks for the person the search asked for: a particle stays in the last name", async () => {
    // Redwood Dynamics' first three leads: Susan Marie da Silva among them.
    const form = {
      ...emptyForm(),
      personas: [EVERYONE],
      target: { kind: "company_id", value: "1000335" },
      limit_by: "3",
      find_emails: true,
    };
    const estimate = rpcValue<LeadsEstimate>(addon.runtime, "leadsEstimate", { form });
    rpcValue<LeadsRunResult>(addon.runtime, "leadsRun", {
      form,
      confirmedMaxCredits: estimate.ok ? estimate.maxCredits : 0,
    });
    const names = column("Full Name");
    const row = names.indexOf("Susan Marie da Silva");
    expect(row).toBeGreaterThanOrEqual(0);
    const searched = { email: column("Email")[row], status: column("Email Status")[row] };

    // The same row asked again by the Emails action (its Email cells emptied first).
    const sheetRow = row + 2;
    const emailColumn = String.fromCharCode(
      65 + addon.runtime.getSheetCells("Leads")[0]!.findIndex((c) => c.value === "Email"),
    );
    addon.runtime.setValues("Leads", `${emailColumn}${sheetRow}`, [["", ""]]);
    addon.runtime.select("Leads", `A${sheetRow}`);
    const emails = rpcValue<EmailEstimate>(addon.runtime, "emailsEstimate", { kind: "find" });
    rpcValue<EmailProgress>(addon.runtime, "emailsConfirm", { jobId: emails.progress.jobId });
    let progress = rpcValue<EmailProgress>(addon.runtime, "emailsStep", { jobId: emails.progress.jobId });
    while (progress.state === "running")
      progress = rpcValue<EmailProgress>(addon.runtime, "emailsStep", { jobId: emails.progress.jobId });

    expect(String(column("Email")[row])).not.toMatch(/^susan\.silva@/);
    expect({ email: column("Email")[row], status: column("Email Status")[row] }).toEqual(searched);
  });
});
