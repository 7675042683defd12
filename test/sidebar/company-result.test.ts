/**
 * The Companies tab's result in words. Production answers a window past the last match with
 * `{amount: 0, companies: []}` and no count even when asked (PRODUCTION.md A1): the tab must not
 * call the empty window unsuitable companies.
 */
import { describe, expect, it } from "vitest";
import { ResultView } from "../../sidebar/tabs/companies/result";
import type { CompanyRunResult } from "../../src/rpc/companies";
import { vnodeHtml } from "./vnode-html";

function result(overrides: Partial<CompanyRunResult>): CompanyRunResult {
  return {
    state: "done",
    problems: {},
    resultsCount: null,
    matchesAtLeast: 0,
    returned: 0,
    written: 0,
    duplicates: 0,
    spent: 0,
    charges: { charged: 0, pending: 0, complete: true },
    timeCached: null,
    refineMessage: null,
    errors: [],
    sheetName: "Companies",
    range: "",
    offset: 1000,
    total: 25,
    nextOffset: null,
    knownExcluded: 0,
    pagesSent: 1,
    pagesNotReached: 0,
    throttled: 0,
    ...overrides,
  };
}

const text = (r: CompanyRunResult) =>
  vnodeHtml(ResultView({ result: r, busy: false, onNextPage: () => undefined })).replace(/<[^>]+>/g, "");

describe("a company search past the last match", () => {
  it("says the matches end before the window, not that 25 unsuitable companies were skipped", () => {
    const said = text(result({}));
    // Before: "0 rows written to Companies ... 25 unsuitable companies skipped (0 employees and a bad website)".
    expect(said).not.toMatch(/unsuitable/);
    expect(said).toContain("No company came back for matches 1,001–1,025");
    expect(said).toContain("the matches end before match 1,001");
    expect(said).toContain("nothing was charged");
  });

  it("counts among the companies not in the sheet when those were left out", () => {
    expect(text(result({ knownExcluded: 40 }))).toContain(
      "the matches end before match 1,001 of those not in the sheet",
    );
  });

  it("still names unsuitable companies where the API's count shows they were in the window", () => {
    const said = text(
      result({ offset: 0, resultsCount: 300, matchesAtLeast: 25, returned: 23, written: 23, spent: 23 }),
    );
    expect(said).toContain("2 unsuitable companies skipped");
  });
});
