/**
 * =LOOKUP_LEAD's logic with the real client over synchronous HTTP against the sandbox API (on its
 * own thread): what each call costs, compared with the sandbox's own ledger.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type SandboxControl, sandboxControl } from "../../sandbox/api/control";
import { type SandboxThread, startSandboxThread } from "../../sandbox/api/thread";
import { createNodeHttp } from "../../sandbox/sync-http";
import { createClient } from "../../src/api/client";
import type { Clock } from "../../src/api/ports";
import { PATHS } from "../../src/api/wire";
import type { TextCache } from "../../src/jobs/lookup/cache";
import { type LookupArguments, lookupLeadFormula } from "../../src/jobs/lookup/formula";

const KEY = "sandbox-demo-key";
const blocker = new Int32Array(new SharedArrayBuffer(4));
const clock: Clock = { now: () => Date.now(), sleep: (ms) => void Atomics.wait(blocker, 0, 0, ms) };

let sandbox: SandboxThread;
let control: SandboxControl;
let urls: string[];

class MapCache implements TextCache {
  values = new Map<string, string>();
  getAll(keys: string[]) {
    return Object.fromEntries(keys.flatMap((k) => (this.values.has(k) ? [[k, this.values.get(k)!]] : [])));
  }
  putAll(values: Record<string, string>) {
    for (const [k, v] of Object.entries(values)) this.values.set(k, v);
  }
  removeAll(keys: string[]) {
    for (const key of keys) this.values.delete(key);
  }
}

function formula(args: LookupArguments, cache: TextCache = new MapCache(), apiKey = KEY) {
  const client = createClient({ baseUrl: sandbox.url, apiKey, http: createNodeHttp(), clock });
  return lookupLeadFormula(args, {
    connect: () => client,
    cache,
    deadline: Date.now() + 25_000,
    spendCap: 500,
    now: () => Date.now(),
    formatTime: (ms) => new Date(ms).toISOString().slice(11, 16),
  });
}

async function lookupCharges(): Promise<Array<{ amount: number; url?: string }>> {
  return (await control.stats()).ledger.filter((entry) => entry.path === PATHS.leadLookup);
}

beforeAll(async () => {
  sandbox = await startSandboxThread({ companyCount: 500 });
  control = sandboxControl(sandbox.url);
  urls = await control.sampleUrls(6);
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(async () => {
  await control.reset();
});

describe("=LOOKUP_LEAD against the sandbox", () => {
  it("answers one URL for 1 credit", async () => {
    const rows = formula({ url: urls[0], fields: "full_name, network_url, input_url" });
    expect(rows).toHaveLength(1);
    expect(rows[0]![0]).not.toBe("");
    expect(rows[0]![2]).toBe(urls[0]);
    const charges = await lookupCharges();
    expect(charges.map((c) => Math.abs(c.amount))).toEqual([1]);
  });

  it("sends the spec's option names and pays 1 more per paid option (every option: test/runtime/formulas)", async () => {
    const rows = formula({
      url: urls[1],
      fields: "full_name, people_also_viewed, posts",
      options: "fresh, similar, posts",
    });
    expect(rows[0]![0]).not.toBe("");
    expect((await lookupCharges()).map((c) => Math.abs(c.amount))).toEqual([3]);
  });

  it("fetches each distinct URL of a range once; blanks and bad URLs are free", async () => {
    const cache = new MapCache();
    const variant = urls[2]!.replace("https://www.", "http://").toUpperCase().replace("HTTP://", "http://");
    const range = [[urls[2]], [""], [variant], ["not a url"], [urls[3]], [urls[2]]];
    const rows = formula({ url: range, fields: "network_url, full_name" }, cache);
    expect(rows).toHaveLength(6);
    expect(rows[1]).toEqual(["", ""]);
    expect(rows[0]).toEqual(rows[2]);
    expect(rows[0]).toEqual(rows[5]);
    expect(String(rows[3]![0])).toMatch(/^Not a profile URL/);
    expect(rows[3]![1]).toBe("");
    expect((await lookupCharges()).map((c) => c.url)).toEqual(expect.arrayContaining([urls[2], urls[3]]));
    expect(await lookupCharges()).toHaveLength(2);

    // Recalculation, even with other fields, spends nothing.
    const again = formula({ url: range, fields: "full_name" }, cache);
    expect(again[0]![0]).toBe(rows[0]![1]);
    expect(await lookupCharges()).toHaveLength(2);
  });

  it("shows a missing lead as a message in its row, free and not cached", async () => {
    const cache = new MapCache();
    const missing = "https://www.network.example/in/nobody-here-at-all-0000";
    const rows = formula({ url: [[missing], [urls[4]]], fields: "full_name" }, cache);
    expect(String(rows[0]![0])).toMatch(/No profile was found/);
    expect(await lookupCharges()).toHaveLength(1);
    expect(cache.values.size).toBe(1);
  });

  it("says what to do when the key is refused, without ever showing the key", () => {
    const secret = "wrong-key-do-not-show-123";
    const rows = formula({ url: urls[5] }, new MapCache(), secret);
    expect(String(rows[0]![0])).toMatch(/API key was not accepted.*Settings/);
    expect(JSON.stringify(rows)).not.toContain(secret);
  });
});
