/**
 * The current generation's bulk lead enrichment (PRODUCTION.md A19): submit answers 202 at once,
 * the job progresses with the clock (each lead its own latency, a limited number of workers),
 * found leads are charged as they complete and not-found ones never, jobs expire after 24 h, a
 * plan not entitled gets 403, and the network's name stands in the fields.
 */
import { describe, expect, it } from "vitest";
import { startSandbox } from "../../sandbox/api/server.ts";
import { DEMO_KEY, EMPTY_KEY, useSandbox } from "./support.ts";

const REALTIME = "/api/v1/enrich/realtime/leads/bulk/";
const DATABASE = "/api/v1/enrich/database/leads/bulk/";
const status = (id: string) => `/api/v1/enrich/leads/bulk/${id}/`;
const NOBODY = "https://www.network.example/in/nobody-at-all-zzzz";

let clock = Date.UTC(2026, 10, 2, 9);
const LEAD_MS = 1_000;
const api = useSandbox({
  now: () => clock,
  latencyMs: { "/api/network/leads/by_link/": LEAD_MS },
  bulkWorkers: 2,
});

interface Meta {
  job_id: string;
  status: string;
  total: number;
  processed: number;
  found?: number;
  not_found?: number;
  amount_charged: number;
  error: null | string;
}
type Item = { input: Record<string, string>; lead: Record<string, unknown> | null };
type Envelope = { data: Item[] | null; meta: Meta };

