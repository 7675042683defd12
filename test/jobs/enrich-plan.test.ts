import { describe, expect, it } from "vitest";
import { writtenColumnRuns } from "../../src/jobs/enrich/layout";
import {
  checkOptions,
  creditsPerUrl,
  DEFAULT_ENRICH_OPTIONS,
  EXTRA_CHOICES,
  lookupRequest,
} from "../../src/jobs/enrich/options";
import { PlanError, planEnrichment, type SelectionBox } from "../../src/jobs/enrich/plan";
import { withExtras } from "../../src/jobs/enrich/step";
import { MemoryGrid, url } from "./enrich-fakes";

const select = (top: number, height: number, left = 1, width = 1): SelectionBox => ({
  sheetId: 7,
  sheetName: "CRM",
  top,
  left,
  height,
  width,
});

const sheet = () =>
  MemoryGrid.fromRows([
    ["Name", "LinkedIn URL", "Title", "Company", "Notes"],
    ["Ann", url("ann"), "CEO", "Acme", "x"],
    ["Bob", url("bob"), "CTO", "Beta", ""],
    ["Ann again", url("ann/"), "", "", ""],
    ["Nobody", "n/a", "", "", ""],
  ]);

describe("planning an enrichment", () => {
  it("finds the header in the first selected row and maps fields through aliases", () => {
    const plan = planEnrichment(sheet(), select(1, 5, 2), DEFAULT_ENRICH_OPTIONS);
    expect(plan).toMatchObject({ urlColumn: 2, firstRow: 2, lastRow: 5, maxCredits: 2, creditsPerUrl: 1 });
    expect(plan.layout.headerRow).toBe(1);
    expect(Object.fromEntries(plan.layout.fields)).toEqual({
      full_name: 1,
      job_title: 3,
      company_name: 4,
      location: 6,
    });
    // network_url is what the URL column already holds: never written over the user's URLs.
    expect(plan.layout.skipped).toEqual(["network_url"]);
    expect(plan.layout.appended).toEqual([
      "location",
      "enrichment_status",
      "enriched_at",
      "job_changed",
      "previous_job",
    ]);
    expect(plan.layout.previous).toEqual({ job_title: 3, company_name: 4 });
    expect(plan.urls.rows).toEqual([[2, 4], [3]]);
    expect(plan.urls.invalidRows).toEqual([5]);
  });

  it("finds the header above a selection that starts at the first URL", () => {
    const plan = planEnrichment(sheet(), select(3, 2, 2), DEFAULT_ENRICH_OPTIONS);
    expect(plan).toMatchObject({ firstRow: 3, lastRow: 4 });
    expect(plan.layout.headerRow).toBe(1);
  });

  it("picks the column holding the URLs in a multi-column selection", () => {
    expect(planEnrichment(sheet(), select(1, 5, 1, 5), DEFAULT_ENRICH_OPTIONS).urlColumn).toBe(2);
  });

  it("uses an empty row above headerless URLs, and refuses URLs starting at row 1", () => {
    const grid = MemoryGrid.fromRows([[""], [url("a")], [url("b")]]);
    expect(planEnrichment(grid, select(2, 2), DEFAULT_ENRICH_OPTIONS).layout.headerRow).toBe(1);
    const top = MemoryGrid.fromRows([[url("a")], [url("b")]]);
    expect(() => planEnrichment(top, select(1, 2), DEFAULT_ENRICH_OPTIONS)).toThrow(PlanError);
  });

  it("refuses a selection without profile URLs", () => {
    const grid = MemoryGrid.fromRows([["Name"], ["Ann"]]);
    expect(() => planEnrichment(grid, select(1, 2), DEFAULT_ENRICH_OPTIONS)).toThrow(/No profile URLs/);
  });

  it("trims a whole-column selection to the used rows", () => {
    const plan = planEnrichment(sheet(), select(1, 1000, 2), DEFAULT_ENRICH_OPTIONS);
    expect(plan.lastRow).toBe(5);
  });

  it("reuses status columns from an earlier run", () => {
    const grid = MemoryGrid.fromRows([
      ["url", "Enrichment Status", "enriched_at", "job_changed", "previous_job", "job_title"],
      [url("a"), "ok", "2026-01-01T00:00:00Z", false, "", "CEO"],
    ]);
    const plan = planEnrichment(grid, select(1, 2), { ...DEFAULT_ENRICH_OPTIONS, fields: ["job_title"] });
    expect(plan.layout.appended).toEqual([]);
    expect(plan.layout.status).toEqual({
      enrichment_status: 2,
      enriched_at: 3,
      job_changed: 4,
      previous_job: 5,
    });
    expect(writtenColumnRuns(plan.layout)).toEqual([{ left: 2, width: 5 }]);
  });

  it("estimates distinct URLs x (1 + paid extras), and adds the extras' fields", () => {
    const options = {
      ...DEFAULT_ENRICH_OPTIONS,
      extras: { posts: true, comments: true, up_to_the_second_fresh: true },
    };
    const plan = planEnrichment(sheet(), select(1, 5, 2), options);
    expect(plan.maxCredits).toBe(2 * 3);
    expect(plan.layout.appended).toContain("posts");
    expect(creditsPerUrl({ people_also_viewed: true, inexact_company: true })).toBe(2);
    // Reactions (PRODUCTION.md A7) is a paid extra like posts and comments, offered in Enrich.
    expect(creditsPerUrl({ reactions: true, posts: true })).toBe(3);
    expect(EXTRA_CHOICES.find((choice) => choice.option === "reactions")).toMatchObject({ credits: 1 });
    expect(
      planEnrichment(sheet(), select(1, 5, 2), { ...options, extras: { reactions: true } }).layout.appended,
    ).toContain("reactions");
    expect(lookupRequest("u", { posts: true, get_full_experience: false })).toEqual({
      url: "u",
      posts: true,
    });
  });
});

describe("reading what arrives", () => {
  it("takes extras from beside the lead when the answer puts them there", () => {
    const response = {
      lead: { full_name: "A" },
      amount: -2,
      posts: [{ text: "hi" }],
    } as unknown as Parameters<typeof withExtras>[0];
    expect(withExtras(response).posts).toEqual([{ text: "hi" }]);
    const inside = {
      lead: { full_name: "A", posts: [] },
      amount: -2,
      posts: [{ text: "x" }],
    } as unknown as Parameters<typeof withExtras>[0];
    expect(withExtras(inside).posts).toEqual([]);
  });

  it("checks the sidebar's options defensively", () => {
    expect(() => checkOptions(null)).toThrow(/at least one field/);
    expect(() => checkOptions({ fields: ["job_title", "nope"], mode: "fill", extras: {} })).toThrow(/nope/);
    expect(
      checkOptions({ fields: ["job_title", "job_title"], mode: "fill", extras: { posts: true, evil: true } }),
    ).toEqual({
      fields: ["job_title"],
      mode: "fill",
      extras: { posts: true },
    });
  });
});
