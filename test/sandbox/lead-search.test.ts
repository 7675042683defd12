/** Spec section 2 (lead search): targets, personas, every body filter, the caps and the cost. */
import { describe, expect, it } from "vitest";
import type { Company, Lead, LeadSearchResponse } from "../../src/api/wire.ts";
import { EMPTY_KEY, PATHS, useSandbox } from "./support.ts";

const api = useSandbox();

type Body = LeadSearchResponse;
const search = (body: Record<string, unknown>) => api.post<Body>(PATHS.leads, body);

/** Company 1000254 is a giant with 3,000 reachable leads (sandbox/README.md). */
const GIANT = 1_000_254;

async function giantCompany(): Promise<Company> {
  const { body } = await api.post<{ companies: Company[] }>(PATHS.companies, {
    keywords: ["conformance"],
    limit_by: 2,
  });
  expect(body.companies.length).toBeGreaterThan(0);
  const lead = (await search({ company_id: GIANT, limit_by: 1 })).body.leads[0]!;
  return {
    ...body.companies[0]!,
    name: lead.company_name,
    network_id: String(GIANT),
    network_link: lead.company_url ?? "",
  };
}

const titleWords = (lead: Lead) => lead.job_title.toLowerCase();

describe("lead search: targets", () => {
  it("finds the company by company_id, company_link or company_name, and every lead works there", async () => {
    const company = await giantCompany();
    for (const target of [
      { company_id: GIANT },
      { company_link: company.network_link },
      { company_name: company.name },
    ]) {
      const { status, body } = await search({ ...target, limit_by: 20 });
      expect(status, JSON.stringify(target)).toBe(200);
      expect(body.leads).toHaveLength(20);
      for (const lead of body.leads) expect(lead.network_company_id).toBe(String(GIANT));
    }
  });

  it("reaches up to 2,500 results at a company, and says whether the search stayed within the limit", async () => {
    const { body } = await search({ company_id: GIANT });
    expect(body.leads).toHaveLength(2500);
    expect(body.results_count).toBe("more than 2500");
    expect(body.status).toBe("success");
    expect(body.amount).toBe(-2500);
    const small = await search({ company_id: GIANT, personas: [["cfo", ["finance"], ["CXO"], []]] });
    expect(small.body.results_count).toBe("within limit");
  });

  it("without_company searches by lead criteria only, up to 2,400", async () => {
    const { body } = await search({ without_company: true, limit_by: 3000 });
    expect(body.leads).toHaveLength(2400);
    const companies = new Set(body.leads.map((l) => l.network_company_id));
    expect(companies.size).toBeGreaterThan(100);
  });

  it("refuses a missing target, two targets, and without_company with a company; all free", async () => {
    const before = await api.balance();
    for (const body of [
      {},
      { company_id: GIANT, company_name: "x" },
      { without_company: true, company_id: GIANT },
      { without_company: true, company_link: "https://www.network.example/company/x/" },
      { company_id: "1000254" },
      { company_link: "https://www.network.example/in/someone" },
    ]) {
      const answer = await search(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ status: "error", status_code: 400 });
    }
    expect(await api.balance()).toBe(before);
  });

  it("answers an error or an empty result when no exact company matches", async () => {
    expect((await search({ company_id: 999 })).status).toBe(404);
    const byName = await search({ company_name: "No Such Company Anywhere" });
    expect(byName.status).toBe(200);
    expect(byName.body.leads).toEqual([]);
  });
});

