/**
 * Cancel during a company search (another execution's request, read before every fetchAll): the
 * pages already sent are paid and written, nothing further is sent, and the result says so.
 */
import { describe, expect, it } from "vitest";
import { emptyForm, loadLastSearch, runCompanySearch } from "../../src/jobs/company-search/index";
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
    expect(result.nextMatch).toBe(25);
  });

  it("pressed while the first page is out, the sheet's companies excluded: Next page counts among those not in the sheet", () => {
    const client = new FakeCompanyClient({ matches: 1000 });
    const deps = companyDeps(client);
    const result = runCompanySearch(
      { ...deps, knownIds: () => [], cancelAsked: () => client.calls.length >= 1 },
      form,
      200,
    );
    expect(result.state).toBe("cancelled");
    // The 25 fetched are in the sheet: the next search's match 1 is this search's match 26.
    expect([result.nextOffset, result.nextMatch]).toEqual([0, 25]);
    expect(loadLastSearch(deps.store)).toMatchObject({ nextOffset: 0, nextMatch: 25 });
  });

  it("pressed before the first page: no Next page is offered, and the last search's Next page is kept", () => {
    const client = new FakeCompanyClient({ matches: 1000 });
    const deps = companyDeps(client);
    const earlier = runCompanySearch(deps, { ...form, limit_by: 25 }, 25);
    expect(earlier.nextOffset).toBe(25);
    const result = runCompanySearch(
      { ...deps, cancelAsked: () => true },
      { ...form, locations: ["France"] },
      200,
    );
    expect(result.state).toBe("cancelled");
    expect(result.nextOffset).toBeNull();
    expect(loadLastSearch(deps.store)).toMatchObject({
      nextOffset: 25,
      form: { limit_by: 25, locations: [] },
    });
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
