/**
 * A search cut off right after its request came back (the API charged it), before its paid
 * answer could be kept: the window kept-rows.ts leaves, one property write wide. Nothing written
 * there survives (Apps Script stops at the next service call), so the search marks itself sent
 * before it sends; the next search finds the mark and says a search was cut off after it was sent
 * and may have been charged, instead of nothing. Built add-on, emulated runtime, sandbox ledger.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import type { ServiceCall } from "../../sandbox/gas/execution";
import { fetchAllSync } from "../../sandbox/sync-http/index";
import type { HttpOutcome, HttpRequest } from "../../src/api/ports";
import { emptyForm } from "../../src/jobs/company-search/form";
import type { CompanyRunResult } from "../../src/jobs/company-search/types";
import { emptyForm as emptyLeadForm } from "../../src/jobs/lead-search/form";
import type { LeadsRunResult } from "../../src/rpc/leads";
import { type AddonRuntime, startAddonRuntime } from "./support";

let addon: AddonRuntime;
/** Set when a fetchAll carrying a search returns: the next service call is cut off. */
let searchReturned = false;

function watched(requests: HttpRequest[], options?: { timeoutMs?: number }): HttpOutcome[] {
  const outcomes = fetchAllSync(requests, options);
  if (requests.some((request) => request.url.includes("/by_icp/"))) searchReturned = true;
  return outcomes;
}
const cutAfterSearch = (_call: ServiceCall) => searchReturned;

type Answer<T> = { ok: true; value: T } | { ok: false; error: { kind: string; message: string } };

beforeAll(async () => {
  addon = await startAddonRuntime({ runtime: { fetchAll: watched } });
});
afterAll(async () => {
  await addon?.close();
});
beforeEach(async () => {
  await addon.control.reset();
  addon.runtime.properties.document.clear();
  searchReturned = false;
});

describe("a company search cut off right after its request came back", () => {
  it("the next search says it may have been charged (the ledger did charge it), and how much at most", async () => {
    const form = { ...emptyForm(), keywords: ["conformance"], limit_by: 20 };
    expect(() =>
      addon.runtime.rpc("companyRun", { form, confirmedCredits: 20 }, { interrupt: cutAfterSearch }),
    ).toThrow(/Exceeded maximum execution time/);
    expect(await ledgerCredits(addon.control, "/companies/by_icp")).toBe(20);
    searchReturned = false;
    const next = addon.runtime.rpc("companyRun", { form, confirmedCredits: 20 }) as Answer<CompanyRunResult>;
    if (!next.ok) throw new Error(next.error.message);
    expect(next.value.errors[0]).toMatchObject({ companies: "earlier", charged: "maybe" });
    expect(next.value.errors[0]?.message).toMatch(
      /search sent at .* was cut off after it was sent: it may have been charged \(up to 20 credits\)/,
    );
    // Said once: the search after that one says nothing of it.
    const third = addon.runtime.rpc("companyRun", { form, confirmedCredits: 20 }) as Answer<CompanyRunResult>;
    expect(third.ok && third.value.errors.some((e) => e.companies === "earlier")).toBe(false);
  });
});

describe("a lead search cut off right after its request came back", () => {
  it("the next search says it may have been charged (the ledger did charge it), and how much at most", async () => {
    const form = {
      ...emptyLeadForm(),
      target: { kind: "company_name", value: "Sixhundred Labs" },
      personas: [{ name: "Marketing", functions: ["marketing", "sales"], seniorities: [], prohibit: [] }],
      limit_by: "15",
    };
    expect(() =>
      addon.runtime.rpc("leadsRun", { form, confirmedMaxCredits: 15 }, { interrupt: cutAfterSearch }),
    ).toThrow(/Exceeded maximum execution time/);
    expect(await ledgerCredits(addon.control, "/leads/by_icp")).toBeGreaterThan(0);
    searchReturned = false;
    const next = addon.runtime.rpc("leadsRun", { form, confirmedMaxCredits: 15 }) as Answer<LeadsRunResult>;
    if (!next.ok || !next.value.ok) throw new Error("refused");
    expect(next.value.lostEarlier).toMatchObject({ maxCredits: 15 });
    const third = addon.runtime.rpc("leadsRun", { form, confirmedMaxCredits: 15 }) as Answer<LeadsRunResult>;
    expect(third.ok && third.value.ok && third.value.lostEarlier).toBeFalsy();
  });
});
