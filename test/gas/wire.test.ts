/**
 * UrlFetchApp on the real wire: sandbox/sync-http against the sandbox API on its own thread.
 * fetchAll's requests are truly concurrent; failures and timeouts surface as in Apps Script.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRuntime } from "../../sandbox/gas/runtime";
import { type AddonRuntime, DEMO_KEY, startAddonRuntime } from "../runtime/support";
import { failure, SIDEBAR_HTML } from "./harness";

const CODE = `
function balances(base, key, n) {
  const request = { url: base + "/api/auth/transactions/?limit=1", headers: { Authorization: "Token " + key }, muteHttpExceptions: true };
  const requests = [];
  for (let i = 0; i < n; i++) requests.push(request);
  return UrlFetchApp.fetchAll(requests).map(function (r) { return r.getResponseCode(); });
}
function one(url, key) { return UrlFetchApp.fetch(url, { headers: { Authorization: "Token " + key } }).getResponseCode(); }
`;

let addon: AddonRuntime;

beforeAll(async () => {
  addon = await startAddonRuntime({ sandbox: { latencyMs: 150, companyCount: 200 } });
});

afterAll(async () => {
  await addon?.close();
});

describe("UrlFetchApp over the wire", () => {
  it("sends a fetchAll's requests concurrently", async () => {
    const rt = createRuntime({ codeJs: CODE, sidebarHtml: SIDEBAR_HTML });
    expect(rt.run("balances", [addon.sandboxUrl, DEMO_KEY, 8])).toEqual(Array(8).fill(200));
    const stats = await addon.control.stats();
    expect(stats.peakConcurrency["/api/auth/transactions/"]).toBe(8);
    expect(rt.counters).toMatchObject({ fetchAllCalls: 1, requests: 8 });
  });

  it("throws Address unavailable when nothing listens", () => {
    const rt = createRuntime({ codeJs: CODE, sidebarHtml: SIDEBAR_HTML });
    expect(failure(() => rt.run("one", ["http://127.0.0.1:9/x"])).message).toBe(
      "Address unavailable: http://127.0.0.1:9/x",
    );
  });

  it("throws Timeout when a request outlives the per-request timeout", () => {
    const rt = createRuntime({ codeJs: CODE, sidebarHtml: SIDEBAR_HTML, timeouts: { fetchMs: 50 } });
    const url = `${addon.sandboxUrl}/api/auth/transactions/?limit=1`;
    expect(failure(() => rt.run("one", [url, DEMO_KEY])).message).toBe(`Timeout: ${url}`);
  });
});

describe("startAddonRuntime", () => {
  it("runs the built add-on with the sandbox's URL and key in the user's properties", () => {
    expect(addon.runtime.properties.user().all()).toMatchObject({
      API_BASE_URL: addon.sandboxUrl,
      API_KEY: DEMO_KEY,
    });
    expect(addon.runtime.rpc("getServerInfo", null)).toMatchObject({ ok: true });
  });
});
