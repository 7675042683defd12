/** Unit tests of the settings rules (src/gas/settings.ts is pure) and the UrlFetchApp adapter's redaction. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { batchFailure, redactSecrets } from "../../src/gas/http";
import {
  checkApiKey,
  checkBaseUrl,
  checkChunkSize,
  checkEmailRowsPerCall,
  checkSpendCap,
  checkTriggerMinutes,
  DEFAULT_CHUNK_SIZE,
  DEFAULT_SPEND_CAP,
  maskApiKey,
  SETTING_KEYS,
  settingsFrom,
} from "../../src/gas/settings";

describe("API key", () => {
  it("is accepted with or without the Token prefix, and stored bare", () => {
    expect(checkApiKey("  Token abc123def456 ")).toEqual({ ok: true, value: "abc123def456" });
    expect(checkApiKey("token abc123def456")).toEqual({ ok: true, value: "abc123def456" });
    expect(checkApiKey("abc123def456")).toEqual({ ok: true, value: "abc123def456" });
  });

  it("is accepted with a Bearer prefix or quotes around it, as pasted from other tools' docs", () => {
    for (const pasted of [
      "Bearer abc123def456",
      "  bearer   abc123def456\n",
      '"abc123def456"',
      "'Token abc123def456'",
      "Token \u201cabc123def456\u201d",
      "`Bearer abc123def456`",
    ]) {
      expect(checkApiKey(pasted), pasted).toEqual({ ok: true, value: "abc123def456" });
    }
  });

  it("is accepted with the invisible characters a web page or chat copies with it, or as a header line", () => {
    for (const pasted of [
      "\u200babc123def456",
      "abc123def456\u200b\u200d",
      "\ufeffToken abc123def456\u2060",
      "abc123\u00addef456",
      "Authorization: Token abc123def456",
      '"Authorization: Token abc123def456"',
    ]) {
      // Before: "The API key has characters a key never has: paste it again." (pasting again did
      // the same), and "cannot contain spaces" for the header line.
      expect(checkApiKey(pasted), JSON.stringify(pasted)).toEqual({ ok: true, value: "abc123def456" });
    }
  });

  it("is refused when empty, with spaces inside, or with characters keys never have", () => {
    for (const bad of ["", "Token ", "Bearer", '""', "abc def", "ключ-123", "a\nb"])
      expect(checkApiKey(bad).ok, bad).toBe(false);
  });

  it("is masked to its last four characters at most, and never shown whole", () => {
    expect(maskApiKey("sandbox-demo-key")).toBe("••••-key");
    expect(maskApiKey("short")).toBe("••••");
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 200 }), (key) => {
        const masked = maskApiKey(key);
        expect(masked.replaceAll("•", "").length).toBeLessThanOrEqual(Math.min(4, key.length / 3));
      }),
    );
  });
});

describe("base URL", () => {
  it("takes https addresses and http only for this machine, without a trailing slash", () => {
    expect(checkBaseUrl("https://api.example.com/")).toEqual({ ok: true, value: "https://api.example.com" });
    expect(checkBaseUrl("http://127.0.0.1:8787")).toEqual({ ok: true, value: "http://127.0.0.1:8787" });
    expect(checkBaseUrl("http://localhost:1/v1")).toEqual({ ok: true, value: "http://localhost:1/v1" });
    expect(checkBaseUrl("http://api.example.com").ok).toBe(false);
    expect(checkBaseUrl("ftp://api.example.com").ok).toBe(false);
    expect(checkBaseUrl("https://api.example.com/?x=1").ok).toBe(false);
    expect(checkBaseUrl("api.example.com").ok).toBe(false);
  });
});

describe("base URL against the manifest's urlFetchWhitelist", () => {
  const whitelist = ["https://api.prospecting-data.example/", "http://127.0.0.1:*/"];

  it("takes only an address the manifest allows Apps Script to fetch", () => {
    expect(checkBaseUrl("https://api.prospecting-data.example/v1/", whitelist)).toEqual({
      ok: true,
      value: "https://api.prospecting-data.example/v1",
    });
    expect(checkBaseUrl("http://127.0.0.1:8787", whitelist)).toEqual({
      ok: true,
      value: "http://127.0.0.1:8787",
    });
    const other = checkBaseUrl("https://other-api.example", whitelist);
    expect(other.ok).toBe(false);
    expect(!other.ok && other.message).toMatch(/https:\/\/api\.prospecting-data\.example/);
    expect(!other.ok && other.message).toMatch(/API_BASE_URL/);
    // A prefix is not a host: a longer host that starts with the allowed one is someone else's.
    expect(checkBaseUrl("https://api.prospecting-data.example.evil.example", whitelist).ok).toBe(false);
  });

  it("refuses user-info tricks, with or without a whitelist", () => {
    for (const trick of [
      "https://api.prospecting-data.example@evil.example",
      "https://api.prospecting-data.example:443@evil.example/",
      "https://user:pass@api.prospecting-data.example",
      "https://api.prospecting-data.example%40evil.example",
      "https://api.prospecting-data.example\\@evil.example",
    ]) {
      expect(checkBaseUrl(trick, whitelist).ok, trick).toBe(false);
      expect(checkBaseUrl(trick).ok, trick).toBe(false);
    }
    for (const trick of ["https://api.prospecting-data.example@evil.example", "https://u:p@api.example"]) {
      const refused = checkBaseUrl(trick);
      expect(!refused.ok && refused.message, trick).toMatch(/user name.*@/);
    }
  });

  it("matches a wildcard subdomain prefix as Apps Script does", () => {
    expect(checkBaseUrl("https://eu.api.example", ["https://*.api.example/"]).ok).toBe(true);
    expect(checkBaseUrl("https://eu.api.example.evil", ["https://*.api.example/"]).ok).toBe(false);
  });

  it("falls back to the default address for a saved one the manifest does not allow", () => {
    const saved: Record<string, string> = {
      API_BASE_URL: "https://api.prospecting-data.example@evil.example",
    };
    const settings = settingsFrom(
      (key) => saved[key] ?? null,
      "https://api.prospecting-data.example",
      whitelist,
    );
    expect(settings).toMatchObject({
      baseUrl: "https://api.prospecting-data.example",
      baseUrlIsDefault: true,
    });
  });
});

