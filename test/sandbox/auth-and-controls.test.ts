/** Authentication, the error body, the parallel limits, faults and the control endpoints. */
import { describe, expect, it, vi } from "vitest";
import { sandboxControl } from "../../sandbox/api/control.ts";
import { startSandboxThread } from "../../sandbox/api/thread.ts";
import { DEMO_KEY, PATHS, useSandbox } from "./support.ts";

const api = useSandbox();

describe("authentication", () => {
  it("rejects a missing or unknown key with 401 and the error body, on every endpoint", async () => {
    for (const key of [null, "not-a-key"]) {
      for (const path of [PATHS.companies, PATHS.leads, PATHS.lookup]) {
        const answer = await api.post(path, {}, { key });
        expect(answer.status).toBe(401);
        expect(answer.body).toMatchObject({ status: "error", status_code: 401 });
        expect(typeof answer.body.detail).toBe("string");
      }
      expect((await api.get(PATHS.transactions, { key })).status).toBe(401);
    }
  });

  it("needs the Token scheme: a raw key is refused as production refuses it (PRODUCTION.md A15)", async () => {
    const url = (await api.control.sampleUrls(1))[0];
    const answer = await api.post(PATHS.lookup, { url }, { key: null, headers: { Authorization: DEMO_KEY } });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      detail: "Invalid token header. No credentials provided.",
      status: "error",
      status_code: 401,
    });
  });

  it("names the Token scheme in WWW-Authenticate on every 401 (A15)", async () => {
    for (const authorization of [undefined, DEMO_KEY, "Token not-a-key"]) {
      const response = await fetch(`${api.url}${PATHS.transactions}`, {
        headers: authorization === undefined ? {} : { Authorization: authorization },
      });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe("Token");
    }
  });
});

describe("parallel limits", () => {
  it("throttles the 21st parallel company search, the 51st lead search and the 501st lookup of one key", async () => {
    const url = (await api.control.sampleUrls(1))[0];
    const cases = [
      { path: PATHS.companies, limit: 20, body: { keywords: ["conformance"], limit_by: 2 } },
      { path: PATHS.leads, limit: 50, body: { company_id: 1_000_254, limit_by: 1 } },
      { path: PATHS.lookup, limit: 500, body: { url } },
    ];
    const hold = { "X-Sandbox-Fault": "slow", "X-Sandbox-Delay-Ms": "1500" };
    for (const { path, limit, body } of cases) {
      // Hold `limit` requests in flight, wait until the server sees them all, then exceed the limit.
      const held = Array.from({ length: limit }, () => api.post(path, body, { headers: hold }));
      await vi.waitFor(async () => expect((await api.control.stats()).peakConcurrency[path]).toBe(limit), {
        timeout: 20_000,
        interval: 20,
      });
      const extra = await Promise.all(Array.from({ length: 3 }, () => api.post(path, body)));
      for (const answer of extra) {
        expect(answer.status, path).toBe(429);
        expect(answer.body).toMatchObject({
          status: "error",
          status_code: 429,
          detail: "Request was throttled.",
        });
      }
      expect((await Promise.all(held)).every((a) => a.status === 200)).toBe(true);
      // Once they are done, the key may send again.
      expect((await api.post(path, body)).status).toBe(200);
    }
    const stats = await api.control.stats();
    expect(stats.peakConcurrency[PATHS.lookup]).toBe(500);
    expect(stats.throttled[PATHS.lookup]).toBe(3);
  });

  it("counts limits per key", async () => {
    await api.control.configure({ latencyMs: 200 });
    await api.control.setCredits("second-key", 100);
    const body = { keywords: ["conformance"], limit_by: 2 };
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => api.post(PATHS.companies, body)),
      ...Array.from({ length: 20 }, () => api.post(PATHS.companies, body, { key: "second-key" })),
    ]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
  });
});

