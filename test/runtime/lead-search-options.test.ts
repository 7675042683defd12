/**
 * The Leads form's fields on the wire, in the emulated runtime (the built add-on) against the
 * sandbox and its ledger: the body the sandbox receives carries each field as the form holds it
 * (locations with commas in their values, personas, checkboxes, ids as numbers, flags only when
 * on), the API's ValidationError comes back as a problem of the field it names, and a search
 * refused (by the form, by the API) or cancelled before its first request charges nothing. An
 * editor without an API key sends nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emptyForm, type LeadSearchForm } from "../../src/jobs/lead-search/form";
import type { LeadsEstimate, LeadsRunResult } from "../../src/rpc/leads";
import { rpcValue } from "../jobs/enrich-world";
import { recordSentBodies } from "./sent-bodies";
import { type AddonRuntime, DEMO_KEY, startAddonRuntime } from "./support";

const OWNER = "user@example.com";
const EDITOR = "editor@example.com";
const PATH = "/leads/by_icp/";

/** The bodies the add-on sends to the search path, as the sandbox receives them. */
const bodies = recordSentBodies(PATH);
const { sent } = bodies;

let addon: AddonRuntime;
const form = (change: Partial<LeadSearchForm> = {}): LeadSearchForm => ({
  ...emptyForm(),
  target: { kind: "company_id", value: "1000254" },
  personas: [{ name: "Marketing", functions: ["marketing", "sales"], seniorities: ["head"], prohibit: [] }],
  limit_by: "10",
  ...change,
});

async function charged(): Promise<number> {
  const { ledger } = await addon.control.stats();
  return ledger
    .filter((c) => c.key === DEMO_KEY && c.path.includes(PATH))
    .reduce((s, c) => s + Math.abs(c.amount), 0);
}

function estimate(f: LeadSearchForm): LeadsEstimate {
  return rpcValue<LeadsEstimate>(addon.runtime, "leadsEstimate", { form: f });
}

function run(f: LeadSearchForm, runId?: string): LeadsRunResult {
  const answer = estimate(f);
  if (!answer.ok) throw new Error(`estimate problems: ${JSON.stringify(answer.problems)}`);
  return rpcValue<LeadsRunResult>(addon.runtime, "leadsRun", {
    form: f,
    confirmedMaxCredits: answer.maxCredits,
    ...(runId ? { runId } : {}),
  });
}

beforeAll(async () => {
  addon = await startAddonRuntime({
    userProperties: { SPEND_CAP: "1000" },
    runtime: { user: OWNER, fetchAll: bodies.fetchAll },
  });
  // The editor has opened the sidebar but never entered a key of their own.
  addon.runtime.properties.user(EDITOR).setAll({ API_BASE_URL: addon.sandboxUrl });
});
afterAll(async () => {
  await addon?.close();
});
beforeEach(async () => {
  bodies.clear();
  await addon.control.reset();
  addon.runtime.properties.document.clear();
  if (addon.runtime.sheets().some((s) => s.name === "Leads")) addon.runtime.deleteSheet("Leads");
});

/** List fields as the form holds them after typing: sent as they stand (commas inside values kept). */
const LISTS = {
  locations: ["Germany", "Berlin, Berlin, Germany"],
  company_locations: ["United States"],
  lead_industries: ["Software Development"],
  exclude_names: ["Jane Doe, MBA"],
  filter_empty_vars: ["profile_photo"],
  company_headcounts: ["51-200"],
  company_types: ["Privately Held"],
  past_company_names: ["Acme, Inc."],
};

