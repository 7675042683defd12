/** PropertiesService, CacheService and LockService limits and sharing. */
import { describe, expect, it } from "vitest";
import { manualClock } from "../../sandbox/gas/runtime";
import { failure, tinyRuntime } from "./harness";

const CODE = `
function setUser(key, value) { PropertiesService.getUserProperties().setProperty(key, value); }
function getUser(key) { return PropertiesService.getUserProperties().getProperty(key); }
function setDocument(key, value) { PropertiesService.getDocumentProperties().setProperty(key, value); }
function getDocument(key) { return PropertiesService.getDocumentProperties().getProperty(key); }
function cachePut(key, value, seconds) { CacheService.getScriptCache().put(key, value, seconds); }
function cacheGet(key) { return CacheService.getScriptCache().get(key); }
function cacheMany() { const c = CacheService.getDocumentCache(); c.putAll({ a: "1", b: "2" }, 60); return c.getAll(["a", "b", "c"]); }
function lockFor(timeout) { const lock = LockService.getDocumentLock(); const got = lock.tryLock(timeout); return [got, lock.hasLock()]; }
function waitFor(timeout) { LockService.getDocumentLock().waitLock(timeout); return "locked"; }
function fetchInOnOpen() { PropertiesService.getUserProperties(); }
`;

describe("PropertiesService", () => {
  it("keeps users apart and shares the document store", () => {
    const rt = tinyRuntime(CODE);
    rt.run("setUser", ["API_KEY", "alice-key"], { user: "alice@example.com" });
    rt.run("setDocument", ["CURSOR", "7"], { user: "alice@example.com" });
    expect(rt.run("getUser", ["API_KEY"], { user: "bob@example.com" })).toBeNull();
    expect(rt.run("getDocument", ["CURSOR"], { user: "bob@example.com" })).toBe("7");
    expect(rt.properties.user("alice@example.com").get("API_KEY")).toBe("alice-key");
  });

  it("refuses a value over 9 KB and a store over 500 KB", () => {
    const rt = tinyRuntime(CODE);
    expect(failure(() => rt.run("setUser", ["big", "x".repeat(9 * 1024 + 1)])).message).toBe(
      "Argument too large: value",
    );
    for (let i = 0; i < 55; i++) rt.run("setDocument", [`k${i}`, "x".repeat(9 * 1024)]);
    expect(failure(() => rt.run("setDocument", ["k55", "x".repeat(9 * 1024)])).message).toBe(
      "You have exceeded the property storage quota. Please remove some properties and try again.",
    );
  });

  it("is out of reach in AuthMode.NONE", () => {
    const rt = tinyRuntime(CODE);
    expect(failure(() => rt.run("fetchInOnOpen", [], { kind: "trigger", authMode: "NONE" })).message).toMatch(
      /^You do not have permission to call PropertiesService.getUserProperties/,
    );
  });
});

describe("CacheService", () => {
  it("expires values on time and caps expiry at 6 hours and values at 100 KB", () => {
    const clock = manualClock();
    const rt = tinyRuntime(CODE, { clock });
    rt.run("cachePut", ["a", "1", 60]);
    clock.advance(59_000);
    expect(rt.run("cacheGet", ["a"])).toBe("1");
    clock.advance(2_000);
    expect(rt.run("cacheGet", ["a"])).toBeNull();
    expect(failure(() => rt.run("cachePut", ["a", "1", 21_601])).message).toBe(
      "Argument too large: expirationInSeconds",
    );
    expect(failure(() => rt.run("cachePut", ["a", "x".repeat(100 * 1024 + 1), 60])).message).toBe(
      "Argument too large: value",
    );
  });

  it("puts and gets many at once", () => {
    const rt = tinyRuntime(CODE);
    expect(rt.run("cacheMany")).toEqual({ a: "1", b: "2" });
  });
});

