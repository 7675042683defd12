/**
 * Next page of a lead search whose leads went into the Leads sheet: they are excluded from every
 * later search, so the first lead not fetched yet moves up by as many. With several companies
 * Next page used to start after the page just fetched (offset + limit), skipping that many leads
 * at every company without fetching them.
 */
import { describe, expect, it } from "vitest";
import { nextUnfetchedOffset } from "../../src/jobs/lead-search/next-page";
import type { SearchReport } from "../../src/jobs/lead-search/run";

const report = (leads: number, state: SearchReport["state"] = "ok"): SearchReport => ({
  label: "company",
  state,
  leads,
  written: leads,
  results_count: "",
  status: "",
  spent: leads,
});

describe("Next page after a lead search", () => {
  it("starts where the first unfetched lead is now, for one search", () => {
    expect(nextUnfetchedOffset({ nextOffset: 25, stoppedBy: null, searches: [report(25)] })).toBe(0);
  });

  it("starts at the same place for several companies, whatever each returned", () => {
    // Three companies at 150 leads a page from 0: two full, one with only 40 matches.
    const searches = [report(150), report(40), report(150)];
    expect(nextUnfetchedOffset({ nextOffset: 150, stoppedBy: null, searches })).toBe(0);
    // From match 300 of an earlier Next page: still where that page started.
    expect(nextUnfetchedOffset({ nextOffset: 450, stoppedBy: null, searches })).toBe(300);
  });

  it("keeps the run's offset when the leads went to a spare sheet (not excluded), and null stays null", () => {
    const stoppedBy = { kind: "sheet", message: "m", next: "n" } as never;
    expect(nextUnfetchedOffset({ nextOffset: 150, stoppedBy, searches: [report(150)] })).toBe(150);
    expect(nextUnfetchedOffset({ nextOffset: null, stoppedBy: null, searches: [report(10)] })).toBeNull();
  });
});
