/**
 * The client's bulk enrichment of the current generation (PRODUCTION.md A19) against the sandbox:
 * submit and status through the endpoint table, the {data, meta} envelope, the error envelope
 * (403, 404 Job not found, 429, 5xx), the lead normalized from both of production's shapes, and the
 * network's name on the wire.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type SandboxControl, sandboxControl } from "../../sandbox/api/control";
import { type SandboxThread, startSandboxThread } from "../../sandbox/api/thread";
import type { BulkJobResult } from "../../src/api/bulk-enrich";
import type { Client } from "../../src/api/client";
import { PATHS } from "../../src/api/wire";
import { sandboxClient } from "./support/sandbox-client";

let sandbox: SandboxThread;
let control: SandboxControl;
const far = () => Date.now() + 600_000;
const NOBODY = "https://www.network.example/in/nobody-here-at-all-42";
const LEAD_MS = 50;

beforeAll(async () => {
  sandbox = await startSandboxThread({ seed: 7, latencyMs: { [PATHS.leadLookup]: LEAD_MS } });
  control = sandboxControl(sandbox.url);
});
afterAll(() => sandbox.close());
beforeEach(() => control.reset());

/** Polls until every job completed (bounded: the sandbox finishes them in about LEAD_MS). */
async function completed(client: Client, ids: string[]): Promise<BulkJobResult[]> {
  for (let round = 0; round < 100; round++) {
    const status = client.bulkEnrichStatus(ids, { deadline: far() });
    const results = status.outcomes.map((o) => (o?.ok ? o.value : null));
    if (results.every((r) => r?.status === "completed")) return results as BulkJobResult[];
    await new Promise((resolve) => setTimeout(resolve, LEAD_MS));
  }
  throw new Error("jobs did not complete");
}

async function ledger(): Promise<string[]> {
  return (await control.stats()).ledger.map((entry) => entry.url ?? "");
}

