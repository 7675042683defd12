/** A company search that met 429s (an account allowing fewer parallel searches) says so in its result. */
import { describe, expect, it } from "vitest";
import { emptyForm } from "../../src/jobs/company-search/form";
import { runCompanySearch } from "../../src/jobs/company-search/run";
import { companyDeps, FakeCompanyClient } from "./company-fakes";

describe("a company search slowed down by 429s", () => {
  it("carries the throttling in its result, and none when there was none", () => {
    const client = new FakeCompanyClient({ matches: 500 });
    const plain = runCompanySearch(companyDeps(client), { ...emptyForm(), limit_by: 50 }, 50);
    expect(plain.throttled).toBe(0);
    const searchCompanies = client.searchCompanies.bind(client);
    client.searchCompanies = (requests) => ({ ...searchCompanies(requests), throttled: 4 });
    // Two calls (the first page alone, then the other): the 429s of both are counted.
    const slowed = runCompanySearch(companyDeps(client), { ...emptyForm(), limit_by: 50, offset_by: 50 }, 50);
    expect(slowed).toMatchObject({ state: "done", throttled: 8 });
  });
});
