/** UrlFetchApp's semantics over a scripted network (the wire itself is sandbox/sync-http's). */
import { describe, expect, it } from "vitest";
import { manualClock } from "../../sandbox/gas/runtime";
import type { HttpOutcome } from "../../src/api/ports";
import { failure, ok, scriptedNetwork, tinyRuntime } from "./harness";

const CODE = `
function one(url, mute) { const r = UrlFetchApp.fetch(url, { muteHttpExceptions: mute, headers: { Authorization: "Token k" } }); return [r.getResponseCode(), r.getContentText()]; }
function many(urls, mute) { return UrlFetchApp.fetchAll(urls.map(function (u) { return { url: u, method: "post", contentType: "application/json", payload: "{}", muteHttpExceptions: mute }; })).map(function (r) { return r.getResponseCode(); }); }
function napThenFetch(ms) { Utilities.sleep(ms); return UrlFetchApp.fetch("http://api.test/x").getResponseCode(); }
`;

const answers: Record<string, HttpOutcome> = {
  "http://api.test/ok": ok('{"ok":true}'),
  "http://api.test/missing": ok('{"status":"error","status_code":404,"detail":"Lead not found"}', 404),
  "http://api.test/down": { kind: "failure", reason: "network", message: "ECONNREFUSED", sent: false },
  "http://api.test/slow": { kind: "failure", reason: "timeout", message: "timed out", sent: true },
};

function network() {
  return scriptedNetwork((r) => answers[r.url] ?? ok("{}"));
}

describe("UrlFetchApp", () => {
  it("returns HTTP errors as responses with muteHttpExceptions", () => {
    const rt = tinyRuntime(CODE, { fetchAll: network().fetchAll });
    expect(rt.run("one", ["http://api.test/missing", true])).toEqual([
      404,
      '{"status":"error","status_code":404,"detail":"Lead not found"}',
    ]);
  });

  it("throws Apps Script's message for an HTTP error without it", () => {
    const rt = tinyRuntime(CODE, { fetchAll: network().fetchAll });
    expect(failure(() => rt.run("one", ["http://api.test/missing", false])).message).toBe(
      'Request failed for http://api.test returned code 404. Truncated server response: {"status":"error","status_code":404,"detail":"Lead not found"} (use muteHttpExceptions option to examine full response)',
    );
  });

  it("sends a fetchAll's requests together and answers in order", () => {
    const net = network();
    const rt = tinyRuntime(CODE, { fetchAll: net.fetchAll });
    expect(rt.run("many", [["http://api.test/ok", "http://api.test/missing"], true])).toEqual([200, 404]);
    expect(net.calls).toHaveLength(1);
    expect(net.calls[0]!.requests[0]).toEqual({
      url: "http://api.test/ok",
      method: "post",
      headers: {},
      contentType: "application/json",
      payload: "{}",
      muteHttpExceptions: true,
    });
    expect(rt.counters).toMatchObject({ fetchAllCalls: 1, fetchCalls: 0, requests: 2 });
  });

  it("throws for the whole fetchAll when any request fails on the network or times out", () => {
    const rt = tinyRuntime(CODE, { fetchAll: network().fetchAll });
    expect(
      failure(() => rt.run("many", [["http://api.test/ok", "http://api.test/down"], true])).message,
    ).toBe("Address unavailable: http://api.test/down");
    expect(failure(() => rt.run("many", [["http://api.test/slow"], true])).message).toBe(
      "Timeout: http://api.test/slow",
    );
  });

  it("gives each request about 60 s, never more than the execution has left", () => {
    const net = network();
    const rt = tinyRuntime(CODE, { fetchAll: net.fetchAll, clock: manualClock() });
    rt.run("napThenFetch", [0]);
    expect(net.calls[0]!.timeoutMs).toBe(60_000);
    rt.run("napThenFetch", [350_000 - 300_000], { deadlineMs: 70_000 });
    expect(net.calls[1]!.timeoutMs).toBe(20_000);
  });
});