describe("lead search: personas", () => {
  it("spec example: [marketing, sales] x [Head, Manager] matches the four combinations, naming the persona", async () => {
    const { body } = await search({
      without_company: true,
      limit_by: 300,
      personas: [["Revenue leaders", ["marketing", "sales"], ["Head", "Manager"], []]],
    });
    expect(body.leads.length).toBe(300);
    const seen = new Set<string>();
    for (const lead of body.leads) {
      expect(lead.network_lead_persona).toBe("Revenue leaders");
      const title = titleWords(lead);
      const fn = title.includes("marketing") ? "marketing" : title.includes("sales") ? "sales" : null;
      const level = title.includes("head") ? "head" : title.includes("manager") ? "manager" : null;
      expect(fn, lead.job_title).not.toBeNull();
      expect(level, lead.job_title).not.toBeNull();
      seen.add(`${level} ${fn}`);
    }
    expect(seen).toEqual(new Set(["head marketing", "head sales", "manager marketing", "manager sales"]));
  });

  it("VP expands to VP, SVP, EVP and GVP", async () => {
    const { body } = await search({
      without_company: true,
      limit_by: 400,
      personas: [["VPs", ["sales"], ["VP"], []]],
    });
    const levels = new Set(
      body.leads.map((l) =>
        /\b(SVP|Senior Vice President)\b/.test(l.job_title)
          ? "SVP"
          : /\b(EVP|Executive Vice)/.test(l.job_title)
            ? "EVP"
            : /\b(GVP|Group Vice)/.test(l.job_title)
              ? "GVP"
              : /\b(VP|Vice President)\b/.test(l.job_title)
                ? "VP"
                : "other",
      ),
    );
    expect(levels).toEqual(new Set(["VP", "SVP", "EVP", "GVP"]));
  });

  it("prohibit keywords drop leads whose title contains one; the first matching persona is named", async () => {
    const { body } = await search({
      without_company: true,
      limit_by: 300,
      personas: [
        ["Heads", ["sales"], ["Head"], ["Global"]],
        ["Managers", ["sales"], ["Manager"], []],
      ],
    });
    for (const lead of body.leads) {
      expect(lead.job_title).not.toMatch(/Global/);
      expect(lead.network_lead_persona).toBe(lead.job_title.includes("Head") ? "Heads" : "Managers");
    }
  });

  it("bad persona input is a free ValidationError with a Hint", async () => {
    for (const personas of [
      [["no functions", [], [], []]],
      [["three positions", ["sales"], []]],
      [["", ["sales"], [], []]],
      [["unknown", ["alchemy"], [], []]],
      [["unknown", ["sales"], ["Emperor"], []]],
      "sales",
    ]) {
      const answer = await search({ without_company: true, personas });
      expect(answer.status, JSON.stringify(personas)).toBe(400);
      expect(String((answer.body as unknown as { detail: string }).detail)).toMatch(/Hint: .*persona/);
    }
    expect((await api.control.stats()).creditsCharged).toBe(0);
  });
});

describe("lead search: filters", () => {
  it("filters by locations, lead_industries, company_locations, company_headcounts and company_types", async () => {
    const { body } = await search({
      without_company: true,
      limit_by: 200,
      locations: ["Germany"],
      lead_industries: ["Software Development", "Retail", "Banking", "Hospitality"],
      company_locations: ["Germany", "United Kingdom"],
      company_headcounts: ["51-200", "201-500"],
      company_types: ["Privately Held"],
    });
    expect(body.leads.length).toBeGreaterThan(0);
    for (const lead of body.leads) {
      expect(lead.location_country).toBe("Germany");
      expect(["Software Development", "Retail", "Banking", "Hospitality"]).toContain(lead.industry);
      expect(["Germany", "United Kingdom"]).toContain(lead.company_country ?? "Germany");
    }
  });

  it("applies exclude_names, filter_empty_vars and limit_by", async () => {
    const first = (await search({ company_id: GIANT, limit_by: 5 })).body.leads;
    const excluded = (
      await search({ company_id: GIANT, limit_by: 5, exclude_names: [first[0]!.unformatted_full_name] })
    ).body.leads;
    expect(excluded.map((l) => l.unformatted_full_name)).not.toContain(first[0]!.unformatted_full_name);
    const filled = (
      await search({
        company_id: GIANT,
        limit_by: 500,
        filter_empty_vars: ["job_started_on", "profile_photo", "started_at_position", "company_website"],
      })
    ).body.leads;
    expect(filled.length).toBe(500);
    for (const lead of filled) {
      expect(lead.job_started_on).not.toBeNull();
      expect(lead.profile_photo).not.toBeNull();
      expect(lead.company_website).not.toBeNull();
    }
    const unfiltered = (await search({ company_id: GIANT, limit_by: 500 })).body.leads;
    expect(unfiltered.some((l) => l.profile_photo === null)).toBe(true);
    expect((await search({ company_id: GIANT, filter_empty_vars: ["summary"] })).status).toBe(400);
  });

  it("accepts the boolean, time-range, group, school and past-company filters", async () => {
    const all = await search({ company_id: GIANT, limit_by: 1 });
    expect(all.status).toBe(200);
    const narrowing = [
      { changed_jobs: true },
      { posted_on_network: true },
      { mentioned_in_news: true },
      { years_in_company: [5] },
      { years_in_position: [1, 2] },
      { groups: [7, 8, 9] },
      { schools: [5000] },
    ];
    for (const filter of narrowing) {
      const { status, body } = await search({ company_id: GIANT, limit_by: 50, ...filter });
      expect(status, JSON.stringify(filter)).toBe(200);
      expect(body.leads.length, JSON.stringify(filter)).toBeGreaterThan(0);
      if ("schools" in filter) {
        for (const lead of body.leads)
          expect(lead.educations.map((e) => e.university_name)).toContain("Stanford University");
      }
    }
    const withPast = (await search({ company_id: GIANT, limit_by: 50 })).body.leads.find(
      (l) => l.jobs.length > 1,
    )!;
    const pastName = withPast.jobs.find((j) => !j.job_still_working)!.company_name;
    const past = await search({ without_company: true, limit_by: 20, past_company_names: [pastName] });
    for (const lead of past.body.leads) expect(lead.jobs.map((j) => j.company_name)).toContain(pastName);
    expect((await search({ company_id: GIANT, years_in_company: [6] })).status).toBe(400);
    expect((await search({ without_company: true, locations: ["Atlantis"] })).status).toBe(400);
    expect((await search({ without_company: true, lead_industries: ["Alchemy"] })).status).toBe(400);
  });
});

