/**
 * Issue 19.2 and 19.3 in the emulated runtime over the built add-on and the sandbox answering as
 * production does: a charge's after_balance is its operation's counter (negative; PRODUCTION.md
 * A9), a paid request in flight is a pending reservation (A11). =CREDIT_BALANCE(), the three
 * estimates, the Credits tab and Settings' connection test all show users/me's balance_platform
 * and agree with the sandbox's own figures; the 24 h / 7 day sums leave a request in flight out.
 * A second user (an editor without a key) sees no balance of the owner's but the formula's.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { PATHS } from "../../src/api/wire";
import { emptyForm as emptyCompanyForm } from "../../src/jobs/company-search/form";
import { emptyForm as emptyLeadForm } from "../../src/jobs/lead-search/form";
import type { CompanyEstimate } from "../../src/rpc/companies";
import type { CreditsSummary } from "../../src/rpc/credits";
import type { EnrichEstimate } from "../../src/rpc/enrich";
import type { LeadsEstimate } from "../../src/rpc/leads";
import type { ConnectionTest } from "../../src/rpc/settings";
import { DEMO_KEY, useProfileSheetAddon } from "./support";

const SHEET = "CRM";
const EDITOR = "editor@example.com";
const world = useProfileSheetAddon(SHEET);

function rpc<T>(method: string, arg: unknown, user?: string): T {
  const answer = world.addon.runtime.rpc(method, arg, user ? { user } : undefined) as
    | { ok: true; value: T }
    | { ok: false; error: { message: string } };
  if (!answer.ok) throw new Error(`${method}: ${answer.error.message}`);
  return answer.value;
}

/** The sandbox as a person with the key sees it: users/me and the newest transaction. */
async function api<T>(pathAndQuery: string): Promise<T> {
  const response = await fetch(`${world.addon.sandboxUrl}${pathAndQuery}`, {
    headers: { Authorization: `Token ${DEMO_KEY}` },
  });
  return (await response.json()) as T;
}
const spendable = async () => (await api<{ balance_platform: number }>(PATHS.account)).balance_platform;
const newestAfterBalance = async () =>
  (await api<{ results: Array<{ after_balance: number }> }>(`${PATHS.transactions}?limit=1`)).results[0]!
    .after_balance;

beforeEach(() => {
  // =CREDIT_BALANCE() is cached for a minute: each test starts after that minute.
  world.addon.runtime.caches.dropEarly(1);
});

/** Every place the add-on shows the balance, read as the user would see it. */
function shownBalances(refresh: string) {
  world.addon.runtime.setCell(SHEET, "D2", refresh);
  world.addon.runtime.setCell(SHEET, "D1", "=CREDIT_BALANCE(D2)");
  world.addon.runtime.select(SHEET, "A2:A3");
  const enrich = rpc<EnrichEstimate>("enrichEstimate", {
    options: { fields: ["job_title"], extras: {}, mode: "refresh" },
  });
  return {
    formula: world.addon.runtime.getValues(SHEET, "D1")[0]![0],
    companies: rpc<CompanyEstimate>("companyEstimate", {
      ...emptyCompanyForm(),
      keywords: ["cloud"],
      limit_by: 25,
    }).balance,
    leads: (
      rpc<LeadsEstimate>("leadsEstimate", {
        form: { ...emptyLeadForm(), target: { kind: "company_id", value: "1000254" }, limit_by: "5" },
      }) as Extract<LeadsEstimate, { ok: true }>
    ).balance,
    enrich: enrich.balance,
    credits: (rpc<CreditsSummary>("creditsSummary", null) as Extract<CreditsSummary, { ok: true }>).balance,
    settings: (rpc<ConnectionTest>("testConnection", null) as Extract<ConnectionTest, { ok: true }>).balance,
  };
}

describe("the balance is users/me's balance_platform (A9)", () => {
  it("=CREDIT_BALANCE(), the three estimates, the Credits tab and Settings show it while the newest after_balance is negative", async () => {
    const urls = await world.addon.control.sampleUrls(2, 500);
    world.addon.runtime.setValues(SHEET, "A1", [["Profile URL"], [urls[0]!], [urls[1]!]]);
    // A lead search of 7: the newest record is a leads_by_icp charge, its after_balance a counter.
    const search = await fetch(`${world.addon.sandboxUrl}${PATHS.leadSearch}`, {
      method: "POST",
      headers: { Authorization: `Token ${DEMO_KEY}`, "Content-Type": "application/json" },
      body: JSON.stringify({ company_id: 1000254, limit_by: 7 }),
    });
    expect(search.status).toBe(200);
    expect(await newestAfterBalance()).toBeLessThan(0);
    const balance = await spendable();
    expect(balance).toBe(10_000 - 7);
    const shown = shownBalances("1");
    expect(shown).toEqual({
      formula: balance,
      companies: balance,
      leads: balance,
      enrich: balance,
      credits: balance,
      settings: balance,
    });
    // All of it free: the sandbox's ledger holds the one search.
    expect((await world.addon.control.stats()).creditsCharged).toBe(7);
  });

  it("reads the same under the spec's first reading (after_balance = the balance), for comparison", async () => {
    await world.addon.control.configure({ afterBalance: "balance" });
    expect(await newestAfterBalance()).toBe(10_000);
    expect(Object.values(shownBalances("2"))).toEqual(Array(6).fill(10_000));
  });

  it("an editor without a key sees the owner's balance in the formula, and no balance in the sidebar", () => {
    world.addon.runtime.setCell(SHEET, "D2", "3");
    world.addon.runtime.setCell(SHEET, "D1", "=CREDIT_BALANCE(D2)");
    expect(world.addon.runtime.getValues(SHEET, "D1")[0]![0]).toBe(10_000);
    const summary = world.addon.runtime.rpc("creditsSummary", null, { user: EDITOR }) as {
      ok: boolean;
      value?: CreditsSummary;
    };
    expect(summary.ok && summary.value).toMatchObject({ ok: false, error: { kind: "auth" } });
    const test = world.addon.runtime.rpc("testConnection", null, { user: EDITOR }) as {
      value?: ConnectionTest;
    };
    expect(test.value).toMatchObject({ ok: false, error: { kind: "auth" } });
  });
});

