/**
 * The Settings tab's server methods and the key's secrecy, in the emulated runtime running the
 * built bundle against the sandbox: what the sidebar receives, what user properties hold, the
 * connection test, and that the key never reaches a cell, a log, an error or the sidebar.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PATHS } from "../../src/api/wire";
import type { ConnectionTest, SaveSettingsResult, SettingsView } from "../../src/rpc/settings";
import { type AddonRuntime, DEMO_KEY, startAddonRuntime } from "./support";

const SHEET = "Sheet1";
/** A key the sandbox knows, distinctive enough to grep for. */
const SECRET = "sk-live-7f3c9a2e-SECRET-4b1d";
let addon: AddonRuntime;
let urls: string[];

function rpc<T>(method: string, arg: unknown): T {
  const result = addon.runtime.rpc(method, arg) as { ok: boolean; value?: T; error?: unknown };
  if (!result.ok) throw new Error(`rpc ${method} failed: ${JSON.stringify(result.error)}`);
  return result.value as T;
}

function userProperty(key: string): string | null {
  return addon.runtime.properties.user().get(key);
}

beforeAll(async () => {
  addon = await startAddonRuntime({ apiKey: null });
  await addon.control.setCredits(SECRET, 1000);
  urls = await addon.control.sampleUrls(10);
});
afterAll(async () => {
  await addon?.close();
});
beforeEach(async () => {
  await addon.control.reset();
  await addon.control.setCredits(SECRET, 1000);
});