describe("numbers", () => {
  it("chunk size is a whole number from 1 to 500; spend cap from 1", () => {
    expect(checkChunkSize("50")).toEqual({ ok: true, value: 50 });
    for (const bad of [0, 501, 2.5, "", "ten", -1]) expect(checkChunkSize(bad).ok, String(bad)).toBe(false);
    expect(checkChunkSize(0)).toEqual({
      ok: false,
      message: "The chunk size must be a whole number from 1 to 500.",
    });
    expect(checkSpendCap(500)).toEqual({ ok: true, value: 500 });
    expect(checkSpendCap(0).ok).toBe(false);
  });

  it("email rows per call is a whole number from 1 to 100, 10 when unset or damaged", () => {
    expect(checkEmailRowsPerCall(" 3 ")).toEqual({ ok: true, value: 3 });
    expect(checkEmailRowsPerCall(100)).toEqual({ ok: true, value: 100 });
    for (const bad of [0, 101, 500, 2.5, "", "abc", -1, "3 rows"])
      expect(checkEmailRowsPerCall(bad).ok, String(bad)).toBe(false);
    expect(checkEmailRowsPerCall("abc")).toEqual({
      ok: false,
      message: "The email rows per call must be a whole number from 1 to 100.",
    });
    const saved = (raw: string | null) =>
      settingsFrom((key) => (key === SETTING_KEYS.emailRowsPerCall ? raw : null), "https://x.example")
        .emailRowsPerCall;
    expect(saved(null)).toBe(10);
    expect(saved("25")).toBe(25);
    expect(saved("500")).toBe(10);
  });

  it("trigger minutes a day stay within the account kind's limit: 90 (consumer), 360 (Workspace)", () => {
    expect(checkTriggerMinutes("60", 20_000)).toEqual({ ok: true, value: 60 });
    expect(checkTriggerMinutes(91, 20_000).ok).toBe(false);
    expect(checkTriggerMinutes(300, 100_000)).toEqual({ ok: true, value: 300 });
    expect(checkTriggerMinutes(361, 100_000).ok).toBe(false);
    // Fewer than 10: waiting runs' own seconds would keep a small budget used for ever.
    expect(checkTriggerMinutes(4, 20_000)).toEqual({
      ok: false,
      message: "The trigger minutes a day must be a whole number from 10 to 90.",
    });
    expect(checkTriggerMinutes(10, 20_000)).toEqual({ ok: true, value: 10 });
    // The default follows the kind the daily web requests tell.
    const workspace = settingsFrom(
      (key) => (key === SETTING_KEYS.fetchQuota ? "100000" : null),
      "https://x.example",
    );
    expect(workspace.triggerMinutes).toBe(240);
  });
});

