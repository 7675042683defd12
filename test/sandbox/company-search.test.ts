/** Spec section 1 (company search), rule by rule, with the spec's examples. */
import { describe, expect, it } from "vitest";
import type { Company, CompanySearchResponse } from "../../src/api/wire.ts";
import { EMPTY_KEY, PATHS, useSandbox } from "./support.ts";

let clock = Date.UTC(2026, 10, 21, 12);
const api = useSandbox({ now: () => clock });

/** These checks read the count, which production sends only when asked (PRODUCTION.md A1). */
type Body = CompanySearchResponse & { results_count: number };

/** Asks for the total (PRODUCTION.md A1: results_count only when get_max_companies is sent). */
const search = (body: Record<string, unknown>, key?: string) =>
  api.post<Body>(PATHS.companies, { get_max_companies: true, ...body }, { key });

const BAD_HOSTS =
  /(^|\.)(bit\.ly|tinyurl\.com|goo\.gl|ow\.ly|wixsite\.com|weebly\.com|wordpress\.com|sites\.google\.com|godaddysites\.com|carrd\.co|webflow\.io|square\.site|facebook\.com|instagram\.com|twitter\.com|x\.com|youtube\.com|vimeo\.com|medium\.com|blogspot\.com|calendly\.com|fiverr\.com|upwork\.com)$/;

function expectCompanyShape(c: Company): void {
  const strings = [
    "name",
    "raw_name",
    "company_type",
    "company_db_urn",
    "description",
    "tagline",
    "domain",
    "website",
    "headcount_range",
    "industry",
    "location",
    "hq_country_code",
    "network_id",
    "network_link",
    "network_sales_link",
    "network_urn",
    "logo_url",
    "background_image",
  ] as const;
  for (const field of strings) expect(typeof c[field], field).toBe("string");
  for (const field of [
    "hq_street",
    "hq_additional_info",
    "hq_city",
    "hq_state",
    "hq_postal_code",
    "hq_country",
    "phone_number",
  ] as const) {
    expect(c[field] === null || typeof c[field] === "string", field).toBe(true);
  }
  expect(c.founded_year === null || Number.isInteger(c.founded_year)).toBe(true);
  expect(Number.isInteger(c.headcount_exact)).toBe(true);
  expect(Number.isInteger(c.number_of_locations)).toBe(true);
  expect(/^\d+$/.test(c.network_id)).toBe(true);
  expect(/^[A-Z]{2}$/.test(c.hq_country_code)).toBe(true);
  expect(c.hashtags.every((h) => typeof h === "string")).toBe(true);
  expect(c.specialities.every((s) => typeof s === "string")).toBe(true);
  for (const other of c.other_locations_json) {
    expect(Object.keys(other).sort()).toEqual([
      "additional_info",
      "city",
      "country",
      "description",
      "postal_code",
      "state",
      "street",
    ]);
    for (const value of Object.values(other)) expect(value === null || typeof value === "string").toBe(true);
  }
}

describe("company search: response and records", () => {
  it("answers companies, results_count, amount and time_cached, with every record field typed as the spec says", async () => {
    const { status, body } = await search({ limit_by: 200 });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["amount", "companies", "results_count", "time_cached"]);
    expect(body.results_count).toBe(20_000);
    expect(body.time_cached).toBeNull();
    expect(body.companies.length).toBeGreaterThan(150);
    body.companies.forEach(expectCompanyShape);
    expect(body.companies.some((c) => c.description.includes("\n"))).toBe(true);
    expect(body.companies.some((c) => c.hashtags.length === 0)).toBe(true);
    expect(body.companies.some((c) => c.other_locations_json.length === 0)).toBe(true);
    expect(body.companies.some((c) => c.founded_year === null || c.phone_number === null)).toBe(true);
  });
});