describe("bulk lead enrichment", () => {
  it("answers 202 pending at once, progresses with the clock, charges found leads as they complete", async () => {
    const urls = await api.control.sampleUrls(3, 100);
    const leads = [{ network_url: urls[0]! }, { network_url: NOBODY }, { network_url: urls[1]! }];
    const submitted = await api.post<Envelope>(REALTIME, { leads });
    expect(submitted.status).toBe(202);
    expect(submitted.body.data).toBeNull();
    expect(submitted.body.meta).toMatchObject({
      status: "pending",
      total: 3,
      processed: 0,
      amount_charged: 0,
    });
    const id = submitted.body.meta.job_id;
    expect(api.sandbox.stats().ledger).toHaveLength(0);

    // Two workers, 1 s a lead: the first two are done after 1 s, the third after 2 s.
    clock += LEAD_MS;
    const half = await api.get<Envelope>(status(id));
    expect(half.body.meta).toMatchObject({ status: "processing", processed: 2, total: 3 });
    expect(half.body.data).toBeNull();
    expect(api.sandbox.stats().ledger.map((c) => c.url)).toEqual([urls[0]]);

    clock += LEAD_MS;
    const done = await api.get<Envelope>(status(id));
    expect(done.body.meta).toMatchObject({ status: "completed", processed: 3, found: 2, not_found: 1 });
    expect(done.body.meta.amount_charged).toBeCloseTo(0.08);
    const items = done.body.data!;
    expect(items.map((item) => item.input)).toEqual(leads);
    expect(items[1]!.lead).toBeNull();
    expect(items[0]!.lead).toMatchObject({ network_url: urls[0], source: "lead_by_link" });
    for (const field of ["id", "job_title", "company_name", "headline", "location"])
      expect(field in items[0]!.lead!).toBe(true);
    // Reading the job again charges nothing more.
    await api.get<Envelope>(status(id));
    expect(api.sandbox.stats().ledger.map((c) => [c.url, c.amount])).toEqual([
      [urls[0], 1],
      [urls[1], 1],
    ]);
  });

  it("charges the database jobs in the same unit and USD half as much", async () => {
    const urls = await api.control.sampleUrls(2, 300);
    const before = await api.balance();
    const { body } = await api.post<Envelope>(DATABASE, {
      leads: urls.map((network_url) => ({ network_url })),
    });
    clock += 2 * LEAD_MS;
    const done = await api.get<Envelope>(status(body.meta.job_id));
    expect(done.body.meta.amount_charged).toBeCloseTo(0.04);
    expect(await api.balance()).toBe(before - 2);
    const me = await api.get<{ data: { credits: { balance: number } } }>("/api/v1/accounts/me/");
    expect(me.body.data.credits.balance).toBe(before - 2);
  });

  it("refuses, free, a missing list, more than 50 leads and an item without exactly one identifier", async () => {
    const refusals = [
      {},
      { leads: [] },
      { leads: Array.from({ length: 51 }, (_, i) => ({ network_url: `${NOBODY}${i}` })) },
      { leads: [{ network_url: NOBODY, email: "a@b.example" }] },
      { leads: [{}] },
    ];
    for (const body of refusals) {
      const answer = await api.post<{ status: string; status_code: number; detail: unknown }>(REALTIME, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body).toMatchObject({ status: "error", status_code: 400 });
      expect(typeof answer.body.detail).toBe("object");
    }
    expect(api.sandbox.stats().ledger).toHaveLength(0);
  });

  it("answers 404 Job not found for an unknown job, another key's, and one older than 24 h", async () => {
    expect((await api.get(status("no-such-job"))).body).toMatchObject({ detail: "Job not found" });
    const urls = await api.control.sampleUrls(1, 50);
    const { body } = await api.post<Envelope>(REALTIME, { leads: [{ network_url: urls[0]! }] });
    await api.control.setCredits("other-key", 100);
    expect((await api.get(status(body.meta.job_id), { key: "other-key" })).status).toBe(404);
    clock += 24 * 3_600_000 - 1;
    expect((await api.get(status(body.meta.job_id))).status).toBe(200);
    clock += 2;
    const gone = await api.get(status(body.meta.job_id));
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ detail: "Job not found" });
  });

  it("answers 403 to a plan not entitled, 400 insufficient funds to an empty account, 429 under a fault", async () => {
    const urls = await api.control.sampleUrls(1, 70);
    const leads = [{ network_url: urls[0]! }];
    expect((await api.post(REALTIME, { leads }, { key: EMPTY_KEY })).body).toMatchObject({
      status_code: 400,
      detail: "Insufficient funds in the account.",
    });
    await api.control.configure({ faults: [{ path: REALTIME, kind: "throttle", count: 1 }] });
    expect((await api.post(REALTIME, { leads })).status).toBe(429);
    await api.control.configure({ bulkEntitled: false });
    const refused = await api.post(REALTIME, { leads });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ status: "error", status_code: 403 });
    expect((await api.get(status("any"))).status).toBe(403);
    expect(api.sandbox.stats().ledger).toHaveLength(0);
  });

  it("answers the migration guide's lead shape under its control", async () => {
    await api.control.configure({ bulkLeadShape: "migration" });
    const urls = await api.control.sampleUrls(1, 90);
    const { body } = await api.post<Envelope>(REALTIME, { leads: [{ network_url: urls[0]! }] });
    clock += LEAD_MS;
    const lead = (await api.get<Envelope>(status(body.meta.job_id))).body.data![0]!.lead!;
    expect(lead).toMatchObject({ network_url: urls[0] });
    expect(typeof lead.title).toBe("string");
    expect(lead.company).toMatchObject({ name: expect.any(String) });
    expect("headline" in lead || "location" in lead).toBe(false);
  });
});

describe("bulk lead enrichment under the network's name", () => {
  it("reads and answers <name>_url, and refuses the spec's neutral field", async () => {
    const sandbox = await startSandbox({ networkName: "linkedin", companyCount: 500 });
    try {
      const [url] = (await (await fetch(`${sandbox.url}/__sandbox/sample-urls?count=1`)).json())
        .urls as string[];
      const headers = { Authorization: `Token ${DEMO_KEY}`, "Content-Type": "application/json" };
      const submit = await fetch(`${sandbox.url}${REALTIME}`, {
        method: "POST",
        headers,
        body: JSON.stringify({ leads: [{ linkedin_url: url }] }),
      });
      expect(submit.status).toBe(202);
      const { meta } = (await submit.json()) as Envelope;
      const done = (await (
        await fetch(`${sandbox.url}${status(meta.job_id)}`, { headers })
      ).json()) as Envelope;
      expect(done.data![0]!.input).toEqual({ linkedin_url: url });
      expect(done.data![0]!.lead).toMatchObject({ linkedin_url: url });
      expect("network_url" in done.data![0]!.lead!).toBe(false);
      const neutral = await fetch(`${sandbox.url}${REALTIME}`, {
        method: "POST",
        headers,
        body: JSON.stringify({ leads: [{ network_url: url }] }),
      });
      expect(neutral.status).toBe(400);
    } finally {
      await sandbox.close();
    }
  });
});
