/**
 * The Leads form's fields on the wire, in the emulated runtime (the built add-on) against the
 * sandbox and its ledger: the body the sandbox receives carries each field as the form holds it
 * (locations with commas in their values, personas, checkboxes, ids as numbers, flags only when
 * on), the API's ValidationError comes back as a problem of the field it names, and a search
 * refused (by the form, by the API) or cancelled before its first request charges nothing. An
 * editor without an API key sends nothing.
 */
import { describe, expect, it } from "vitest";
import { emptyForm, type LeadSearchForm } from "../../src/jobs/lead-search/form";
import type { LeadsEstimate, LeadsRunResult } from "../../src/rpc/leads";
import { rpcValue } from "../jobs/enrich-world";
import { OWNER, searchOptionsWorld } from "./search-options-world";

const PATH = "/leads/by_icp/";

const world = searchOptionsWorld(PATH, "Leads");
const { bodies } = world;
const { sent } = bodies;

const form = (change: Partial<LeadSearchForm> = {}): LeadSearchForm => ({
  ...emptyForm(),
  target: { kind: "company_id", value: "1000254" },
  personas: [{ name: "Marketing", functions: ["marketing", "sales"], seniorities: ["head"], prohibit: [] }],
  limit_by: "10",
  ...change,
});

function estimate(f: LeadSearchForm): LeadsEstimate {
  return rpcValue<LeadsEstimate>(world.addon.runtime, "leadsEstimate", { form: f });
}

function run(f: LeadSearchForm, runId?: string): LeadsRunResult {
  const answer = estimate(f);
  if (!answer.ok) throw new Error(`estimate problems: ${JSON.stringify(answer.problems)}`);
  return rpcValue<LeadsRunResult>(world.addon.runtime, "leadsRun", {
    form: f,
    confirmedMaxCredits: answer.maxCredits,
    ...(runId ? { runId } : {}),
  });
}

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
    expect(await world.charged()).toBe(result.written);
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
    expect(await world.charged()).toBe(0);
    // Nothing to write: no empty Leads sheet is left behind (before, a blank tab was made).
    expect(world.addon.runtime.sheets().map((s) => s.name)).not.toContain("Leads");
  });

  it("the same refusal for Headquarters locations lands at that field", async () => {
    const result = run(form({ company_locations: ["atlantis"] }));
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.problems.map((p) => p.path)).toEqual(["company_locations"]);
    expect(await world.charged()).toBe(0);
  });

  it("a form problem (letters in Max leads per search, a company id with letters) sends nothing", async () => {
    for (const f of [form({ limit_by: "ten" }), form({ target: { kind: "company_id", value: "acme" } })]) {
      const answer = estimate(f);
      expect(answer.ok).toBe(false);
      const result = rpcValue<LeadsRunResult>(world.addon.runtime, "leadsRun", {
        form: f,
        confirmedMaxCredits: 25,
      });
      expect(result.ok).toBe(false);
    }
    expect(sent).toEqual([]);
    expect(await world.charged()).toBe(0);
  });

  it("cancelled before the first search: nothing sent, nothing charged", async () => {
    const runId = `run-${Date.now()}`;
    // Cancel arrives while the run reads the account, before its first search goes out.
    bodies.afterNextFetch(() => world.addon.runtime.rpc("leadsCancel", { runId }, { user: OWNER }));
    const result = run(form({ locations: ["Germany"] }), runId);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.cancelled).toBe(true);
    expect(sent).toEqual([]);
    expect(result.written).toBe(0);
    expect(world.addon.runtime.sheets().map((s) => s.name)).not.toContain("Leads");
    expect(await world.charged()).toBe(0);
  });

  it("an editor without an API key is told to add one, and nothing is sent or charged", async () => {
    const f = form({ locations: ["Germany"] });
    await world.expectEditorRefused("leadsEstimate", { form: f });
    await world.expectEditorRefused("leadsRun", { form: f, confirmedMaxCredits: 10 });
  });
});
