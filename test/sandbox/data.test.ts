/** The synthetic data set: size, determinism, the variety the add-on must survive, and the lists. */
import { describe, expect, it } from "vitest";
import { recordOf } from "../../sandbox/api/companies.ts";
import industries from "../../sandbox/api/data/supported-industries.json" with { type: "json" };
import locations from "../../sandbox/api/data/supported-locations.json" with { type: "json" };
import { Dataset } from "../../sandbox/api/dataset.ts";
import { buildLead } from "../../sandbox/api/lead-record.ts";
import { BAD_WEBSITE_HOSTS } from "../../sandbox/api/vocabulary.ts";
import type { Lead } from "../../src/api/wire.ts";
import { PATHS, useSandbox } from "./support.ts";

const api = useSandbox();
const HOSTILE = /^[=+\-@]|<script|<img|<b>|<\/div>/;

describe("data set", () => {
  it("has at least 20,000 companies and 100,000 reachable leads", async () => {
    const info = await api.control.info();
    expect(info.companies).toBeGreaterThanOrEqual(20_000);
    expect(info.leads).toBeGreaterThanOrEqual(100_000);
    const [url] = await api.control.sampleUrls(1, info.leads - 1);
    expect((await api.post(PATHS.lookup, { url })).status).toBe(200);
  });

  it("is deterministic for a seed and different for another", () => {
    const one = new Dataset(1, 300);
    const again = new Dataset(1, 300);
    const other = new Dataset(2, 300);
    const lead = (d: Dataset) => buildLead(d.seed, d.companies, d.lead(123), { variant: "lookup" });
    expect(lead(again)).toEqual(lead(one));
    expect(lead(other)).not.toEqual(lead(one));
    const record = (d: Dataset) => recordOf(d.seed, d.companies.companies[77]!);
    expect(record(again)).toEqual(record(one));
  });

  it("has the variety the add-on must survive", () => {
    const data = api.sandbox.data;
    const companies = data.companies.companies.map((c) => recordOf(data.seed, c));
    const share = (test: (value: (typeof companies)[number]) => boolean) => companies.filter(test).length;
    expect(share((c) => c.headcount_exact === 0)).toBeGreaterThan(100);
    expect(share((c) => c.website === "")).toBeGreaterThan(50);
    expect(share((c) => BAD_WEBSITE_HOSTS.some((h) => c.website.includes(h)))).toBeGreaterThan(100);
    expect(share((c) => c.description.includes("\n"))).toBeGreaterThan(10_000);
    expect(share((c) => c.specialities.length === 0 && c.hashtags.length === 0)).toBeGreaterThan(100);
    expect(share((c) => /[^\u0020-\u024f]/.test(c.name))).toBeGreaterThan(100);
    expect(
      share((c) => HOSTILE.test(c.name) || HOSTILE.test(c.tagline) || HOSTILE.test(c.description)),
    ).toBeGreaterThan(100);
    expect(
      share((c) => c.hq_city === null || c.phone_number === null || c.founded_year === null),
    ).toBeGreaterThan(1000);
    const leads: Lead[] = [];
    for (let i = 0; i < 5000; i++)
      leads.push(buildLead(data.seed, data.companies, data.lead(i * 29), { variant: "search" }));
    const leadShare = (test: (lead: Lead) => boolean) => leads.filter(test).length;
    expect(leadShare((l) => /[^\u0020-\u024f]/.test(l.full_name))).toBeGreaterThan(50);
    expect(
      leadShare((l) => HOSTILE.test(l.job_title) || HOSTILE.test(l.headline) || HOSTILE.test(l.summary)),
    ).toBeGreaterThan(20);
    expect(leadShare((l) => l.summary.includes("\n"))).toBeGreaterThan(500);
    expect(leadShare((l) => l.middle_name === "")).toBeGreaterThan(1000);
    expect(leadShare((l) => l.languages.length === 0 && l.certifications.length === 0)).toBeGreaterThan(100);
    expect(leadShare((l) => l.profile_photo === null || l.job_started_on === null)).toBeGreaterThan(100);
    expect(leadShare((l) => l.company_id === null)).toBeGreaterThan(50);
  });

  it("states headcount ranges that disagree with the exact count for some companies", () => {
    const ranges: Record<string, [number, number]> = {
      "1-10": [1, 10],
      "11-50": [11, 50],
      "51-200": [51, 200],
      "201-500": [201, 500],
      "501-1000": [501, 1000],
      "1001-5000": [1001, 5000],
      "5001-10000": [5001, 10000],
      "10 000+": [10001, Number.POSITIVE_INFINITY],
    };
    const disagreeing = api.sandbox.data.companies.companies.filter((company) => {
      const record = recordOf(api.sandbox.data.seed, company);
      const range = ranges[record.headcount_range];
      return (
        record.headcount_exact > 0 &&
        (range === undefined || record.headcount_exact < range[0] || record.headcount_exact > range[1])
      );
    });
    expect(disagreeing.length).toBeGreaterThan(500);
  });

  it("keeps a bad-website list of 23 entries and the supported lists as data", async () => {
    expect(BAD_WEBSITE_HOSTS).toHaveLength(23);
    expect(new Set(BAD_WEBSITE_HOSTS).size).toBe(23);
    expect(locations.filter((l) => !l.includes(",")).length).toBeGreaterThan(20);
    expect(locations.filter((l) => l.split(", ").length === 3).length).toBeGreaterThan(40);
    expect(industries.every((i) => typeof i.industry_name === "string")).toBe(true);
    const lists = await api.control.lists();
    expect(lists.locations).toEqual(locations);
    expect(lists.industries).toEqual(industries);
  });

  it("serves the network's full public industry taxonomy (V2: 434 names) and accepts every one of them", async () => {
    const names = industries.map((i) => i.industry_name);
    expect(names).toHaveLength(434);
    expect(new Set(names).size).toBe(434);
    for (const name of [
      "Abrasives and Nonmetallic Minerals Manufacturing",
      "Wind Electric Power Generation",
      "Zoos and Botanical Gardens",
      "IT System Custom Software Development",
    ]) {
      expect(names).toContain(name);
    }
    for (const industry of ["Wind Electric Power Generation", "Think Tanks"]) {
      const companies = await api.post(PATHS.companies, { industries: [industry], limit_by: 2 });
      expect(companies.status, industry).toBe(200);
      const leads = await api.post(PATHS.leads, {
        without_company: true,
        lead_industries: [industry],
        limit_by: 2,
      });
      expect(leads.status, industry).toBe(200);
    }
    expect((await api.post(PATHS.companies, { industries: ["Management Consulting"] })).status).toBe(400);
    // Every industry the synthetic data uses is in the taxonomy.
    const used = new Set(api.sandbox.data.companies.companies.map((c) => c.industry));
    expect(used.size).toBe(66);
    for (const industry of used) expect(names).toContain(industry);
  });
});