describe("spending adds up as production's ledger does (A11)", () => {
  it("while a paid request is in flight its pending reservation is left out of the 24 h and 7 day sums, and counted once it settles", async () => {
    const before = rpc<CreditsSummary>("creditsSummary", null) as Extract<CreditsSummary, { ok: true }>;
    const [url] = await world.addon.control.sampleUrls(1, 600);
    // A lookup with one paid extra (2 credits) that takes 4 s: in flight while the tab is read.
    const slow = fetch(`${world.addon.sandboxUrl}${PATHS.leadLookup}`, {
      method: "POST",
      headers: {
        Authorization: `Token ${DEMO_KEY}`,
        "Content-Type": "application/json",
        "X-Sandbox-Fault": "slow",
        "X-Sandbox-Delay-Ms": "4000",
      },
      body: JSON.stringify({ url, posts: true }),
    });
    await expect
      .poll(async () => (await api<{ count: number }>(`${PATHS.transactions}?status__exact=pending`)).count, {
        interval: 50,
      })
      .toBe(1);
    const during = rpc<CreditsSummary>("creditsSummary", null) as Extract<CreditsSummary, { ok: true }>;
    expect(during).toMatchObject({
      balance: before.balance - 2,
      reserved: 2,
      spentLastDay: before.spentLastDay,
      spentLastWeek: before.spentLastWeek,
      pendingLastWeek: 2,
    });
    // The sandbox has charged nothing yet: what the tab says matches its ledger.
    expect((await world.addon.control.stats()).creditsCharged).toBe(0);
    expect((await slow).status).toBe(200);
    const after = rpc<CreditsSummary>("creditsSummary", null) as Extract<CreditsSummary, { ok: true }>;
    expect(after).toMatchObject({
      balance: before.balance - 2,
      reserved: 0,
      spentLastDay: before.spentLastDay + 2,
      spentLastWeek: before.spentLastWeek + 2,
      pendingLastWeek: 0,
    });
    expect((await world.addon.control.stats()).creditsCharged).toBe(2);
  });

  it("a paid request that failed leaves an error row that no sum counts; the export's summary says so", async () => {
    const [url] = await world.addon.control.sampleUrls(1, 700);
    await world.addon.control.configure({
      faults: [{ path: PATHS.leadLookup, kind: "server_error", count: 1 }],
    });
    const failed = await fetch(`${world.addon.sandboxUrl}${PATHS.leadLookup}`, {
      method: "POST",
      headers: { Authorization: `Token ${DEMO_KEY}`, "Content-Type": "application/json" },
      body: JSON.stringify({ url }),
    });
    expect(failed.status).toBe(500);
    const summary = rpc<CreditsSummary>("creditsSummary", null) as Extract<CreditsSummary, { ok: true }>;
    const exported = rpc<{ status: string; spent: string }>("creditsExport", {
      filters: {
        created_at: { modifier: "gte", value: new Date(Date.now() - 60_000).toISOString().slice(0, 10) },
      },
      replace: true,
    });
    expect(exported.status).toBe("done");
    expect(exported.spent).toMatch(/1 row with status error \(1 credit, reversed\)/);
    expect(summary.balance).toBe(10_000);
    expect((await world.addon.control.stats()).creditsCharged).toBe(0);
  });
});

describe("when the account cannot be read", () => {
  it("a 500 or an unreadable users/me answer: the formula says why, estimates say the balance is unknown, and a lead search still runs at Settings' pace, charged as the ledger says", async () => {
    await world.addon.control.configure({ faults: [{ path: PATHS.account, kind: "server_error" }] });
    world.addon.runtime.setCell(SHEET, "D2", "4");
    world.addon.runtime.setCell(SHEET, "D1", "=CREDIT_BALANCE(D2)");
    const [formula] = world.addon.runtime.getSheetCells(SHEET)[0]!.slice(3, 4);
    // A formula error whose message says what happened, never a number read from somewhere else.
    expect(formula).toMatchObject({
      value: "#ERROR!",
      error: { message: expect.stringMatching(/temporary problem/) },
    });
    // Nothing was cached: the next read, once the API answers, shows the balance.
    await world.addon.control.configure({ faults: [] });
    world.addon.runtime.setCell(SHEET, "D2", "5");
    expect(world.addon.runtime.getValues(SHEET, "D1")[0]![0]).toBe(10_000);
    await world.addon.control.configure({ faults: [{ path: PATHS.account, kind: "server_error" }] });
    const form = { ...emptyLeadForm(), target: { kind: "company_id", value: "1000254" }, limit_by: "5" };
    const estimate = rpc<LeadsEstimate>("leadsEstimate", { form }) as Extract<LeadsEstimate, { ok: true }>;
    expect(estimate.balance).toBeNull();
    expect(estimate.balanceError).toMatch(/\S/);
    await world.addon.control.configure({ faults: [{ path: PATHS.account, kind: "malformed" }] });
    const run = rpc<{ ok: boolean; spent: number; written: number }>("leadsRun", {
      form,
      confirmedMaxCredits: estimate.maxCredits,
    });
    expect(run).toMatchObject({ ok: true, spent: 5, written: 5 });
    expect((await world.addon.control.stats()).creditsCharged).toBe(5);
  });
});
