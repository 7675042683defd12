/**
 * The Leads tab's result in words: a re-run whose matches are all in the sheet already says so,
 * as the Companies tab does (issue 23.12), instead of "No lead matches these filters".
 */
import { describe, expect, it } from "vitest";
import { RunResult } from "../../sidebar/tabs/leads/result";
import { FILTER_EMPTY_VARS } from "../../src/api/wire";
import type { LeadsRunResult } from "../../src/rpc/leads";
import { vnodeHtml } from "./vnode-html";

type Ran = Extract<LeadsRunResult, { ok: true }>;

/** A single search that came back with production's no-match answer (PRODUCTION.md A6). */
function noMatch(known: Partial<Pick<Ran, "knownExcluded" | "knownByName" | "leaveOut">>): Ran {
  return {
    ok: true,
    sheetName: "Prospects",
    companyChoices: [],
    problems: [],
    knownExcluded: 0,
    knownByName: 0,
    knownUnexcludable: 0,
    leaveOut: null,
    ...known,
    searches: [
      {
        label: "Search",
        state: "ok",
        leads: 0,
        written: 0,
        results_count: "",
        status: "No leads match with input criteria",
        spent: 0,
      },
    ],
    written: 0,
    duplicates: 0,
    spent: 0,
    stoppedBy: null,
    cancelled: false,
    rows: null,
    nextOffset: null,
    throttled: 0,
    recovered: 0,
    charges: { charged: 0, pending: 0, complete: true },
    maybeCharged: 0,
    fetchAllChunks: 1,
    sheetWrites: 0,
    emails: null,
  };
}

const text = (result: Ran) => vnodeHtml(RunResult({ result })).replace(/<[^>]+>/g, "");

describe("a lead search that found no new lead", () => {
  it("says nothing matches when the sheet left nothing out, and what to do", () => {
    expect(text(noMatch({}))).toContain(
      "No lead matches these filters. To find some, widen them (more functions, seniorities or locations) or search a different company.",
    );
  });

  it("says it on a line of its own, not run on after the credits", () => {
    const html = vnodeHtml(RunResult({ result: noMatch({ knownExcluded: 3 }) }));
    expect(html).toMatch(/data-testid="leads-status"[^>]*>No new lead found\./);
    expect(html).not.toContain("· No new lead");
  });

  it("says the leads already in the sheet were left out, not that nothing matches", () => {
    const said = text(noMatch({ knownExcluded: 30, knownByName: 2 }));
    expect(said).not.toContain("No lead matches these filters.");
    // Said plainly: what happened (no new lead; the sheet's leads left out, so none paid twice;
    // nothing else matches) and what to do. Before: "No lead outside the Prospects sheet matches
    // these filters: the 32 leads already there were left out of the search."
    expect(said).toContain(
      "No new lead found. The 32 leads already in the Prospects sheet were left out of the search (so none is paid for twice), and no other lead matches these filters. To find more, widen the filters (more functions, seniorities or locations) or search a different company.",
    );
    expect(said).not.toContain("No lead outside");
  });

  it("counts a CRM export's leads left out too, and names it", () => {
    const said = text(
      noMatch({
        knownExcluded: 1,
        leaveOut: { sheet: "CRM", column: "Sales ID", excluded: 4, unexcludable: 0, unmatched: 0 },
      }),
    );
    expect(said).toContain(
      "No new lead found. The 5 leads already in the Prospects sheet and CRM were left out of the search (so none is paid for twice), and no other lead matches these filters.",
    );
  });
});

describe("a search by company name that found no lead", () => {
  it("lists the Companies sheet's companies of that name without calling them 'another'", () => {
    const result = noMatch({});
    result.searches[0]!.companyName = "Harbor Logistics AG";
    result.companyChoices = [
      { row: 2, name: "Harbor Logistics AG", network_id: "1000003", website: "https://harbor.example" },
    ];
    const said = text(result);
    expect(said).toContain("No lead came back, so the API did not say which company it found for this name.");
    // Before: "has another company of this name", with no first one named anywhere.
    expect(said).not.toContain("another");
    expect(said).toContain("Your Companies sheet has a company of this name: search by its id to be sure.");
  });
});

