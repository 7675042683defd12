/** G1: the daily URL Fetch quota, counted per user per day of the runtime's clock. */
import { describe, expect, it } from "vitest";
import { manualClock } from "../../sandbox/gas/runtime";
import { PROPERTIES_QUOTA_MESSAGE, URL_FETCH_QUOTA_MESSAGE } from "../../sandbox/gas/services/quota";
import { failure, scriptedNetwork, tinyRuntime } from "./harness";

const CODE = `
function one() { return UrlFetchApp.fetch("http://api.test/x").getResponseCode(); }
function many(n) { const urls = []; for (let i = 0; i < n; i++) urls.push("http://api.test/" + i); return UrlFetchApp.fetchAll(urls).length; }
function caught() { try { UrlFetchApp.fetch("http://api.test/x"); return "sent"; } catch (e) { return e.name + ": " + e.message; } }
`;

describe("URL Fetch daily quota", () => {
  it("is 20,000 requests a day by default", () => {
    const rt = tinyRuntime(CODE);
    expect(rt.quotas.urlFetch.limit).toBe(20_000);
    expect(rt.quotas.urlFetch.used()).toBe(0);
  });

  it("counts every request of fetch and fetchAll for the user who ran them", () => {
    const rt = tinyRuntime(CODE);
    rt.run("one");
    rt.run("many", [5]);
    rt.run("one", [], { user: "bob@example.com" });
    expect(rt.quotas.urlFetch.used()).toBe(6);
    expect(rt.quotas.urlFetch.used("bob@example.com")).toBe(1);
  });

  it("throws Apps Script's exact message before sending anything once the quota is used up", () => {
    const net = scriptedNetwork();
    const rt = tinyRuntime(CODE, { fetchAll: net.fetchAll, quotas: { urlFetchPerDay: 3 } });
    rt.run("many", [2]);
    expect(failure(() => rt.run("many", [2])).message).toBe(
      "Service invoked too many times for one day: urlfetch.",
    );
    expect(URL_FETCH_QUOTA_MESSAGE).toBe("Service invoked too many times for one day: urlfetch.");
    expect(net.calls).toHaveLength(1);
    rt.run("one");
    expect(failure(() => rt.run("one")).message).toBe(URL_FETCH_QUOTA_MESSAGE);
    expect(net.calls).toHaveLength(2);
    expect(rt.run("caught")).toBe(`Exception: ${URL_FETCH_QUOTA_MESSAGE}`);
  });

  it("lets tests set the limit and the count used today", () => {
    const net = scriptedNetwork();
    const rt = tinyRuntime(CODE, { fetchAll: net.fetchAll });
    rt.quotas.urlFetch.setUsed(20_000);
    expect(failure(() => rt.run("one")).message).toBe(URL_FETCH_QUOTA_MESSAGE);
    rt.quotas.urlFetch.setLimit(20_001);
    expect(rt.run("one")).toBe(200);
    expect(rt.quotas.urlFetch.used()).toBe(20_001);
    expect(net.calls).toHaveLength(1);
  });

  it("resets at the day boundary of the runtime's clock", () => {
    const clock = manualClock(Date.UTC(2026, 0, 1, 23, 0));
    const rt = tinyRuntime(CODE, { clock, quotas: { urlFetchPerDay: 1 } });
    rt.run("one");
    expect(failure(() => rt.run("one")).message).toBe(URL_FETCH_QUOTA_MESSAGE);
    expect(rt.quotas.urlFetch.resetsAt()).toBe(Date.UTC(2026, 0, 2));
    clock.advance(60 * 60_000);
    expect(rt.run("one")).toBe(200);
    expect(rt.quotas.urlFetch.used()).toBe(1);
  });
});

describe("Properties daily quota (G1)", () => {
  const PROPS = `
function write(n) { const p = PropertiesService.getUserProperties(); for (let i = 0; i < n; i++) p.setProperty("k" + i, "v"); return n; }
function read() { return PropertiesService.getUserProperties().getProperty("k0"); }
`;

  it("is 50,000 calls a day, each read or write one call of the user who made it", () => {
    const rt = tinyRuntime(PROPS);
    expect(rt.quotas.properties.limit).toBe(50_000);
    rt.run("write", [3]);
    rt.run("read");
    rt.run("read", [], { user: "bob@example.com" });
    expect(rt.quotas.properties.used()).toBe(4);
    expect(rt.quotas.properties.used("bob@example.com")).toBe(1);
  });

  it("throws Apps Script's message past it, before reading or writing anything, until the next day", () => {
    const clock = manualClock(Date.UTC(2026, 0, 1, 23, 0));
    const rt = tinyRuntime(PROPS, { clock, quotas: { propertiesPerDay: 2 } });
    rt.run("write", [2]);
    expect(failure(() => rt.run("write", [1])).message).toBe(PROPERTIES_QUOTA_MESSAGE);
    expect(PROPERTIES_QUOTA_MESSAGE).toBe("Service invoked too many times for one day: properties.");
    expect(failure(() => rt.run("read")).message).toBe(PROPERTIES_QUOTA_MESSAGE);
    clock.advance(60 * 60_000);
    expect(rt.run("read")).toBe("v");
  });
});
