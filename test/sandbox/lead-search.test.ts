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
      [["three positions", ["sales"], []]],
      [["six", ["sales"], [], [], 0, 1]],
      [["", ["sales"], [], []]],
      [["not a list", "sales", [], []]],
      [["no words", ["--"], [], []]],
      [["priority", ["sales"], [], [], "high"]],
      [["priority", ["sales"], [], [], 1.5]],
      "sales",
    ]) {
      const answer = await search({ without_company: true, personas });
      expect(answer.status, JSON.stringify(personas)).toBe(400);
      expect(String((answer.body as unknown as { detail: string }).detail)).toMatch(/Hint: .*persona/);
    }
    expect((await api.control.stats()).creditsCharged).toBe(0);
  });
});

describe("lead search: personas as production documents them (PRODUCTION.md A5)", () => {
  const leadsOf = async (personas: unknown[], limit_by = 300) => {
    const { status, body } = await search({ without_company: true, limit_by, personas });
    expect(status, JSON.stringify(personas)).toBe(200);
    return body.leads;
  };

  it("takes free-text functions and seniorities: abbreviations (CTO, IT, DIR), accents, stop-words", async () => {
    const cto = await leadsOf([["Tech", [], ["CTO"], []]]);
    expect(cto.length).toBeGreaterThan(0);
    for (const lead of cto) expect(lead.job_title).toMatch(/Chief .*Technology Officer/);
    const it = await leadsOf([["IT", ["IT"], ["dir"], []]]);
    expect(it.length).toBeGreaterThan(0);
    for (const lead of it)
      expect(lead.job_title).toMatch(/Information Technology.*Director|Director of Information Technology/);
    const accents = await leadsOf([["Accents", ["Márketing"], ["HEAD"], []]]);
    expect(accents.length).toBeGreaterThan(0);
    for (const lead of accents) expect(lead.job_title).toMatch(/Head of Marketing/);
    const stop = await leadsOf([["Stop-words", ["director of sales"], [], []]]);
    expect(stop.length).toBeGreaterThan(0);
    for (const lead of stop) expect(lead.job_title).toMatch(/Director of Sales|Sales Director/);
  });

  it("matches a keyword when every word of it is in the title", async () => {
    const words = await leadsOf([["Two words", ["customer success"], ["senior"], []]]);
    expect(words.length).toBeGreaterThan(0);
    // SVP reads as senior vice president, so it has the word senior too.
    for (const lead of words) expect(lead.job_title).toMatch(/(Senior|SVP) .*Customer Success/);
    expect(
      await search({ without_company: true, personas: [["Digital", ["digital marketing"], [], []]] }),
    ).toMatchObject({ status: 200 });
  });

  it("chief, c-lvl and cxo match Chief ... Officer; manager+ expands to Manager, Director, Head, VP family, Chief", async () => {
    for (const word of ["chief", "c-lvl", "cxo"]) {
      const chiefs = await leadsOf([["C", ["finance"], [word], []]], 50);
      expect(chiefs.length, word).toBeGreaterThan(0);
      for (const lead of chiefs) expect(lead.job_title).toMatch(/^\W*Chief Finance Officer/);
    }
    const plus = await leadsOf([["Managers and up", ["sales"], ["manager+"], []]], 1000);
    const levels = new Set(
      plus.map((l) => {
        const t = l.job_title;
        if (/Chief .*Officer/.test(t)) return "chief";
        if (/\b(VP|SVP|EVP|GVP|Vice President)\b/.test(t)) return "vp";
        if (/Director/.test(t)) return "director";
        if (/Head/.test(t)) return "head";
        if (/Manager/.test(t)) return "manager";
        return `other: ${t}`;
      }),
    );
    expect(levels).toEqual(new Set(["chief", "vp", "director", "head", "manager"]));
  });

  it("[] skips the function or the seniority check", async () => {
    const anyFunction = await leadsOf([["Heads", [], ["head"], []]]);
    expect(new Set(anyFunction.map((l) => l.job_title.replace(/^.*Head of /, ""))).size).toBeGreaterThan(5);
    for (const lead of anyFunction) expect(lead.job_title).toMatch(/Head of/);
    const anyone = await leadsOf([["Anyone", [], [], []]], 200);
    expect(anyone).toHaveLength(200);
  });

  it("priority (5th position, lower first) decides which matches a limit_by keeps", async () => {
    const heads = ["Heads", ["sales"], ["head"], []];
    const interns = ["Interns", ["sales"], ["intern"], []];
    const first = await leadsOf(
      [
        [...interns, 1],
        [...heads, 0],
      ],
      40,
    );
    expect(first.every((l) => l.network_lead_persona === "Heads")).toBe(true);
    const second = await leadsOf(
      [
        [...interns, 0],
        [...heads, 1],
      ],
      40,
    );
    expect(second.every((l) => l.network_lead_persona === "Interns")).toBe(true);
    const unordered = await leadsOf([interns, heads], 400);
    expect(new Set(unordered.map((l) => l.network_lead_persona))).toEqual(new Set(["Heads", "Interns"]));
  });
});

describe("lead search: as production answers (PRODUCTION.md A6, A7)", () => {
  it("answers no match with {amount: -1, leads: [], status: No leads match with input criteria}, free", async () => {
    const before = await api.balance();
    const none = await search({ without_company: true, personas: [["None", ["alchemy"], [], []]] });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ amount: -1, leads: [], status: "No leads match with input criteria" });
    expect(await api.balance()).toBe(before);
    await api.control.configure({ leadNoMatch: "empty_success" });
    const spec = await search({ without_company: true, personas: [["None", ["alchemy"], [], []]] });
    expect(spec.body).toMatchObject({ amount: 0, leads: [], status: "success" });
  });

  it("charges the no-match answer 1 credit under the leadNoMatchCharge control (A6: the ledger decides)", async () => {
    await api.control.configure({ leadNoMatchCharge: "charged" });
    const before = await api.balance();
    const none = await search({ without_company: true, personas: [["None", ["alchemy"], [], []]] });
    expect(none.body).toEqual({ amount: -1, leads: [], status: "No leads match with input criteria" });
    expect(await api.balance()).toBe(before - 1);
    const ledger = (await api.control.stats()).ledger.filter((row) => row.path === PATHS.leads);
    expect(ledger.map((row) => row.amount)).toEqual([1]);
  });

  it("offset_by pages past the first limit_by leads; exclude_ids skips leads by sales id", async () => {
    const whole = (await search({ company_id: GIANT, limit_by: 10 })).body.leads;
    const page = (await search({ company_id: GIANT, limit_by: 5, offset_by: 5 })).body.leads;
    expect(page.map((l) => l.sales_id)).toEqual(whole.slice(5).map((l) => l.sales_id));
    const skipped = await search({
      company_id: GIANT,
      limit_by: 5,
      exclude_ids: whole.slice(0, 3).map((l) => l.sales_id),
    });
    expect(skipped.body.leads.map((l) => l.sales_id)).toEqual(whole.slice(3, 8).map((l) => l.sales_id));
    expect(skipped.body.amount).toBe(-5);
    for (const body of [
      { offset_by: -1 },
      { offset_by: 1.5 },
      { exclude_ids: "ACwAA" },
      { exclude_ids: [12] },
    ]) {
      expect((await search({ company_id: GIANT, limit_by: 5, ...body })).status, JSON.stringify(body)).toBe(
        400,
      );
    }
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