describe("company search: rules", () => {
  it("rule 1: only the first 1600 matching companies are searched", async () => {
    const all = await search({});
    expect(all.body.results_count).toBe(20_000);
    expect(all.body.companies.length).toBeLessThanOrEqual(1600);
    expect(all.body.companies.length).toBeGreaterThan(1400);
    const tail = await search({ offset_by: 1598, limit_by: 50 });
    expect(tail.body.companies.length).toBeLessThanOrEqual(2);
  });

  it("rule 2 (spec example): limit_by 5, offset_by 200 with 3 unsuitable companies gives 2, charged 2", async () => {
    const before = await api.balance();
    const { body } = await search({ keywords: ["conformance"], limit_by: 5, offset_by: 200 });
    expect(body.companies).toHaveLength(2);
    expect(body.amount).toBe(-2);
    expect(body.results_count).toBe(250);
    expect(await api.balance()).toBe(before - 2);
  });

  it("rule 3: companies with 0 employees or a bad or empty website are not output, except the aggregator itself", async () => {
    const outputs: Company[] = [];
    for (const offset of [0, 1598]) outputs.push(...(await search({ offset_by: offset })).body.companies);
    for (const c of outputs) {
      expect(c.headcount_exact).toBeGreaterThan(0);
      expect(c.website).not.toBe("");
      const host = new URL(c.website).hostname.replace(/^www\./, "");
      if (BAD_HOSTS.test(host)) expect(c.domain).toBe(host);
    }
    const calendly = await search({ keywords: ["Calendly"] });
    expect(calendly.body.companies.map((c) => c.website)).toContain("https://calendly.com");
  });

  it("rule 4: page size 25 with offsets 0, 25, 50 pages through the same order without duplicates", async () => {
    const filters = { keywords: ["conformance"] };
    const pages: Company[][] = [];
    for (const offset of [0, 25, 50])
      pages.push((await search({ ...filters, limit_by: 25, offset_by: offset })).body.companies);
    const whole = (await search({ ...filters, limit_by: 75, offset_by: 0 })).body.companies;
    const ids = pages.flat().map((c) => c.network_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(whole.map((c) => c.network_id));
  });

  it("rule 5 (spec example): 600 employees stating 1000-5000 is matched by 501-1000 and output with both", async () => {
    const { body } = await search({ keywords: ["Sixhundred"], headcounts: ["501-1000"] });
    expect(body.companies).toHaveLength(1);
    expect(body.companies[0]).toMatchObject({ headcount_exact: 600, headcount_range: "1000-5000" });
    const byStated = await search({ keywords: ["Sixhundred"], headcounts: ["1001-5000"] });
    expect(byStated.body.companies).toEqual([]);
    const sample = (await search({ headcounts: ["51-200"], limit_by: 300 })).body.companies;
    for (const c of sample) expect(c.headcount_exact >= 51 && c.headcount_exact <= 200).toBe(true);
    expect(sample.some((c) => c.headcount_range !== "51-200")).toBe(true);
  });

  it("rule 6 (spec example): keywords [a, b] mean (a) OR (b); an element may be an AND/OR/NOT expression", async () => {
    const count = async (keywords: string[]) =>
      (await search({ keywords, limit_by: 2 })).body.results_count ?? 0;
    const a = await count(["fintech"]);
    const b = await count(["robotics"]);
    const both = await count(["(fintech AND robotics)"]);
    expect(a).toBeGreaterThan(0);
    expect(both).toBeGreaterThan(0);
    expect(await count(["fintech", "robotics"])).toBe(a + b - both);
    expect(await count(["(fintech) OR (robotics)"])).toBe(a + b - both);
    expect(await count(["fintech AND NOT robotics"])).toBe(a - both);
    expect(await count(["(fintech AND robotics)", "conformance"])).toBe(
      both + 250 - (await count(["(fintech AND robotics AND conformance)"])),
    );
  });

  it("rule 7: 40 characters each, 10 keywords at most, disallowed characters; all refusals are free", async () => {
    const before = await api.balance();
    expect((await search({ keywords: ["x".repeat(40)] })).status).toBe(200);
    expect((await search({ keywords: ["x".repeat(41)] })).status).toBe(400);
    expect((await search({ keywords: Array.from({ length: 10 }, (_, i) => `k${i}`) })).status).toBe(200);
    expect((await search({ keywords: Array.from({ length: 11 }, (_, i) => `k${i}`) })).status).toBe(400);
    for (const ch of ["!", "@", "#", "$", "%", "^", "\\", "*", "{", "}", "[", "]", "/", "|"]) {
      const answer = await search({ keywords: [`cloud${ch}`] });
      expect(answer.status, ch).toBe(400);
      expect(answer.body).toMatchObject({ status: "error", status_code: 400 });
      expect(String((answer.body as unknown as { detail: string }).detail)).toMatch(/Hint/);
    }
    expect((await search({ keywords: ["(cloud AND saas)"] })).status).toBe(200);
    expect((await search({ keywords: ["(cloud AND saas"] })).status).toBe(400);
    expect((await search({ keywords: ["cloud AND"] })).status).toBe(400);
    expect((await search({ keywords: [""] })).status).toBe(400);
    expect(await api.balance()).toBe(before - (await api.control.stats()).creditsCharged);
  });

  it("rule 8: the order is cached for 30 days by headcounts, locations, industries and keywords only", async () => {
    const filters = { keywords: ["cloud"], locations: ["Germany"], limit_by: 30 };
    const first = await search(filters);
    expect(first.body.time_cached).toBeNull();
    clock += 60_000;
    const second = await search({ ...filters, company_types: ["Privately Held"] });
    expect(second.body.time_cached).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/);
    const third = await search(filters);
    expect(third.body.time_cached).toBe(second.body.time_cached);
    expect(third.body.companies.map((c) => c.network_id)).toEqual(
      first.body.companies.map((c) => c.network_id),
    );
    expect((await search({ ...filters, keywords: ["saas"] })).body.time_cached).toBeNull();
    expect((await search({ ...filters, headcounts: ["1-10"] })).body.time_cached).toBeNull();
    clock += 30 * 86_400_000;
    expect((await search(filters)).body.time_cached).toBeNull();
  });

  it("rule 9: more than 1600 matches and the refine control give 200, no companies, a message, amount 3, 3 credits", async () => {
    // Without the sandbox-only control, a large result set is searched as usual (the add-on never sends it).
    expect((await search({ limit_by: 2 })).body.companies.length).toBeGreaterThan(0);
    await api.control.configure({ refineSearch: true });
    const before = await api.balance();
    const refine = await search({ limit_by: 2 });
    expect(refine.status).toBe(200);
    expect(refine.body.companies).toEqual([]);
    expect(refine.body.amount).toBe(3);
    expect(refine.body.results_count).toBe(20_000);
    expect(refine.body.message).toMatch(/refine/i);
    expect(await api.balance()).toBe(before - 3);
    // 1600 or fewer matches: the control changes nothing.
    const small = await search({ keywords: ["conformance"], limit_by: 2 });
    expect(small.body.companies).toHaveLength(2);
    expect("message" in small.body).toBe(false);
  });

  it("rule 10: 1 credit per company in the output; none when nothing is output", async () => {
    const before = await api.balance();
    const { body } = await search({ keywords: ["conformance"], limit_by: 7 });
    expect(body.amount).toBe(-body.companies.length);
    expect(await api.balance()).toBe(before + body.amount);
    const none = await search({ keywords: ["no such words anywhere"] });
    expect(none.body).toEqual({ companies: [], amount: 0 });
    expect(await api.balance()).toBe(before + body.amount);
  });
});