describe("what the form holds is what the sandbox receives", () => {
  it("every filter as the spec takes it: lists, personas, ids as numbers, flags only when on", async () => {
    const result = run(
      form({
        ...LISTS,
        years_in_company: [3, 1],
        groups: ["1234567"],
        schools: ["42"],
        changed_jobs: true,
        personas: [
          {
            name: "Marketing",
            functions: ["marketing", "sales"],
            seniorities: ["head", "vp"],
            prohibit: ["intern"],
          },
          { name: "Founders", functions: [], seniorities: ["founder"], prohibit: [], priority: "1" },
        ],
      }),
    );
    expect(result.ok).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      company_id: 1000254,
      ...LISTS,
      years_in_company: [1, 3],
      groups: [1234567],
      schools: [42],
      changed_jobs: true,
      limit_by: 10,
      personas: [
        ["Marketing", ["marketing", "sales"], ["head", "vp"], ["intern"]],
        ["Founders", [], ["founder"], [], 1],
      ],
    });
    for (const flag of ["posted_on_network", "mentioned_in_news", "without_company", "company_name"]) {
      expect(sent[0]).not.toHaveProperty(flag);
    }
    if (!result.ok) return;
    expect(await charged()).toBe(result.written);
  });

  it("Max leads per search typed with a thousands separator is that number", async () => {
    const f = form({ limit_by: "1,000" });
    const answer = estimate(f);
    expect(answer.ok && answer.maxCredits).toBe(1000);
  });
});

describe("refused or cancelled: nothing charged", () => {
  it("the API's ValidationError (an unlisted location sent as typed) is a problem of Lead locations, free", async () => {
    const result = run(form({ locations: ["Germany", "atlantis"] }));
    expect(sent[0]).toMatchObject({ locations: ["Germany", "atlantis"] });
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.written).toBe(0);
    const problems = result.problems.filter((p) => p.path === "locations");
    expect(problems).toHaveLength(1);
    expect(`${problems[0]?.message}. ${problems[0]?.hint}`).toMatch(/atlantis.*Nothing was charged/s);
    // Headquarters locations is another field: the problem is not put there.
    expect(result.problems.filter((p) => p.path === "company_locations")).toEqual([]);
    expect(await charged()).toBe(0);
    // Nothing to write: no empty Leads sheet is left behind (before, a blank tab was made).
    expect(addon.runtime.sheets().map((s) => s.name)).not.toContain("Leads");
  });

  it("the same refusal for Headquarters locations lands at that field", async () => {
    const result = run(form({ company_locations: ["atlantis"] }));
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.problems.map((p) => p.path)).toEqual(["company_locations"]);
    expect(await charged()).toBe(0);
  });

  it("a form problem (letters in Max leads per search, a company id with letters) sends nothing", async () => {
    for (const f of [form({ limit_by: "ten" }), form({ target: { kind: "company_id", value: "acme" } })]) {
      const answer = estimate(f);
      expect(answer.ok).toBe(false);
      const result = rpcValue<LeadsRunResult>(addon.runtime, "leadsRun", {
        form: f,
        confirmedMaxCredits: 25,
      });
      expect(result.ok).toBe(false);
    }
    expect(sent).toEqual([]);
    expect(await charged()).toBe(0);
  });

  it("cancelled before the first search: nothing sent, nothing charged", async () => {
    const runId = `run-${Date.now()}`;
    // Cancel arrives while the run reads the account, before its first search goes out.
    bodies.afterNextFetch(() => addon.runtime.rpc("leadsCancel", { runId }, { user: OWNER }));
    const result = run(form({ locations: ["Germany"] }), runId);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.cancelled).toBe(true);
    expect(sent).toEqual([]);
    expect(result.written).toBe(0);
    expect(addon.runtime.sheets().map((s) => s.name)).not.toContain("Leads");
    expect(await charged()).toBe(0);
  });

  it("an editor without an API key is told to add one, and nothing is sent or charged", async () => {
    const f = form({ locations: ["Germany"] });
    for (const method of ["leadsEstimate", "leadsRun"] as const) {
      const answer = addon.runtime.rpc(method, { form: f, confirmedMaxCredits: 10 }, { user: EDITOR }) as {
        ok: boolean;
        error?: { message: string; next: string };
      };
      expect(answer.ok).toBe(false);
      expect(`${answer.error?.message} ${answer.error?.next}`).toMatch(/API key/i);
    }
    expect(sent).toEqual([]);
    const { ledger } = await addon.control.stats();
    expect(ledger).toEqual([]);
  });
});
