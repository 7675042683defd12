/**
 * A cancelled search's result in words (Companies and Leads tabs): what was written, what the
 * ledger charged, and that the rest was not sent.
 */
import { describe, expect, it } from "vitest";
import { ResultView } from "../../sidebar/tabs/companies/result";
import { RunResult } from "../../sidebar/tabs/leads/result";
import type { CompanyRunResult } from "../../src/rpc/companies";
import type { LeadsRunResult } from "../../src/rpc/leads";
import { vnodeHtml } from "./vnode-html";

const text = (html: string) => html.replace(/<[^>]+>/g, "");

function companies(change: Partial<CompanyRunResult>): CompanyRunResult {
  return {
    state: "cancelled",
    problems: {},
    resultsCount: 900,
    matchesAtLeast: 25,
    returned: 25,
    written: 25,
    duplicates: 0,
    spent: 25,
    charges: { charged: 25, pending: 0, complete: true },
    timeCached: null,
    refineMessage: null,
    errors: [],
    sheetName: "Companies",
    range: "A2:AE26",
    offset: 0,
    total: 200,
    nextOffset: 25,
    pagesSent: 1,
    pagesNotReached: 7,
    throttled: 0,
    ...change,
  };
}

describe("a cancelled company search", () => {
  const view = (result: CompanyRunResult) =>
    text(vnodeHtml(ResultView({ result, busy: false, onNextPage: () => undefined })));

  it("says what was written, what the ledger charged, and that the other pages were not sent", () => {
    const said = view(companies({}));
    expect(said).toContain("Cancelled: 25 rows written to Companies!A2:AE26");
    expect(said).toContain("25 companies returned by the pages sent before Cancel");
    expect(said).toContain("25 credits charged (the API's ledger)");
    expect(said).toContain(
      "1 of 8 pages was sent before Cancel: paid for and written. The other 7 pages were not sent and cost nothing",
    );
    expect(said).not.toContain("matches 1–200");
  });

  it("Next page after Cancel says where it really starts: match 1 of those not in the sheet once the 25 fetched are in it, not 'from 1'", () => {
    // The 25 written are in the sheet now and left out of the next search: its match 1 is the
    // search's match 26.
    const said = view(companies({ nextOffset: 0, nextMatch: 25 }));
    expect(said).toContain("Next page (from match 1 of those not in the sheet)");
    expect(said).not.toContain("Next page (from 1)");
    // Written to another sheet (nothing left out): the plain match number.
    expect(view(companies({ nextOffset: 25, nextMatch: 25 }))).toContain("Next page (from 26)");
  });

  it("before any page went out: nothing written, nothing charged", () => {
    const said = view(
      companies({
        returned: 0,
        written: 0,
        spent: 0,
        resultsCount: null,
        matchesAtLeast: 0,
        range: "",
        pagesSent: 0,
        pagesNotReached: 8,
        charges: { charged: 0, pending: 0, complete: true },
      }),
    );
    expect(said).toContain("Cancelled: no company was written.");
    expect(said).toContain("No page had been sent yet; 0 credits charged (the API's ledger).");
  });
});

function leadsCancelled(): Extract<LeadsRunResult, { ok: true }> {
  const ok = (label: string) => ({
    label,
    state: "ok" as const,
    leads: 5,
    written: 5,
    results_count: "",
    status: "success",
    spent: 5,
  });
  const notRun = (label: string) => ({
    ...ok(label),
    state: "not run" as const,
    leads: 0,
    written: 0,
    spent: 0,
  });
  return {
    ok: true,
    sheetName: "Leads",
    companyChoices: [],
    problems: [],
    knownExcluded: 0,
    knownByName: 0,
    knownUnexcludable: 0,
    leaveOut: null,
    searches: [ok("A"), ok("B"), notRun("C"), notRun("D")],
    written: 10,
    duplicates: 0,
    spent: 10,
    stoppedBy: {
      kind: "cancelled",
      message:
        "Cancelled: what had not been sent by then (searches, later pages, emails) was not sent and cost nothing.",
      next: "What was sent and paid for is written.",
    },
    cancelled: true,
    rows: { first: 2, last: 11 },
    nextOffset: null,
    throttled: 0,
    recovered: 0,
    charges: { charged: 10, pending: 0, complete: true },
    maybeCharged: 0,
    fetchAllChunks: 1,
    sheetWrites: 1,
    emails: null,
  };
}

describe("a cancelled lead search", () => {
  it("says it was cancelled, what was written and charged, and which searches were not run", () => {
    const result = leadsCancelled();
    const said = text(vnodeHtml(RunResult({ result })));
    expect(said).toContain("Cancelled: 10 leads written to Leads (rows 2-11)");
    expect(said).toContain("10 credits charged (the API's ledger)");
    expect(said).toContain("was not sent and cost nothing");
    expect(said).toContain("2 searches not run");
  });

  it("a single search cut by Cancel says it once, not again as the search's error", () => {
    const cancelled = {
      kind: "cancelled",
      message:
        "Cancelled: what had not been sent by then (searches, later pages, emails) was not sent and cost nothing.",
      next: "What was sent and paid for is written.",
    };
    const result: Extract<LeadsRunResult, { ok: true }> = {
      ...leadsCancelled(),
      searches: [
        {
          label: "Search",
          state: "failed",
          leads: 200,
          written: 200,
          results_count: "",
          status: "",
          spent: 200,
          error: cancelled,
        },
      ],
      stoppedBy: cancelled,
    };
    const said = text(vnodeHtml(RunResult({ result })));
    expect(said.split("Cancelled: what had not been sent").length - 1).toBe(1);
  });
});