describe("company search: filters", () => {
  it("filters by industries, locations, company types and excludes ids and domains", async () => {
    const base = {
      industries: ["Software Development", "Banking"],
      locations: ["Germany", "Tokyo, Tokyo, Japan"],
      limit_by: 200,
    };
    const { body } = await search(base);
    expect(body.companies.length).toBeGreaterThan(5);
    for (const c of body.companies) expect(["Software Development", "Banking"]).toContain(c.industry);
    const typed = await search({ ...base, company_types: ["Privately Held"] });
    for (const c of typed.body.companies) expect(c.company_type).toBe("Privately Held");
    const [first, second] = body.companies;
    const excluded = await search({
      ...base,
      exclude_ids: [Number(first!.network_id)],
      exclude_domains: [`https://www.${second!.domain}/`],
    });
    const ids = excluded.body.companies.map((c) => c.network_id);
    expect(ids).not.toContain(first!.network_id);
    expect(ids).not.toContain(second!.network_id);
    expect(excluded.body.results_count).toBe(body.results_count - 2);
  });

  it("strict company_locations keeps only companies headquartered there", async () => {
    const loose = await search({ locations: ["Japan"], limit_by: 1000 });
    const strict = await search({ locations: ["Japan"], strict: ["company_locations"], limit_by: 1000 });
    expect(strict.body.results_count).toBeLessThan(loose.body.results_count);
    for (const c of strict.body.companies) expect(c.hq_country_code).toBe("JP");
  });

  it("accepts num_of_followers, revenues_range, get_max_companies and website_blacklist", async () => {
    const all = (await search({ limit_by: 2 })).body.results_count;
    expect(all).toBe(20_000);
    const followers = await search({ num_of_followers: ["1-50", "5001+"], limit_by: 2 });
    expect(followers.status).toBe(200);
    expect(followers.body.results_count).toBeLessThan(all);
    const revenue = await search({
      revenues_range: { min: 1, max: 50 },
      get_max_companies: true,
      website_blacklist: true,
      limit_by: 2,
    });
    expect(revenue.status).toBe(200);
    expect(revenue.body.results_count).toBeLessThan(all);
  });

  it("drops staffing agencies with website_blacklist and takes the sub_industries flag (PRODUCTION.md A17)", async () => {
    const staffing = { industries: ["Staffing and Recruiting"], limit_by: 100 };
    const kept = await search(staffing);
    expect(kept.status).toBe(200);
    expect(kept.body.results_count).toBeGreaterThan(0);
    const dropped = await search({ ...staffing, website_blacklist: true });
    expect(dropped.status).toBe(200);
    expect(dropped.body).toEqual({ amount: 0, companies: [] });
    for (const sub_industries of [true, false]) {
      const flagged = await search({ ...staffing, sub_industries });
      expect(flagged.status, JSON.stringify(flagged.body)).toBe(200);
      expect(flagged.body.results_count).toBe(kept.body.results_count);
    }
  });

  it("refuses unlisted locations and industries, bad enumerations and out-of-range paging, free and with a Hint", async () => {
    const before = await api.balance();
    const bad = [
      { locations: ["Atlantis"] },
      { industries: ["Alchemy"] },
      { headcounts: ["600-700"] },
      { company_types: ["Cooperative"] },
      { num_of_followers: ["0"] },
      { limit_by: 1 },
      { limit_by: 1600 },
      { offset_by: 1599 },
      { offset_by: -1 },
      { strict: ["locations"] },
      { revenues_range: { min: 10, max: 1 } },
      { unknown_field: true },
    ];
    for (const body of bad) {
      const answer = await search(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(String((answer.body as unknown as { detail: string }).detail)).toMatch(/Hint: /);
    }
    expect((await search({ offset_by: 0, limit_by: 2 })).status).toBe(200);
    expect((await search({ offset_by: 1598, limit_by: 1599 })).status).toBe(200);
    const spent = (await api.control.stats()).creditsCharged;
    expect(await api.balance()).toBe(before - spent);
  });

  it("answers 402 without charging when the balance cannot pay the output", async () => {
    const answer = await search({ keywords: ["conformance"], limit_by: 5 }, EMPTY_KEY);
    expect(answer.status).toBe(402);
    expect((await search({ keywords: ["nothing matches this"] }, EMPTY_KEY)).status).toBe(200);
    expect(await api.balance(EMPTY_KEY)).toBe(0);
  });
});

describe("company search: as production answers (PRODUCTION.md A1)", () => {
  const plain = (body: Record<string, unknown>) => api.post<Body>(PATHS.companies, body);

  it("answers results_count only when get_max_companies or include_total_count is sent", async () => {
    const without = await plain({ keywords: ["conformance"], limit_by: 3 });
    expect(without.status).toBe(200);
    expect(Object.keys(without.body).sort()).toEqual(["amount", "companies", "time_cached"]);
    expect(
      (await plain({ keywords: ["conformance"], limit_by: 3, get_max_companies: false })).body,
    ).not.toHaveProperty("results_count");
    for (const ask of [{ get_max_companies: true }, { include_total_count: true }]) {
      const asked = await plain({ keywords: ["conformance"], limit_by: 3, ...ask });
      expect(asked.body.results_count, JSON.stringify(ask)).toBe(250);
    }
  });

  it("answers no match as {amount: 0, companies: []}, with no count even when asked, free", async () => {
    const before = await api.balance();
    for (const ask of [{}, { get_max_companies: true }]) {
      const none = await plain({ keywords: ["no such words anywhere"], ...ask });
      expect(none.status).toBe(200);
      expect(none.body).toEqual({ amount: 0, companies: [] });
    }
    expect(await api.balance()).toBe(before);
  });

  it('keeps the spec\'s first reading behind the control totalCount: "always"', async () => {
    await api.control.configure({ totalCount: "always" });
    expect((await plain({ keywords: ["conformance"], limit_by: 3 })).body.results_count).toBe(250);
    expect((await plain({ keywords: ["no such words anywhere"] })).body).toMatchObject({ results_count: 0 });
    await api.control.configure({ readings: "production" });
    expect((await plain({ keywords: ["conformance"], limit_by: 3 })).body).not.toHaveProperty(
      "results_count",
    );
  });
});