describe("a search the API refused for a field", () => {
  it("points at the field, where the API's words are, instead of saying them away from it", () => {
    const result = noMatch({});
    const hint =
      'ValidationError: locations has "atlantis", which is not in the supported-location list. Hint: edit locations';
    result.searches[0] = {
      ...result.searches[0]!,
      state: "failed",
      status: "",
      error: { kind: "validation", message: "The API did not accept the request.", next: "Fix it.", hint },
    };
    result.problems = [
      { path: "locations", message: `The API did not accept this: ${hint}`, hint: "Nothing was charged." },
    ];
    const said = text(result);
    expect(said).toContain(
      "The API did not accept the search: the reason is under Lead locations, below. Nothing was charged.",
    );
    expect(said).not.toContain("atlantis");
  });

  it("points there too when every selected company's search was refused for it", () => {
    const result = noMatch({});
    const failed = { ...result.searches[0]!, state: "failed" as const, status: "" };
    const error = { kind: "validation", message: "The API did not accept the request.", next: "", hint: "x" };
    result.searches = [
      { ...failed, label: "Acme", error },
      { ...failed, label: "Globex", error },
    ];
    result.problems = [{ path: "company_locations", message: "The API did not accept this: x", hint: "" }];
    const said = text(result);
    expect(said).toContain("the reason is under Headquarters locations, below");
    // Each company says it was refused, without the API's message again (before: once a company).
    expect(said).toContain(
      "Acme: not accepted by the API (the reason is under Headquarters locations; nothing charged)",
    );
    expect(said.indexOf("The API did not accept the search")).toBeLessThan(said.indexOf("companies failed"));
  });
});

describe("Only leads with", () => {
  it("says each of filter_empty_vars' values in words, with the API's name, and sends the name", async () => {
    const { EMPTY_VAR_OPTIONS } = await import("../../sidebar/tabs/leads/filters");
    expect(EMPTY_VAR_OPTIONS.map((o) => o.value)).toEqual([...FILTER_EMPTY_VARS]);
    expect(EMPTY_VAR_OPTIONS.map((o) => o.label)).toContain(
      "a start date in their position (started_at_position)",
    );
  });
});

describe("the rows written", () => {
  it("names one row as a row, not a range of one", () => {
    const result = noMatch({});
    result.written = 1;
    result.rows = { first: 205, last: 205 };
    expect(text(result)).toContain("1 lead written to Prospects (row 205)");
    result.written = 2;
    result.rows = { first: 205, last: 206 };
    expect(text(result)).toContain("2 leads written to Prospects (rows 205-206)");
  });
});

describe("a lead search after one that was cut off right after it was sent", () => {
  it("says the earlier search may have been charged, up to how much, and where to see it", () => {
    const said = text({ ...noMatch({}), lostEarlier: { at: "2026-11-25T16:20:31.000Z", maxCredits: 15 } });
    expect(said).toContain(
      "A search sent at 2026-11-25 16:20 UTC was cut off right after it was sent: it may have been charged (up to 15 credits), and its leads could not be kept.",
    );
    expect(text(noMatch({}))).not.toContain("cut off right after");
  });
});

describe("the per-company list", () => {
  it("a company without a match says so, not empty parentheses", () => {
    const one = noMatch({});
    const found = {
      ...one.searches[0]!,
      label: "Granite Partners",
      leads: 3,
      written: 3,
      results_count: "within limit",
    };
    const result: Ran = { ...one, searches: [found, { ...one.searches[0]!, label: "Apex Systems" }] };
    const shown = text(result);
    expect(shown).toContain("Granite Partners: 3 leads (within limit), 3 new");
    expect(shown).toContain("Apex Systems: 0 leads (none matched), 0 new");
    expect(shown).not.toContain("()");
  });
});