describe("bulk enrichment through the client", () => {
  it("submits jobs of up to 50, reads each lead in input order, charges only the leads found", async () => {
    const urls = await control.sampleUrls(52, 400);
    const jobs = [urls.slice(0, 50), [urls[50]!, NOBODY, urls[51]!]];
    const client = sandboxClient(sandbox.url);
    const submitted = client.submitBulkEnrich(jobs, "realtime", { deadline: far() });
    expect(submitted.stoppedBy).toBeNull();
    expect(submitted.spent).toBe(0);
    const ids = submitted.outcomes.map((o) => (o?.ok ? o.value.jobId : ""));
    expect(ids.every((id) => id !== "")).toBe(true);
    expect(submitted.outcomes[0]).toMatchObject({ ok: true, value: { status: "pending", total: 50 } });

    const [first, second] = await completed(client, ids);
    expect(first!.items!.map((item) => item.lead?.network_url)).toEqual(jobs[0]);
    expect(second!.items!.map((item) => item.lead?.network_url ?? null)).toEqual([urls[50], null, urls[51]]);
    const lead = first!.items![0]!.lead!;
    expect(typeof lead.job_title).toBe("string");
    expect(typeof lead.company_name).toBe("string");
    expect(typeof lead.sales_id).toBe("string");
    expect(second!.amountCharged).toBeCloseTo(0.08);
    expect((await ledger()).sort()).toEqual([...jobs[0]!, urls[50]!, urls[51]!].sort());
  });

  it("reads the migration guide's lead shape into the same Lead fields", async () => {
    await control.configure({ bulkLeadShape: "migration" });
    const urls = await control.sampleUrls(1, 800);
    const client = sandboxClient(sandbox.url);
    const submitted = client.submitBulkEnrich([urls], "database", { deadline: far() });
    const [job] = await completed(client, [
      submitted.outcomes[0]?.ok ? submitted.outcomes[0].value.jobId : "",
    ]);
    const lead = job!.items![0]!.lead!;
    expect(lead.network_url).toBe(urls[0]);
    expect(typeof lead.job_title).toBe("string");
    expect(typeof lead.company_name).toBe("string");
    expect("headline" in lead).toBe(false);
    expect("location" in lead).toBe(false);
  });

  it("refuses more than 50 URLs before sending (free), stops on a 403, and reads a job no longer kept", async () => {
    const urls = await control.sampleUrls(51, 0);
    const client = sandboxClient(sandbox.url);
    const tooMany = client.submitBulkEnrich([urls], "realtime", { deadline: far() });
    expect(tooMany.outcomes[0]).toMatchObject({ ok: false, error: { kind: "validation", charged: "no" } });
    expect((await control.stats()).requests[PATHS.bulkEnrichRealtime]).toBeUndefined();

    const gone = client.bulkEnrichStatus(["no-such-job"], { deadline: far() });
    expect(gone.outcomes[0]).toMatchObject({ ok: false, error: { kind: "not_found", charged: "maybe" } });

    await control.configure({ bulkEntitled: false });
    const refused = client.submitBulkEnrich([urls.slice(0, 2), urls.slice(2, 4)], "realtime", {
      deadline: far(),
    });
    expect(refused.stoppedBy).toMatchObject({ kind: "forbidden", charged: "no" });
    expect(refused.stoppedBy?.message).toMatch(/bulk enrichment/);
    expect(await ledger()).toEqual([]);
  });

  it("sends a throttled submit again, never one that failed with a 5xx (it may have created a job)", async () => {
    const urls = await control.sampleUrls(4, 60);
    await control.configure({ faults: [{ path: PATHS.bulkEnrichRealtime, kind: "throttle", count: 1 }] });
    const client = sandboxClient(sandbox.url);
    const throttled = client.submitBulkEnrich([urls.slice(0, 2)], "realtime", { deadline: far() });
    expect(throttled.outcomes[0]?.ok).toBe(true);
    expect(throttled.throttled).toBe(1);
    expect((await control.stats()).requests[PATHS.bulkEnrichRealtime]).toBe(2);

    await control.configure({ faults: [{ path: PATHS.bulkEnrichRealtime, kind: "server_error", count: 1 }] });
    const failed = client.submitBulkEnrich([urls.slice(2, 4)], "realtime", { deadline: far() });
    expect(failed.outcomes[0]).toMatchObject({ ok: false, error: { kind: "server", charged: "maybe" } });
    expect((await control.stats()).requests[PATHS.bulkEnrichRealtime]).toBe(3);
  });

  it("reads the account profile's balance in the same unit as the legacy account's", async () => {
    const client = sandboxClient(sandbox.url);
    const profile = client.accountProfile();
    const account = client.account();
    expect(profile.ok && account.ok && profile.value.balance === account.value.balance).toBe(true);
    // The sandbox bills in credits and its profile says so (an account held in USD: billing-unit tests).
    expect(profile.ok && profile.value.unit).toBe("credits");
  });
});

describe("bulk enrichment under the network's name", () => {
  it("sends and reads <name>_url while the add-on keeps network_url", async () => {
    const named = await startSandboxThread({ seed: 7, networkName: "linkedin" });
    try {
      const urls = await sandboxControl(named.url).sampleUrls(2, 5);
      const client = sandboxClient(named.url, {
        wireNames: { network: "linkedin", companyDb: "company_db" },
      });
      const submitted = client.submitBulkEnrich([urls], "realtime", { deadline: far() });
      expect(submitted.outcomes[0]?.ok).toBe(true);
      const [job] = await completed(client, [
        submitted.outcomes[0]?.ok ? submitted.outcomes[0].value.jobId : "",
      ]);
      expect(job!.items!.map((item) => item.lead?.network_url)).toEqual(urls);
      expect(job!.items![0]!.input).toEqual({ network_url: urls[0] });
    } finally {
      await named.close();
    }
  });
});
