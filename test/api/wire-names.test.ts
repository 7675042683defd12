/**
 * Issue 19.1 (PRODUCTION.md A14): the network's name (and the company database's) is a setting
 * applied only at the client's wire boundary. Paths and every key that carries the word go out in
 * production's names and come back in the spec's, nested objects and arrays included; a path the
 * API does not serve is a configuration error naming the base URL and the name, charging nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type SandboxControl, sandboxControl } from "../../sandbox/api/control";
import { type SandboxThread, startSandboxThread } from "../../sandbox/api/thread";
import { createClient } from "../../src/api/client";
import { PATHS } from "../../src/api/wire";
import { SPEC_WIRE_NAMES, type WireNames, wireTranslation } from "../../src/api/wire-names";
import { FakeClock, fakeHttp, json, payloadOf } from "./support/fakes";
import { sandboxClient } from "./support/sandbox-client";

const NAMES: WireNames = { network: "acme", companyDb: "acmedb" };
const far = () => Date.now() + 600_000;

describe("the translation (wire-names.ts)", () => {
  const wire = wireTranslation(NAMES);

  it("maps the spec's paths and leaves the others", () => {
    expect(wire.path(PATHS.leadLookup)).toBe("/api/acme/leads/by_link/");
    expect(wire.path(PATHS.companySearch)).toBe("/api/acme/companies/by_icp/");
    expect(wire.path(PATHS.transactions)).toBe("/api/auth/transactions/");
  });

  it("maps every key that carries the word, both ways, at any depth; values stay", () => {
    const spec = {
      network_id: "1",
      network_url: "https://www.network.example/in/x",
      network_sales_link: "s",
      network_company_id: "2",
      network_lead_persona: "p",
      posted_on_network: true,
      network_filter_link: "f",
      company_db_urn: "urn",
      jobs: [{ company_id: "3", network_link: "l", nested: [{ network_urn: "u" }] }],
      full_name: "network_id stays a value",
    };
    const out = wire.toWire(spec) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual([
      "acme_id",
      "acme_url",
      "acme_sales_link",
      "acme_company_id",
      "acme_lead_persona",
      "posted_on_acme",
      "acme_filter_link",
      "acmedb_urn",
      "jobs",
      "full_name",
    ]);
    expect(out.jobs).toEqual([{ company_id: "3", acme_link: "l", nested: [{ acme_urn: "u" }] }]);
    expect(out.full_name).toBe("network_id stays a value");
    expect(wire.fromWire(out)).toEqual(spec);
  });

  it("is the identity under the spec's own names, and refuses a name that is not one word", () => {
    const spec = wireTranslation(SPEC_WIRE_NAMES);
    const value = { network_id: "1", company_db_urn: "u" };
    expect(spec.toWire(value)).toBe(value);
    expect(spec.path(PATHS.leadLookup)).toBe(PATHS.leadLookup);
    expect(() => wireTranslation({ network: "Acme Net", companyDb: "db" })).toThrow(/one lower-case word/);
    expect(() => wireTranslation({ network: "acme", companyDb: "acme" })).toThrow(/must differ/);
  });
});

describe("the client on the wire", () => {
  it("sends production's paths and keys, and reads answers back into the spec's", () => {
    const clock = new FakeClock();
    const http = fakeHttp(clock, (request) =>
      request.url.endsWith("/api/acme/leads/by_link/")
        ? json(200, { lead: { full_name: "Jane", acme_id: "7", jobs: [{ acme_link: "l" }] }, amount: -1 })
        : json(200, { leads: [{ acme_lead_persona: "P", acme_company_id: "9" }], amount: -1 }),
    );
    const client = createClient({
      baseUrl: "https://api.example",
      apiKey: "k",
      http,
      clock,
      wireNames: NAMES,
    });
    const looked = client.lookupLeads([{ url: "https://www.network.example/in/jane" }], { deadline: far() });
    expect(looked.outcomes[0]).toMatchObject({
      ok: true,
      value: { lead: { network_id: "7", jobs: [{ network_link: "l" }] } },
    });
    expect(JSON.stringify(looked.outcomes[0])).not.toContain("acme");
    const searched = client.searchLeads(
      [
        {
          network_filter_link: "https://www.network.example/search/results/people/?keywords=x",
          posted_on_network: true,
        },
      ],
      { deadline: far() },
    );
    expect(searched.outcomes[0]).toMatchObject({
      ok: true,
      value: { leads: [{ network_lead_persona: "P", network_company_id: "9" }] },
    });
    const sent = http.calls.flat();
    expect(sent.map((r) => r.url)).toEqual([
      "https://api.example/api/acme/leads/by_link/",
      "https://api.example/api/acme/leads/by_icp/",
    ]);
    expect(Object.keys(payloadOf(sent[1]!))).toEqual(["acme_filter_link", "posted_on_acme"]);
  });
});

describe("against the sandbox serving under another word", () => {
  let sandbox: SandboxThread;
  let control: SandboxControl;
  beforeAll(async () => {
    sandbox = await startSandboxThread({
      latencyMs: 0,
      seed: 7,
      networkName: "acme",
      companyDbName: "acmedb",
    });
    control = sandboxControl(sandbox.url);
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  beforeEach(async () => {
    await control.reset();
  });

  it("every endpoint works, and the records carry the spec's names", async () => {
    const client = sandboxClient(sandbox.url, { wireNames: NAMES });
    const urls = await control.sampleUrls(2);
    const looked = client.lookupLeads(
      urls.map((url) => ({ url })),
      { deadline: far() },
    );
    expect(looked.outcomes.every((o) => o?.ok)).toBe(true);
    const lead = looked.outcomes[0]?.ok ? looked.outcomes[0].value.lead : null;
    expect(lead?.network_id).toMatch(/^\d+$/);
    expect(lead?.network_url).toContain("/in/");
    expect(JSON.stringify(lead)).not.toContain("acme_");

    const companies = client.searchCompanies([{ limit_by: 2 }], { deadline: far() });
    const company = companies.outcomes[0]?.ok ? companies.outcomes[0].value.companies[0] : null;
    expect(company?.company_db_urn).toBeTruthy();
    expect(company?.network_sales_link).toBeTruthy();

    const leads = client.searchLeads(
      [{ company_name: company?.name ?? "", limit_by: 2, posted_on_network: false }],
      { deadline: far() },
    );
    expect(leads.outcomes[0]?.ok).toBe(true);
    const firstLead = leads.outcomes[0]?.ok ? leads.outcomes[0].value.leads[0] : undefined;
    if (firstLead) expect(firstLead.network_company_id).toBeTruthy();

    expect(client.listTransactions({ limit: "5" }).ok).toBe(true);
    const charged = (await control.stats()).ledger.length;
    expect(charged).toBeGreaterThan(0);
  });

  it("names mismatched: the first request is a configuration error naming the base URL and name, nothing charged", async () => {
    // The add-on built with the spec's word, the API serving another.
    const client = sandboxClient(sandbox.url, { chunkSize: 5 });
    const urls = await control.sampleUrls(30);
    const looked = client.lookupLeads(
      urls.map((url) => ({ url })),
      { deadline: far() },
    );
    const error = looked.stoppedBy;
    expect(error?.kind).toBe("configuration");
    expect(error?.message).toContain(sandbox.url);
    expect(error?.message).toContain('network name "network"');
    expect(error?.message).not.toMatch(/no profile/i);
    // Stopped at the first fetchAll (5 requests): the rest of the batch was never sent.
    expect(looked.outcomes.filter((o) => o !== null)).toHaveLength(5);
    expect((await control.stats()).requests).toEqual({});
    expect((await control.stats()).ledger).toEqual([]);

    const searches = [
      client.searchCompanies(
        Array.from({ length: 8 }, (_, i) => ({ limit_by: 2, offset_by: 2 * i })),
        { deadline: far() },
      ),
      client.searchLeads(
        Array.from({ length: 8 }, (_, i) => ({ company_name: `x${i}`, limit_by: 2 })),
        { deadline: far() },
      ),
    ];
    for (const search of searches) {
      expect(search.stoppedBy?.kind).toBe("configuration");
      expect(search.outcomes.filter((o) => o !== null)).toHaveLength(5);
    }
    // The transaction list's path carries no name: it is served whatever the word.
    expect(client.listTransactions({ limit: "1" }).ok).toBe(true);
    expect((await control.stats()).ledger).toEqual([]);
  });

  it("a field still in the spec's word is refused by the API (so the client can never send one)", async () => {
    const response = await fetch(`${sandbox.url}/api/acme/leads/by_icp/`, {
      method: "POST",
      headers: { Authorization: "Token sandbox-demo-key", "Content-Type": "application/json" },
      body: JSON.stringify({ network_filter_link: "https://x.example/?a=b" }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("unknown field network_filter_link");
    const neutral = await fetch(`${sandbox.url}/api/network/leads/by_link/`, { method: "POST" });
    expect(neutral.status).toBe(404);
  });
});
