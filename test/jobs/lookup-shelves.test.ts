/**
 * The formulas' cache under CacheService's real limits: at most 1,000 items, then only the 900
 * farthest from expiring are kept (PRODUCTION.md G4). A range far larger than that, recalculated,
 * must not pay twice.
 */
import { describe, expect, it } from "vitest";
import type { Lead, LeadLookupRequest } from "../../src/api/wire";
import type { TextCache } from "../../src/jobs/lookup/cache";
import {
  type LeadLookupPort,
  lookupLeadFormula,
  MAX_FORMULA_URLS,
  MESSAGES,
} from "../../src/jobs/lookup/formula";
import { PARTS, SHELVES } from "../../src/jobs/lookup/shelves";

/** CacheService's document cache as Google states it: 100 KB a value, 1,000 items, 900 kept. */
class CappedCache implements TextCache {
  readonly entries = new Map<string, { value: string; expiresAt: number }>();
  constructor(private readonly now: () => number) {}
  getAll(keys: string[]) {
    const found: Record<string, string> = {};
    for (const key of keys) {
      const entry = this.entries.get(key);
      if (entry && entry.expiresAt > this.now()) found[key] = entry.value;
    }
    return found;
  }
  putAll(values: Record<string, string>, ttlSeconds: number) {
    for (const [key, value] of Object.entries(values)) {
      if (key.length > 250) throw new Error("Argument too large: key");
      if (Buffer.byteLength(value) > 100 * 1024) throw new Error("Argument too large: value");
      this.entries.delete(key);
      this.entries.set(key, { value, expiresAt: this.now() + ttlSeconds * 1000 });
    }
    if (this.entries.size > 1000) {
      const ranked = [...this.entries].reverse().sort((a, b) => b[1].expiresAt - a[1].expiresAt);
      for (const [key] of ranked.slice(900)) this.entries.delete(key);
    }
  }
  removeAll(keys: string[]) {
    for (const key of keys) this.entries.delete(key);
  }
}

/** A lead of about 2 KB, as the API's with a short work history. */
function leadFor(url: string): Lead {
  const slug = url.split("/in/")[1] ?? url;
  return {
    full_name: `Name ${slug}`,
    job_title: "Head of Growth",
    company_name: `Co ${slug}`,
    network_url: url,
    summary: "x".repeat(1500),
    jobs: [{ title: "Head of Growth", company_name: `Co ${slug}` }],
  } as unknown as Lead;
}

class CountingLookup implements LeadLookupPort {
  readonly sent = new Map<string, number>();
  lookupLeads(requests: LeadLookupRequest[]) {
    for (const r of requests) this.sent.set(r.url, (this.sent.get(r.url) ?? 0) + 1);
    return {
      outcomes: requests.map((r) => ({ ok: true as const, value: { lead: leadFor(r.url), amount: -1 } })),
      stoppedBy: null,
      spent: requests.length,
    };
  }
}

/** A capped cache, a counting client and the formula's deps, on a clock the test moves. */
function world() {
  const clock = { now: Date.UTC(2026, 10, 23, 9, 0, 0) };
  const cache = new CappedCache(() => clock.now);
  const port = new CountingLookup();
  const deps = {
    connect: () => port,
    cache,
    deadline: Number.POSITIVE_INFINITY,
    spendCap: 10_000,
    now: () => clock.now,
    formatTime: String,
  };
  return { clock, cache, port, deps };
}

const urls = (n: number) => Array.from({ length: n }, (_, i) => [`https://www.network.example/in/p${i}`]);

describe("=LOOKUP_LEAD's cache under the 1,000-item cap", () => {
  it("pays once for 1,200 URLs recalculated, in at most 256 cache items", () => {
    const { clock, cache, port, deps } = world();
    const first = lookupLeadFormula({ url: urls(1200), fields: "full_name" }, deps);
    expect(first[1199]).toEqual(["Name p1199"]);
    expect(cache.entries.size).toBeLessThanOrEqual(SHELVES * PARTS);
    // Other cells' one-off entries fill the rest of the cache meanwhile.
    const filler: Record<string, string> = {};
    for (let i = 0; i < 900; i += 1) filler[`other|${i}`] = "x";
    cache.putAll(filler, 600);
    clock.now += 60_000;
    const again = lookupLeadFormula({ url: urls(1200), fields: "full_name" }, deps);
    expect(again).toEqual(first);
    expect([...port.sent.values()].filter((count) => count > 1)).toEqual([]);
    expect(port.sent.size).toBe(1200);
  });

  it("answers within 6 hours from the cache, and fetches again after", () => {
    const { clock, port, deps } = world();
    lookupLeadFormula({ url: urls(3) }, deps);
    clock.now += 5 * 3600_000;
    lookupLeadFormula({ url: urls(4) }, deps);
    expect([...port.sent.values()]).toEqual([1, 1, 1, 1]);
    clock.now += 3600_000 + 1000;
    lookupLeadFormula({ url: urls(3) }, deps);
    expect([...port.sent.values()]).toEqual([2, 2, 2, 1]);
  });

  it(`refuses more than ${MAX_FORMULA_URLS} distinct URLs, pointing to Enrich, and sends nothing`, () => {
    const { port, deps } = world();
    const tooMany = [...urls(MAX_FORMULA_URLS + 1), ...urls(10)];
    expect(() => lookupLeadFormula({ url: tooMany }, deps)).toThrow(
      MESSAGES.tooManyUrls(MAX_FORMULA_URLS + 1, MAX_FORMULA_URLS),
    );
    expect(MESSAGES.tooManyUrls(2001, 2000)).toMatch(/at most 2,000 \(.*Enrich/);
    expect(() =>
      lookupLeadFormula({ url: urls(501), fields: "full_name, posts", options: "posts" }, deps),
    ).toThrow(/at most 500 with posts, comments, reactions or similar .*Enrich/);
    expect(port.sent.size).toBe(0);
    expect(lookupLeadFormula({ url: urls(MAX_FORMULA_URLS) }, deps)).toHaveLength(MAX_FORMULA_URLS);
  });
});
