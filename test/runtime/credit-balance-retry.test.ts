/**
 * =CREDIT_BALANCE(), Settings' Test connection and the estimates read users/me, which is free: one
 * throttled (429), failed (500) or cut-off answer is asked again, as the Credits tab's reads are
 * (docs/credits.md, Faults). A formula's error stays in its cell until Sheets recalculates it, so
 * one passing fault used to leave #ERROR! there; the connection test said the API was busy.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { PATHS } from "../../src/api/wire";
import { emptyForm as emptyLeadForm } from "../../src/jobs/lead-search/form";
import { type AddonRuntime, startAddonRuntime } from "./support";

const SHEET = "Sheet1";
let addon: AddonRuntime;

beforeAll(async () => {
  addon = await startAddonRuntime({ sandbox: { latencyMs: 0 } });
});
afterAll(async () => {
  await addon?.close();
});

it.each(["throttle", "server_error", "malformed"] as const)(
  "one %s answer on users/me: the cell shows the balance, read again",
  async (kind) => {
    await addon.control.reset();
    await addon.control.configure({ faults: [{ path: PATHS.account, kind, count: 1 }] });
    // A refresh argument of its own: the cached balance of another case is not read.
    addon.runtime.setCell(SHEET, "A1", `=CREDIT_BALANCE("${kind}")`);
    const cell = addon.runtime.getCell(SHEET, "A1");
    expect(cell.error?.message).toBeUndefined();
    expect(cell.value).toBe(10_000);
    expect((await addon.control.stats()).ledger).toEqual([]);
  },
);

it("a fault that outlasts the retries is still said in the cell, and nothing is cached", async () => {
  await addon.control.reset();
  await addon.control.configure({ faults: [{ path: PATHS.account, kind: "server_error" }] });
  addon.runtime.setCell(SHEET, "A2", '=CREDIT_BALANCE("lasting")');
  expect(addon.runtime.getCell(SHEET, "A2").error?.message).toMatch(/temporary problem/);
});

it.each(["throttle", "server_error"] as const)(
  "one %s answer on users/me: Test connection and a lead search's estimate show the balance",
  async (kind) => {
    await addon.control.reset();
    await addon.control.configure({ faults: [{ path: PATHS.account, kind, count: 1 }] });
    expect(addon.runtime.rpc("testConnection", null)).toMatchObject({
      ok: true,
      value: { ok: true, balance: 10_000 },
    });
    await addon.control.configure({ faults: [{ path: PATHS.account, kind, count: 1 }] });
    const form = { ...emptyLeadForm(), target: { kind: "company_id", value: "1000254" }, limit_by: "5" };
    expect(addon.runtime.rpc("leadsEstimate", { form })).toMatchObject({
      ok: true,
      value: { ok: true, balance: 10_000, balanceError: null },
    });
  },
);