describe("faults and latency", () => {
  it("forces each fault kind with X-Sandbox-Fault, and none of them charges", async () => {
    const url = (await api.control.sampleUrls(1))[0];
    const expected = { server_error: 500, throttle: 429, insufficient_funds: 402 } as const;
    for (const [kind, status] of Object.entries(expected)) {
      const answer = await api.post(PATHS.lookup, { url }, { headers: { "X-Sandbox-Fault": kind } });
      expect(answer.status).toBe(status);
      expect(answer.body).toMatchObject({ status: "error", status_code: status });
    }
    const malformed = await api.post(PATHS.lookup, { url }, { headers: { "X-Sandbox-Fault": "malformed" } });
    expect(malformed.status).toBe(200);
    expect(() => JSON.parse(malformed.text)).toThrow();
    expect((await api.control.stats()).creditsCharged).toBe(0);
  });

  it("applies configured fault rules by path and count, and a lookup error rate", async () => {
    const url = (await api.control.sampleUrls(1))[0];
    await api.control.configure({ faults: [{ path: PATHS.lookup, kind: "server_error", count: 2 }] });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await api.post(PATHS.lookup, { url })).status);
    expect(statuses).toEqual([500, 500, 200]);
    await api.control.configure({ faults: [], lookupErrorRate: 1 });
    expect((await api.post(PATHS.lookup, { url })).status).toBe(500);
    await api.control.configure({ lookupErrorRate: 0 });
    expect((await api.post(PATHS.lookup, { url })).status).toBe(200);
    expect((await api.control.stats()).creditsCharged).toBe(2);
  });

  it("refuses a bad configuration", async () => {
    await expect(api.control.configure({ lookupErrorRate: 2 })).rejects.toThrow(/400/);
    await expect(api.control.configure({ freshLatencyMs: -1 })).rejects.toThrow(/400/);
    await expect(api.control.configure({ faults: [{ kind: "meteor" as "slow" }] })).rejects.toThrow(/400/);
    expect((await api.control.configure({ freshLatencyMs: 5, latencyMs: { "*": 1 } })).freshLatencyMs).toBe(
      5,
    );
  });
});

describe("control endpoints", () => {
  it("counts requests and records every charge in the ledger with the lookup URL as sent", async () => {
    const [url] = await api.control.sampleUrls(1, 42);
    await api.post(PATHS.lookup, { url, posts: true });
    await api.post(PATHS.lookup, { url: "bad" });
    const stats = await api.control.stats();
    expect(stats.requests[PATHS.lookup]).toBe(2);
    expect(stats.creditsCharged).toBe(2);
    expect(stats.ledger).toEqual([
      { key: DEMO_KEY, path: PATHS.lookup, amount: 2, url, at: expect.any(String) },
    ]);
    await api.control.reset();
    expect((await api.control.stats()).ledger).toEqual([]);
    expect(await api.balance()).toBe(10_000);
  });

  it("serves the supported lists and existing sample URLs", async () => {
    const lists = await api.control.lists();
    expect(lists.locations).toContain("Germany");
    expect(lists.locations).toContain("Berlin, Berlin, Germany");
    expect(lists.industries).toContainEqual({ industry_name: "Software Development" });
    const urls = await api.control.sampleUrls(5, 100_000);
    expect(urls).toHaveLength(5);
    const info = await api.control.info();
    expect(info.companies).toBeGreaterThanOrEqual(20_000);
    expect(info.leads).toBeGreaterThanOrEqual(100_000);
  });
});

describe("startSandboxThread", () => {
  it("serves the same API from a worker thread and closes", async () => {
    const thread = await startSandboxThread({ port: 0 });
    try {
      const control = sandboxControl(thread.url);
      const [url] = await control.sampleUrls(1);
      const response = await fetch(`${thread.url}${PATHS.lookup}`, {
        method: "POST",
        headers: { Authorization: `Token ${DEMO_KEY}`, "Content-Type": "application/json" },
        body: JSON.stringify({ url }),
      });
      expect(response.status).toBe(200);
      expect(thread.keys).toEqual({ "sandbox-demo-key": 10_000, "sandbox-empty-key": 0 });
    } finally {
      await thread.close();
    }
  });
});