describe("Settings over RPC", () => {
  it("starts with no key and the sandbox's address", () => {
    const view = rpc<SettingsView>("getSettings", null);
    expect(view).toMatchObject({
      hasKey: false,
      maskedKey: "",
      baseUrl: addon.sandboxUrl,
      baseUrlIsDefault: false,
      chunkSize: 500,
      spendCap: 500,
    });
    const test = rpc<ConnectionTest>("testConnection", null);
    expect(test).toMatchObject({ ok: false, error: { kind: "auth", next: expect.stringMatching(/Save/) } });
  });

  it("saves a key pasted with 'Token ', keeps it bare in user properties, and shows it masked", () => {
    const saved = rpc<SaveSettingsResult>("saveSettings", { apiKey: `  Token ${SECRET} ` });
    expect(saved).toEqual({
      saved: true,
      settings: expect.objectContaining({ hasKey: true, maskedKey: "••••4b1d" }),
      keyCheck: { ok: true, balance: 1000, reserved: 0, baseUrl: addon.sandboxUrl },
    });
    expect(userProperty("API_KEY")).toBe(SECRET);
    expect(addon.runtime.properties.document.all()).toEqual({});
    expect(JSON.stringify(rpc("getSettings", null))).not.toContain(SECRET.slice(0, 12));
  });

  it("tests the connection with a free call and shows the balance", async () => {
    rpc("saveSettings", { apiKey: SECRET });
    addon.runtime.setCell(SHEET, "A1", urls[0]!);
    addon.runtime.setCell(SHEET, "B1", '=LOOKUP_LEAD(A1, "full_name, posts", "posts")');
    const test = rpc<ConnectionTest>("testConnection", null);
    expect(test).toEqual({ ok: true, balance: 998, reserved: 0, baseUrl: addon.sandboxUrl });
    const stats = await addon.control.stats();
    // Saving checked the key and the test asked again: two free account calls, one charge.
    expect(stats.requests[PATHS.account]).toBe(2);
    expect(stats.ledger).toHaveLength(1);
  });

  it("tests a new key before saving it: a refused key is not saved and the working key stays", async () => {
    rpc("saveSettings", { apiKey: SECRET });
    const refused = rpc<SaveSettingsResult>("saveSettings", { apiKey: "Token not-a-key-the-sandbox-knows" });
    expect(refused).toEqual({
      saved: false,
      problems: {
        apiKey: "The API did not accept this key. Your saved key is kept. Check it and paste it again.",
      },
    });
    expect(userProperty("API_KEY")).toBe(SECRET);
    expect(rpc<ConnectionTest>("testConnection", null)).toMatchObject({ ok: true, balance: 1000 });
    addon.runtime.setCell(SHEET, "A5", "=CREDIT_BALANCE()");
    expect(addon.runtime.getValues(SHEET, "A5")).toEqual([[1000]]);
    // Both checks were the free balance call.
    expect((await addon.control.stats()).ledger).toHaveLength(0);
  });

  it("saves a good key with its balance, and warns when the key has no credits", async () => {
    await addon.control.setCredits("sandbox-empty-key", 0);
    const good = rpc<SaveSettingsResult>("saveSettings", { apiKey: SECRET });
    expect(good).toMatchObject({ saved: true, keyCheck: { ok: true, balance: 1000 } });
    expect(good.saved && good.keyCheck?.ok ? good.keyCheck.warning : "no check").toBeUndefined();
    const empty = rpc<SaveSettingsResult>("saveSettings", { apiKey: "sandbox-empty-key" });
    expect(empty).toMatchObject({
      saved: true,
      keyCheck: { ok: true, warning: expect.stringMatching(/no credits: lookups and searches will fail/) },
    });
    expect(rpc<ConnectionTest>("testConnection", null)).toMatchObject({
      ok: true,
      warning: expect.stringMatching(/until credits are added/),
    });
    rpc("saveSettings", { apiKey: SECRET });
  });

  it("saves a key it cannot check (API unreachable), saying it was not checked", () => {
    rpc("saveSettings", { apiKey: SECRET });
    const unchecked = rpc<SaveSettingsResult>("saveSettings", {
      apiKey: "a-key-for-later",
      baseUrl: "http://127.0.0.1:1",
    });
    expect(unchecked).toMatchObject({
      saved: true,
      settings: { hasKey: true, maskedKey: "••••ater" },
      keyCheck: { ok: false, error: { kind: "network" } },
    });
    expect(userProperty("API_KEY")).toBe("a-key-for-later");
    rpc("saveSettings", { apiKey: SECRET, baseUrl: addon.sandboxUrl });
  });

  it("explains a refused key and an unreachable address, with the next step", () => {
    addon.runtime.properties.user(addon.runtime.user).setAll({ API_KEY: "not-a-key-the-sandbox-knows" });
    const refused = rpc<ConnectionTest>("testConnection", null);
    expect(refused).toMatchObject({
      ok: false,
      error: { kind: "auth", next: expect.stringMatching(/Settings/) },
    });

    rpc("saveSettings", { baseUrl: "http://127.0.0.1:1" });
    const unreachable = rpc<ConnectionTest>("testConnection", null);
    expect(unreachable).toMatchObject({
      ok: false,
      baseUrl: "http://127.0.0.1:1",
      error: { kind: "network", next: expect.stringMatching(/address/) },
    });
    rpc("saveSettings", { baseUrl: addon.sandboxUrl });
  });

  it("checks every field and saves nothing when one is wrong", () => {
    rpc("saveSettings", { apiKey: SECRET, chunkSize: 50, spendCap: "1200" });
    const result = rpc<SaveSettingsResult>("saveSettings", {
      apiKey: "two words",
      baseUrl: "http://api.example.com",
      chunkSize: 501,
      spendCap: 0,
    });
    expect(result).toEqual({
      saved: false,
      problems: {
        apiKey: expect.any(String),
        baseUrl: expect.stringMatching(/https/),
        chunkSize: expect.stringMatching(/1 to 500/),
        spendCap: expect.any(String),
      },
    });
    expect(rpc<SettingsView>("getSettings", null)).toMatchObject({
      hasKey: true,
      chunkSize: 50,
      spendCap: 1200,
    });
    expect(userProperty("API_KEY")).toBe(SECRET);
  });

  it("refuses an address the manifest's urlFetchWhitelist does not allow, and user-info tricks", () => {
    for (const baseUrl of [
      "https://api.prospecting-data.example@evil.example",
      "https://evil.example",
      "https://api.prospecting-data.example.evil.example",
    ]) {
      const result = rpc<SaveSettingsResult>("saveSettings", { baseUrl });
      expect(result, baseUrl).toEqual({ saved: false, problems: { baseUrl: expect.any(String) } });
    }
    const refused = rpc<SaveSettingsResult>("saveSettings", { baseUrl: "https://evil.example" });
    expect(!refused.saved && refused.problems.baseUrl).toMatch(/API_BASE_URL/);
    expect(userProperty("API_BASE_URL")).toBe(addon.sandboxUrl);
  });

  it("returns to the built-in address when the address is cleared", () => {
    rpc("saveSettings", { baseUrl: "" });
    const view = rpc<SettingsView>("getSettings", null);
    expect(view.baseUrlIsDefault).toBe(true);
    expect(view.baseUrl).toBe(view.defaultBaseUrl);
    expect(view.baseUrl).toMatch(/^https:\/\//);
    expect(userProperty("API_BASE_URL")).toBeNull();
    rpc("saveSettings", { baseUrl: addon.sandboxUrl });
  });

  it("removes the key: formulas then say to save one", () => {
    rpc("saveSettings", { apiKey: SECRET });
    expect(rpc<SettingsView>("removeApiKey", null)).toMatchObject({ hasKey: false, maskedKey: "" });
    expect(userProperty("API_KEY")).toBeNull();
    addon.runtime.setCell(SHEET, "A2", urls[1]!);
    addon.runtime.setCell(SHEET, "B2", '=LOOKUP_LEAD(A2, "full_name")');
    expect(String(addon.runtime.getValues(SHEET, "B2")[0]![0])).toMatch(/No API key yet.*owner.*Settings/);
    addon.runtime.setCell(SHEET, "C2", "=CREDIT_BALANCE(A2)");
    expect(addon.runtime.getCell(SHEET, "C2").error?.message).toMatch(/No API key yet/);
  });
});

describe("formulas in a shared spreadsheet", () => {
  it("spend the owner's key, whoever types them", async () => {
    rpc("saveSettings", { apiKey: DEMO_KEY });
    const owner = addon.runtime.user;
    addon.runtime.user = "editor@example.com";
    try {
      addon.runtime.properties.user("editor@example.com").setAll({ API_KEY: SECRET });
      addon.runtime.setCell(SHEET, "A3", urls[2]!);
      addon.runtime.setCell(SHEET, "B3", '=LOOKUP_LEAD(A3, "full_name")');
      expect(addon.runtime.getValues(SHEET, "B3")[0]![0]).not.toBe("");
      const charged = (await addon.control.stats()).ledger.map((entry) => entry.key);
      expect(charged).toEqual([DEMO_KEY]);
    } finally {
      addon.runtime.user = owner;
    }
  });
});

describe("the API key", () => {
  it("never reaches a cell, a log, an error message or the sidebar", async () => {
    const answers: unknown[] = [];
    const call = (method: string, arg: unknown) => answers.push(addon.runtime.rpc(method, arg));
    call("saveSettings", { apiKey: `Token ${SECRET}` });
    call("getSettings", null);
    call("testConnection", null);
    // Success, bad URL, not found, unknown field, out of credits, refused key, unreachable API.
    addon.runtime.setValues(SHEET, "A10", [
      [urls[3]!],
      ["not a url"],
      ["https://www.network.example/in/nobody-at-all-123"],
    ]);
    addon.runtime.setCell(SHEET, "B10", "=LOOKUP_LEAD(A10:A12)");
    addon.runtime.setCell(SHEET, "H10", '=LOOKUP_LEAD(A10, "password")');
    addon.runtime.setCell(SHEET, "I10", "=CREDIT_BALANCE()");
    await addon.control.setCredits(SECRET, 0);
    addon.runtime.setCell(SHEET, "A13", urls[4]!);
    addon.runtime.setCell(SHEET, "B13", '=LOOKUP_LEAD(A13, "full_name")');
    // A refused key is not saved (its answer names no key); then the saved key is revoked.
    call("saveSettings", { apiKey: `${SECRET}-revoked` });
    addon.runtime.properties.user(addon.runtime.user).setAll({ API_KEY: `${SECRET}-revoked` });
    call("testConnection", null);
    addon.runtime.setCell(SHEET, "A14", urls[5]!);
    addon.runtime.setCell(SHEET, "B14", '=LOOKUP_LEAD(A14, "full_name")');
    call("saveSettings", { baseUrl: "http://127.0.0.1:1" });
    call("testConnection", null);
    addon.runtime.setCell(SHEET, "A15", urls[6]!);
    addon.runtime.setCell(SHEET, "B15", '=LOOKUP_LEAD(A15, "full_name")');
    call("saveSettings", { baseUrl: addon.sandboxUrl, apiKey: SECRET });

    // The scenario did reach every path it means to.
    const text = (a1: string) => String(addon.runtime.getValues(SHEET, a1)[0]![0]);
    expect(text("B10")).not.toBe("");
    expect(text("B13")).toMatch(/out of credits/);
    expect(text("B14")).toMatch(/API key was not accepted/);
    expect(text("B15")).toMatch(/could not be reached/);
    expect(addon.runtime.getCell(SHEET, "H10").error?.message).toMatch(/Unknown field/);

    const cells = addon.runtime.getSheetCells(SHEET).flat();
    const haystack = [
      JSON.stringify(cells),
      JSON.stringify(addon.runtime.snapshot()),
      JSON.stringify(addon.runtime.logs),
      JSON.stringify(addon.runtime.executions),
      JSON.stringify(answers),
      JSON.stringify(addon.runtime.ui),
      JSON.stringify(addon.runtime.properties.document.all()),
      JSON.stringify(addon.runtime.properties.script.all()),
    ].join("\n");
    for (const fragment of [SECRET, SECRET.slice(0, 10), SECRET.slice(-10)]) {
      expect(haystack).not.toContain(fragment);
    }
  });
});