describe("settingsFrom", () => {
  it("falls back to defaults for what is missing or damaged", () => {
    const settings = settingsFrom(() => null, "https://default.example");
    expect(settings).toEqual({
      apiKey: null,
      baseUrl: "https://default.example",
      baseUrlIsDefault: true,
      chunkSize: DEFAULT_CHUNK_SIZE,
      spendCap: DEFAULT_SPEND_CAP,
      formulaBudget: 100,
      fetchQuota: 20_000,
      triggerMinutes: 60,
      sheetFormat: { headers: "readable", lists: "readable" },
      apiGeneration: "auto",
      emailRowsPerCall: 10,
      bulkWebsitesSeen: false,
    });
    const stored: Record<string, string> = {
      [SETTING_KEYS.apiKey]: "Token k-123",
      [SETTING_KEYS.baseUrl]: "http://127.0.0.1:9/",
      [SETTING_KEYS.chunkSize]: "9999",
      [SETTING_KEYS.spendCap]: "25",
      [SETTING_KEYS.formulaBudget]: "lots",
      // Past a consumer account's 90 minutes: the kind's default instead.
      [SETTING_KEYS.triggerMinutes]: "200",
      [SETTING_KEYS.sheetHeaders]: "api",
      [SETTING_KEYS.listCells]: "yaml",
      [SETTING_KEYS.apiGeneration]: "newest",
      [SETTING_KEYS.emailRowsPerCall]: "0",
      // Seen on another address: this one starts over.
      [SETTING_KEYS.bulkWebsitesSeen]: "https://elsewhere.example",
    };
    expect(settingsFrom((k) => stored[k] ?? null, "https://default.example")).toEqual({
      apiKey: "k-123",
      baseUrl: "http://127.0.0.1:9",
      baseUrlIsDefault: false,
      chunkSize: DEFAULT_CHUNK_SIZE,
      spendCap: 25,
      formulaBudget: 100,
      fetchQuota: 20_000,
      triggerMinutes: 60,
      sheetFormat: { headers: "api", lists: "readable" },
      apiGeneration: "auto",
      emailRowsPerCall: 10,
      bulkWebsitesSeen: false,
    });
    expect(
      settingsFrom(
        (k) => (k === SETTING_KEYS.bulkWebsitesSeen ? "https://d.example" : null),
        "https://d.example",
      ).bulkWebsitesSeen,
    ).toBe(true);
    expect(
      settingsFrom((k) => (k === SETTING_KEYS.apiGeneration ? "legacy" : null), "https://d.example"),
    ).toMatchObject({
      apiGeneration: "legacy",
    });
    expect(
      settingsFrom((k) => (k === SETTING_KEYS.formulaBudget ? "off" : null), "https://d.example")
        .formulaBudget,
    ).toBeNull();
  });
});

describe("UrlFetchApp failures", () => {
  const request = {
    url: "https://api.example/api/network/leads/by_link/",
    method: "post" as const,
    headers: { Authorization: "Token s3cret-key-123" },
    muteHttpExceptions: true as const,
  };

  it("never carry the key, with or without its Token prefix", () => {
    const failure = batchFailure(
      new Error("Timeout: headers Authorization=Token s3cret-key-123 / s3cret-key-123"),
      [request],
    );
    expect(JSON.stringify(failure)).not.toContain("s3cret-key-123");
    expect(failure).toMatchObject({ kind: "failure", reason: "timeout", sent: true });
    expect(redactSecrets("x s3cret y", ["s3cret"])).toBe("x [redacted] y");
  });

  it("count the daily quota's exception as not sent, for the whole batch", () => {
    const message = "Service invoked too many times for one day: urlfetch.";
    expect(batchFailure(new Error(message), [request, request, request])).toMatchObject({
      kind: "failure",
      reason: "quota",
      sent: false,
      message,
    });
    expect(batchFailure(new Error(`Exception: ${message}`), [request])).toMatchObject({ reason: "quota" });
  });

  it("count as not sent only when the platform refused before sending", () => {
    expect(batchFailure(new Error("DNS error: https://nowhere.example"), [request])).toMatchObject({
      sent: false,
    });
    expect(batchFailure(new Error("Address unavailable: https://x"), [request])).toMatchObject({
      sent: false,
    });
    // In a batch the failed connection may be any one of them; the others may have been charged.
    expect(batchFailure(new Error("Address unavailable: https://x"), [request, request])).toMatchObject({
      sent: true,
    });
    expect(batchFailure(new Error("Exception: socket closed"), [request])).toMatchObject({
      sent: true,
      reason: "network",
    });
  });
});