describe("LockService", () => {
  it("shares the document lock with a concurrent execution", () => {
    const clock = manualClock();
    const rt = tinyRuntime(CODE, { clock });
    const other = rt.locks.holdExternally("document");
    expect(rt.run("lockFor", [5000])).toEqual([false, false]);
    expect(failure(() => rt.run("waitFor", [5000])).message).toBe(
      "Lock timeout: another process was holding the lock for too long.",
    );
    other.release();
    expect(rt.run("lockFor", [0])).toEqual([true, true]);
  });

  it("waits for a holder that lets go within the timeout", () => {
    const rt = tinyRuntime(CODE, { clock: manualClock() });
    rt.locks.holdExternally("document", { forMs: 2000 });
    expect(rt.run("lockFor", [5000])).toEqual([true, true]);
  });
});

describe("concurrent executions", () => {
  it("can be interleaved at a service call: the second one finds the document lock taken", () => {
    const rt = tinyRuntime(CODE, { clock: manualClock() });
    const seen: unknown[] = [];
    const first = rt.run("lockFor", [0], {
      // Another user's execution starts while the first one checks whether it holds the lock.
      interrupt: (call) => {
        if (call.method === "Lock.hasLock") seen.push(rt.run("lockFor", [1000], { user: "bob@example.com" }));
        return false;
      },
    });
    expect(first).toEqual([true, true]);
    expect(seen).toEqual([[false, false]]);
  });
});

describe("Utilities", () => {
  it("formats dates in a time zone and sleeps on the runtime's clock", () => {
    const clock = manualClock(Date.UTC(2026, 0, 1));
    const rt = tinyRuntime(
      `function fmt(tz) { return Utilities.formatDate(new Date(Date.UTC(2026, 6, 4, 22, 5, 9)), tz, "yyyy-MM-dd'T'HH:mm:ss"); }
       function nap() { const t = Date.now(); Utilities.sleep(1500); return Date.now() - t; }`,
      { clock },
    );
    expect(rt.run("fmt", ["UTC"])).toBe("2026-07-04T22:05:09");
    expect(rt.run("fmt", ["GMT-5"])).toBe("2026-07-04T17:05:09");
    expect(rt.run("fmt", ["Europe/Paris"])).toBe("2026-07-05T00:05:09");
    expect(rt.run("nap")).toBe(1500);
  });
});

describe("CacheService cap (G4)", () => {
  const CAP = `
function putMany(prefix, n, seconds) { const c = CacheService.getDocumentCache(); const all = {}; for (let i = 0; i < n; i++) all[prefix + i] = "v"; c.putAll(all, seconds); }
function putOne(key, seconds) { CacheService.getDocumentCache().put(key, "v", seconds); }
function has(keys) { const got = CacheService.getDocumentCache().getAll(keys); return keys.filter(function (k) { return got[k] !== undefined; }).length; }
`;
  const keys = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

  it("keeps the 900 farthest from expiring once a write takes a cache past 1,000 items", () => {
    const rt = tinyRuntime(CAP);
    rt.run("putMany", ["answer:", 950, 21_600]);
    rt.run("putMany", ["marker:", 50, 600]);
    expect(rt.caches.document.size()).toBe(1000);
    rt.run("putOne", ["one-more", 21_600]);
    expect(rt.caches.document.size()).toBe(900);
    // The 10-minute markers went first, then the oldest of the 6-hour answers.
    expect(rt.run("has", [keys("marker:", 50)])).toBe(0);
    expect(rt.run("has", [["one-more"]])).toBe(1);
    expect(rt.run("has", [keys("answer:", 950)])).toBe(899);
  });

  it("applies the cap to one putAll of more than 1,000 items as a whole", () => {
    const rt = tinyRuntime(CAP);
    rt.run("putMany", ["k", 1200, 600]);
    expect(rt.caches.document.size()).toBe(900);
  });

  it("drops entries early on demand (best effort), a share of each cache", () => {
    const rt = tinyRuntime(CAP);
    rt.run("putMany", ["k", 400, 600]);
    expect(rt.caches.dropEarly(1)).toBe(400);
    expect(rt.run("has", [keys("k", 400)])).toBe(0);
    rt.run("putMany", ["k", 400, 600]);
    const dropped = rt.caches.dropEarly(0.5, 7);
    expect(dropped).toBeGreaterThan(150);
    expect(dropped).toBeLessThan(250);
    expect(rt.run("has", [keys("k", 400)])).toBe(400 - dropped);
  });
});