describe("lead search: network_filter_link", () => {
  it("reads a sales-search URL's query, needs no other filter, and stops at 2,400", async () => {
    const link =
      "https://www.network.example/sales/search/people?query=(filters:List((type:FUNCTION,values:List((text:Marketing,selectionType:INCLUDED))),(type:REGION,values:List((text:Germany,selectionType:INCLUDED)))))";
    const { status, body } = await search({ network_filter_link: link, limit_by: 100 });
    expect(status).toBe(200);
    expect(body.leads.length).toBeGreaterThan(0);
    for (const lead of body.leads) {
      expect(lead.location_country).toBe("Germany");
      expect(lead.job_title.toLowerCase()).toMatch(/marketing|founder|owner/);
    }
    const broad = await search({
      network_filter_link:
        "https://www.network.example/search/results/people/?function=%5B%22sales%22%2C%22marketing%22%5D",
      limit_by: 5000,
    });
    expect(broad.body.leads).toHaveLength(2400);
  });

  it("reads a people-search URL", async () => {
    const link = `https://www.network.example/search/results/people/?geo=${encodeURIComponent('["Japan"]')}&title=Manager`;
    const { body } = await search({ network_filter_link: link, limit_by: 50 });
    expect(body.leads.length).toBeGreaterThan(0);
    for (const lead of body.leads) {
      expect(lead.location_country).toBe("Japan");
      expect(lead.job_title).toMatch(/Manager/);
    }
  });

  it("refuses a URL without parsable query parameters", async () => {
    for (const link of [
      "https://www.network.example/search/results/people/",
      "https://www.network.example/in/someone",
      "not a url at all",
      "https://www.network.example/sales/search/people?query=(filters:List((type:SPACESHIP,values:List((text:x)))))",
    ]) {
      expect((await search({ network_filter_link: link })).status, link).toBe(400);
    }
  });
});

describe("lead search: records and cost", () => {
  it("answers 402 without charging when the balance cannot pay the leads", async () => {
    const answer = await api.post(PATHS.leads, { company_id: GIANT, limit_by: 3 }, { key: EMPTY_KEY });
    expect(answer.status).toBe(402);
    expect(answer.body).toMatchObject({ status: "error", status_code: 402 });
    await api.control.setCredits(EMPTY_KEY, 3);
    expect((await api.post(PATHS.leads, { company_id: GIANT, limit_by: 4 }, { key: EMPTY_KEY })).status).toBe(
      402,
    );
    expect((await api.post(PATHS.leads, { company_id: GIANT, limit_by: 3 }, { key: EMPTY_KEY })).status).toBe(
      200,
    );
    expect(await api.balance(EMPTY_KEY)).toBe(0);
  });

  it("returns lead records with network_company_id and network_lead_persona, 1 credit per lead", async () => {
    const before = await api.balance();
    const { body } = await search({ company_id: GIANT, limit_by: 30 });
    expect(body.amount).toBe(-30);
    expect(await api.balance()).toBe(before - 30);
    const [lead] = body.leads;
    for (const field of [
      "first_name",
      "middle_name",
      "last_name",
      "full_name",
      "unformatted_full_name",
      "headline",
      "summary",
      "network_url",
      "sales_id",
      "job_title",
      "company_name",
      "company_description",
      "company_headcount_range",
      "company_industry",
      "job_location",
    ]) {
      expect(typeof (lead as unknown as Record<string, unknown>)[field], field).toBe("string");
    }
    expect(lead!.network_lead_persona).toBe("");
    for (const l of body.leads) {
      expect(Array.isArray(l.jobs) && Array.isArray(l.educations) && Array.isArray(l.languages)).toBe(true);
      expect(Array.isArray(l.certifications) && Array.isArray(l.skills)).toBe(true);
      for (const e of l.educations) expect(Number.isInteger(e.started_on.year)).toBe(true);
    }
  });
});
