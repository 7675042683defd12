import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ledgerCredits, type SandboxControl, sandboxControl } from "../../sandbox/api/control";
import { type SandboxThread, startSandboxThread } from "../../sandbox/api/thread";
import { fetchAllSync } from "../../sandbox/sync-http";
import { pendingIndices } from "../../src/api/batch";
import { REFINE_ANSWER_COST } from "../../src/api/cost";
import { companyPageRequests } from "../../src/api/pagination";
import { isRefineAnswer } from "../../src/api/responses";
import type { LeadLookupRequest } from "../../src/api/wire";
import { PATHS } from "../../src/api/wire";
import { DEMO_KEY, EMPTY_KEY, sandboxClient, skippingClock } from "./support/sandbox-client";

let sandbox: SandboxThread;
let control: SandboxControl;
const far = () => Date.now() + 600_000;

beforeAll(async () => {
  sandbox = await startSandboxThread({ latencyMs: 0, seed: 7 });
  control = sandboxControl(sandbox.url);
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(async () => {
  await control.reset();
  await control.configure({ latencyMs: 0, lookupErrorRate: 0, faults: [], refineSearch: false });
});

async function lookups(count: number, offset = 0): Promise<LeadLookupRequest[]> {
  return (await control.sampleUrls(count, offset)).map((url) => ({ url }));
}

async function charged(): Promise<number> {
  return ledgerCredits(control);
}

describe("every endpoint against the sandbox", () => {
  it("looks leads up in input order and counts what it spent", async () => {
    const requests = await lookups(40);
    const result = sandboxClient(sandbox.url).lookupLeads(requests, { deadline: far() });
    expect(result.stoppedBy).toBeNull();
    expect(result.outcomes.map((o) => o?.ok && o.value.lead.input_url)).toEqual(requests.map((r) => r.url));
    expect(result.spent).toBe(40);
    expect(await charged()).toBe(40);
  });

  it("charges paid options and reports not found as free", async () => {
    const [first] = await lookups(1);
    const missing = "https://www.network.example/in/nobody-here-at-all-42";
    const result = sandboxClient(sandbox.url).lookupLeads(
      [{ url: first?.url ?? "", posts: true, comments: true }, { url: missing }],
      { deadline: far() },
    );
    expect(result.outcomes[0]?.ok).toBe(true);
    expect(result.outcomes[1]).toMatchObject({ ok: false, error: { kind: "not_found", charged: "no" } });
    expect(result.spent).toBe(3);
    expect(await charged()).toBe(3);
  });

  it("searches companies page by page without duplicates", async () => {
    const pages = companyPageRequests({ headcounts: ["11-50", "51-200"] }, 30, 10);
    const result = sandboxClient(sandbox.url).searchCompanies(pages, { deadline: far() });
    const companies = result.outcomes.flatMap((o) => (o?.ok ? o.value.companies : []));
    expect(result.outcomes.every((o) => o?.ok)).toBe(true);
    expect(new Set(companies.map((c) => c.network_id)).size).toBe(companies.length);
    expect(companies.length).toBeGreaterThan(0);
    expect(result.spent).toBe(companies.length);
    expect(await charged()).toBe(result.spent);
  });

  it("answers a too-broad search with the refine message for 3 credits", async () => {
    await control.configure({ refineSearch: true });
    const result = sandboxClient(sandbox.url).searchCompanies([{}], { deadline: far() });
    const answer = result.outcomes[0]?.ok ? result.outcomes[0].value : null;
    expect(answer && isRefineAnswer(answer)).toBe(true);
    expect(answer?.results_count).toBeGreaterThan(1600);
    expect(result.spent).toBe(REFINE_ANSWER_COST);
    expect(await charged()).toBe(REFINE_ANSWER_COST);
  });

  it("searches leads, and refuses a bad request before sending", async () => {
    const client = sandboxClient(sandbox.url);
    const result = client.searchLeads(
      [
        { without_company: true, personas: [["Sales", ["sales"], [], []]], limit_by: 5 },
        { company_name: "Acme", without_company: true },
      ],
      { deadline: far() },
    );
    expect(result.outcomes[0]?.ok).toBe(true);
    const leads = result.outcomes[0]?.ok ? result.outcomes[0].value.leads : [];
    expect(leads.length).toBeLessThanOrEqual(5);
    expect(result.outcomes[1]).toMatchObject({ ok: false, error: { kind: "validation", charged: "no" } });
    expect((await control.stats()).requests[PATHS.leadSearch]).toBe(1);
  });

  it("passes the server's ValidationError through verbatim", async () => {
    const result = sandboxClient(sandbox.url).searchCompanies([{ locations: ["Atlantis, Nowhere"] }], {
      deadline: far(),
    });
    const error = result.outcomes[0]?.ok === false ? result.outcomes[0].error : null;
    expect(error).toMatchObject({ kind: "validation", status: 400, charged: "no" });
    expect(error?.hint).toMatch(/location/i);
  });

  it("lists every transaction (first page, then the rest) and reads the balance", async () => {
    const client = sandboxClient(sandbox.url);
    client.lookupLeads(await lookups(12), { deadline: far() });
    const all = client.listAllTransactions({ limit: "5" }, { deadline: far() });
    expect(all.complete).toBe(true);
    expect(all.results.length).toBe(all.count);
    expect(all.count).toBeGreaterThanOrEqual(12);
    expect(new Set(all.results.map((t) => t.id)).size).toBe(all.results.length);
    expect(client.account()).toMatchObject({ ok: true, value: { balance: 10_000 - 12, reserved: 0 } });
  });
});

describe("errors against the sandbox", () => {
  it("stops on an unknown key (auth) without sending the rest", async () => {
    const result = sandboxClient(sandbox.url, { apiKey: "Token not-a-key", chunkSize: 5 }).lookupLeads(
      await lookups(20),
      { deadline: far() },
    );
    expect(result.stoppedBy?.kind).toBe("auth");
    expect(result.outcomes.slice(5).every((o) => o === null)).toBe(true);
    expect(sandboxClient(sandbox.url, { apiKey: "nope" }).account()).toMatchObject({
      ok: false,
      error: { kind: "auth" },
    });
  });

  it("stops when credits run out, and spends no more than the balance", async () => {
    const empty = sandboxClient(sandbox.url, { apiKey: EMPTY_KEY }).lookupLeads(await lookups(3), {
      deadline: far(),
    });
    expect(empty.stoppedBy?.kind).toBe("insufficient_funds");
    expect(empty.outcomes[0]).toMatchObject({
      ok: false,
      error: { kind: "insufficient_funds", charged: "no" },
    });
    // Reading the balance is free, so an empty account can still see it.
    const account = sandboxClient(sandbox.url, { apiKey: EMPTY_KEY }).account();
    expect(account.ok && account.value.balance).toBe(0);
    await control.setCredits(DEMO_KEY, 7);
    const result = sandboxClient(sandbox.url, { chunkSize: 5 }).lookupLeads(await lookups(30), {
      deadline: far(),
    });
    expect(result.stoppedBy?.kind).toBe("insufficient_funds");
    expect(result.spent).toBeLessThanOrEqual(7);
    expect(result.spent).toBe(await charged());
    expect(result.outcomes.filter((o) => o?.ok)).toHaveLength(result.spent);
  });

  it("retries 500 and 429 (backoff through the clock) and never pays twice", async () => {
    await control.configure({
      faults: [
        { path: PATHS.leadLookup, kind: "server_error", count: 6 },
        { path: PATHS.leadLookup, kind: "throttle", count: 4 },
      ],
    });
    const clock = skippingClock();
    const requests = await lookups(25);
    const result = sandboxClient(sandbox.url, { clock }).lookupLeads(requests, { deadline: far() });
    expect(result.outcomes.every((o) => o?.ok)).toBe(true);
    expect(result.spent).toBe(25);
    const stats = await control.stats();
    expect(stats.requests[PATHS.leadLookup]).toBe(25 + 10);
    expect(new Set(stats.ledger.map((e) => e.url)).size).toBe(25);
    // Backoff went through the clock: it waits until the first retry is due (1 s after its answer).
    expect(clock.slept.length).toBeGreaterThan(0);
    expect(Math.max(...clock.slept)).toBeLessThanOrEqual(8000);
  });

  it("reports a malformed body as maybe charged, without retrying it", async () => {
    await control.configure({ faults: [{ path: PATHS.leadLookup, kind: "malformed", count: 1 }] });
    const result = sandboxClient(sandbox.url).lookupLeads(await lookups(3), { deadline: far() });
    const errors = result.outcomes.filter((o) => o?.ok === false);
    expect(errors).toEqual([
      { ok: false, error: expect.objectContaining({ kind: "malformed", charged: "maybe" }) },
    ]);
    expect((await control.stats()).requests[PATHS.leadLookup]).toBe(3);
  });

  it("the sandbox throttles above 500 parallel lookups; the client never goes above", async () => {
    const urls = await control.sampleUrls(520);
    const request = (url: string) => ({
      url: `${sandbox.url}${PATHS.leadLookup}`,
      method: "post" as const,
      headers: { Authorization: `Token ${DEMO_KEY}` },
      contentType: "application/json",
      payload: JSON.stringify({ url }),
      muteHttpExceptions: true as const,
    });
    // A long latency keeps all 520 in flight together however slowly this machine sends them.
    await control.configure({ latencyMs: 1500 });
    const raw = fetchAllSync(urls.map(request));
    expect(raw.some((o) => o.kind === "response" && o.status === 429)).toBe(true);
    await control.reset();
    await control.configure({ latencyMs: 300 });
    const result = sandboxClient(sandbox.url).lookupLeads(
      urls.map((url) => ({ url })),
      { deadline: far() },
    );
    expect(result.outcomes.every((o) => o?.ok)).toBe(true);
    const stats = await control.stats();
    expect(stats.peakConcurrency[PATHS.leadLookup]).toBeLessThanOrEqual(500);
    expect(stats.throttled[PATHS.leadLookup] ?? 0).toBe(0);
  });

  it("cuts at the deadline: what is done is done, the rest is untouched and unpaid", async () => {
    await control.configure({ latencyMs: { [PATHS.leadLookup]: 200 } });
    const requests = await lookups(30);
    const result = sandboxClient(sandbox.url, {
      chunkSize: 5,
      clock: { now: Date.now, sleep: () => {} },
    }).lookupLeads(requests, { deadline: Date.now() + 500 });
    const done = result.outcomes.filter((o) => o !== null).length;
    expect(done).toBeGreaterThanOrEqual(5);
    expect(done).toBeLessThan(30);
    expect(done % 5).toBe(0);
    expect(pendingIndices(result)).toEqual(Array.from({ length: 30 - done }, (_, i) => done + i));
    const paid = new Set((await control.stats()).ledger.map((e) => e.url));
    expect(requests.slice(done).some((r) => paid.has(r.url))).toBe(false);
    expect(paid.size).toBe(done);
  });
});
