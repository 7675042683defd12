/**
 * Issue 23.3: a lead already in the Leads sheet is never bought again. Users clear columns: with
 * the Sales ID cells empty, a re-run used to pay again for every lead it then recognised by URL and
 * did not write. Leads are left out by every identity the sheet holds the endpoint can take (sales
 * id, else name), and a known lead that cannot be left out is named in the estimate. Built add-on,
 * emulated runtime, credits from the sandbox's ledger.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import { PATHS } from "../../src/api/wire";
import { emptyForm, type LeadSearchForm } from "../../src/jobs/lead-search/form";
import type { LeadsEstimate, LeadsRunResult } from "../../src/rpc/leads";
import { rpcValue } from "../jobs/enrich-world";
import { type AddonRuntime, startAddonRuntime } from "./support";

let addon: AddonRuntime;

/**
 * 1000254 has 3,000 reachable leads (sandbox/README.md). Of the first five marketing leads two
 * carry a suffix in the name the network stores ("..., MBA"), unlike their full name.
 */
const FORM: LeadSearchForm = {
  ...emptyForm(),
  personas: [{ name: "Marketing", functions: ["marketing"], seniorities: [], prohibit: [] }],
  target: { kind: "company_id", value: "1000254" },
  limit_by: "5",
};

function estimate(): Extract<LeadsEstimate, { ok: true }> {
  const answer = rpcValue<LeadsEstimate>(addon.runtime, "leadsEstimate", { form: FORM });
  if (!answer.ok) throw new Error("estimate problems");
  return answer;
}

function run(): Extract<LeadsRunResult, { ok: true }> {
  const result = rpcValue<LeadsRunResult>(addon.runtime, "leadsRun", {
    form: FORM,
    confirmedMaxCredits: estimate().maxCredits,
  });
  if (!result.ok) throw new Error("run problems");
  return result;
}

async function charged(): Promise<number> {
  return ledgerCredits(addon.control, PATHS.leadSearch);
}

/** Empties the Leads sheet's column headed `header` below its header, as a user clearing it. */
function clearColumn(header: string): void {
  const cells = addon.runtime.getSheetCells("Leads");
  const index = cells[0]!.findIndex((cell) => cell.value === header || cell.note === header);
  expect(index, header).toBeGreaterThanOrEqual(0);
  const letter = String.fromCharCode(65 + index);
  addon.runtime.setValues(
    "Leads",
    `${letter}2`,
    cells.slice(1).map(() => [""]),
  );
}

beforeAll(async () => {
  addon = await startAddonRuntime({ userProperties: { SPEND_CAP: "5000" } });
});

afterAll(async () => {
  await addon?.close();
});

beforeEach(async () => {
  await addon.control.reset();
  if (addon.runtime.sheets().some((s) => s.name === "Leads")) addon.runtime.deleteSheet("Leads");
});

describe("leads already in the sheet are left out by every identity", () => {
  it("with the Sales ID column cleared, a re-run pays for none of them again (left out by name)", async () => {
    const first = run();
    expect(first.written).toBe(5);
    expect(await charged()).toBe(5);
    clearColumn("sales_id");
    const again = estimate();
    const second = run();
    // The five known leads were not returned, so not charged: the next five came instead.
    expect(second.duplicates).toBe(0);
    expect(second.written).toBe(5);
    expect(await charged()).toBe(10);
    expect(again).toMatchObject({ knownExcluded: 0, knownByName: 5, knownUnexcludable: 0 });
  });

  it("rows with neither Sales ID nor name: the estimate says they cannot be left out", async () => {
    run();
    clearColumn("sales_id");
    clearColumn("unformatted_full_name");
    clearColumn("full_name");
    const again = estimate();
    expect(again).toMatchObject({ knownExcluded: 0, knownByName: 0, knownUnexcludable: 5 });
  });

  it("with only Full Name left, names the network spells otherwise may be paid again, and the estimate said so", async () => {
    run();
    clearColumn("sales_id");
    clearColumn("unformatted_full_name");
    const again = estimate();
    expect(again).toMatchObject({ knownExcluded: 0, knownByName: 5, knownUnexcludable: 0 });
    const second = run();
    // "..., MBA" on the network: the full name does not match it (the estimate's warning).
    expect(second.duplicates).toBe(2);
    expect(await charged()).toBe(10);
  });
});
