/**
 * Cancel during a company search (another execution's request, read before every fetchAll): the
 * pages already sent are paid and written, nothing further is sent, and the result says so.
 */
import { describe, expect, it } from "vitest";
import { emptyForm, runCompanySearch } from "../../src/jobs/company-search/index";
import { companyDeps, FakeCompanyClient } from "./company-fakes";

const form = { ...emptyForm(), limit_by: 200 };

describe("Cancel a company search", () => {
  it("pressed while the first page is out: it is written, the other pages are not sent", () => {
    const client = new FakeCompanyClient({ matches: 1000 });
    const deps = companyDeps(client);
    // Cancel arrives once the first page has gone out.
    const result = runCompanySearch({ ...deps, cancelAsked: () => client.calls.length >= 1 }, form, 200);
    expect(client.calls.map((call) => call.length)).toEqual([1]);
    expect(result.state).toBe("cancelled");
    expect(result.returned).toBe(25);
    expect(result.written).toBe(25);
    expect(result.spent).toBe(25);
    expect(result.pagesSent).toBe(1);
    expect(result.pagesNotReached).toBe(7);
    // Next page starts with the first match not fetched.
    expect(result.nextOffset).toBe(25);
  });

  it("pressed before the first page: nothing is sent, nothing written", () => {
    const client = new FakeCompanyClient({ matches: 1000 });
    const deps = companyDeps(client);
    const result = runCompanySearch({ ...deps, cancelAsked: () => true }, form, 200);
    expect(client.calls).toEqual([]);
    expect(result.state).toBe("cancelled");
    expect([result.returned, result.written, result.spent, result.pagesSent]).toEqual([0, 0, 0, 0]);
    expect(deps.sheetGrid.lastRow()).toBe(0);
  });

  it("pressed after every page went out changes nothing", () => {
    const client = new FakeCompanyClient({ matches: 1000 });
    const deps = companyDeps(client);
    const result = runCompanySearch({ ...deps, cancelAsked: () => client.calls.length >= 2 }, form, 200);
    expect(result.state).toBe("done");
    expect(result.written).toBe(200);
  });
});
