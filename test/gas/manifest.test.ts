/** G3: the manifest's urlFetchWhitelist, enforced by UrlFetchApp before anything is sent. */
import { describe, expect, it } from "vitest";
import { fetchAllowed, whitelistMessage } from "../../sandbox/gas/manifest";
import { failure, scriptedNetwork, tinyRuntime } from "./harness";

const CODE = `
function one(url) { return UrlFetchApp.fetch(url).getResponseCode(); }
function many(urls) { return UrlFetchApp.fetchAll(urls).length; }
`;

const manifest = (list: string[]) => JSON.stringify({ runtimeVersion: "V8", urlFetchWhitelist: list });

describe("urlFetchWhitelist matching (Google's rules)", () => {
  const allowed = (prefixes: string[], url: string) => fetchAllowed({ urlFetchWhitelist: prefixes }, url);

  it("matches the prefix itself and what is below its path, case-sensitively", () => {
    const prefix = ["https://example.com/foo"];
    for (const url of [
      "https://example.com/foo",
      "https://example.com/foo/",
      "https://example.com/foo/bar",
      "https://example.com/foo?bar",
    ]) {
      expect(allowed(prefix, url), url).toBe(true);
    }
    for (const url of [
      "https://example.com/foobar",
      "https://example.com/Foo",
      "http://example.com/foo",
      "https://other.com/foo",
      "https://example.com.evil.test/foo",
    ]) {
      expect(allowed(prefix, url), url).toBe(false);
    }
  });

  it("refuses user@host tricks and other ports", () => {
    const prefix = ["https://api.example/"];
    expect(allowed(prefix, "https://api.example/v1/x")).toBe(true);
    expect(allowed(prefix, "https://api.example@evil.test/v1/x")).toBe(false);
    expect(allowed(prefix, "https://user:pw@api.example/v1/x")).toBe(false);
    expect(allowed(prefix, "https://api.example:8443/v1/x")).toBe(false);
    expect(allowed(prefix, "https://api.example:443/v1/x")).toBe(true);
  });

  it("matches subdomains with a leading wildcard, and any port with the sandbox-only :*", () => {
    expect(allowed(["https://*.example.com/"], "https://api.example.com/x")).toBe(true);
    expect(allowed(["https://*.example.com/"], "https://example.org/x")).toBe(false);
    expect(allowed(["http://127.0.0.1:*/"], "http://127.0.0.1:40123/api/x")).toBe(true);
    expect(allowed(["http://127.0.0.1:*/"], "http://127.0.0.2:40123/api/x")).toBe(false);
  });

  it("allows anything when the manifest has no whitelist", () => {
    expect(fetchAllowed({}, "http://anything.test/")).toBe(true);
    expect(fetchAllowed(undefined, "http://anything.test/")).toBe(true);
  });
});

describe("UrlFetchApp under a manifest", () => {
  it("fails a fetch of a URL the whitelist does not list, before sending", () => {
    const net = scriptedNetwork();
    const rt = tinyRuntime(CODE, { fetchAll: net.fetchAll, manifest: manifest(["https://api.example/"]) });
    expect(rt.run("one", ["https://api.example/v1/x"])).toBe(200);
    expect(failure(() => rt.run("one", ["https://evil.test/v1/x"])).message).toBe(
      whitelistMessage("https://evil.test/v1/x"),
    );
    expect(failure(() => rt.run("many", [["https://api.example/v1/a", "https://evil.test/b"]])).message).toBe(
      "Request to https://evil.test/b failed because the URL has not been whitelisted in the script manifest.",
    );
    expect(net.calls).toHaveLength(1);
    expect(rt.quotas.urlFetch.used()).toBe(1);
  });
});
