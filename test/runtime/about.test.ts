/**
 * The About menu item and the sidebar's version (issue 22): the built add-on shows package.json's
 * version and its support, privacy and terms pages, for the owner and for an editor who has no
 * API key, without loading the server module and without asking the API anything.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rpcValue } from "../jobs/enrich-world";
import { type AddonRuntime, startAddonRuntime } from "./support";

const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  version: string;
  addon: { supportUrl: string; privacyPolicyUrl: string; termsOfServiceUrl: string };
};
const EDITOR = "editor@example.com";

/** Every request the sandbox API has answered so far, all endpoints together. */
async function requestsSoFar(addon: AddonRuntime): Promise<number> {
  const { requests } = await addon.control.stats();
  return Object.values(requests).reduce((sum, n) => sum + n, 0);
}

describe("About", () => {
  let addon: AddonRuntime;
  beforeAll(async () => {
    addon = await startAddonRuntime();
  });
  afterAll(async () => {
    await addon?.close();
  });

  it("is the menu's last item, after a separator", () => {
    addon.runtime.open();
    const menu = addon.runtime.ui.menus.find((m) => m.addon);
    expect(menu?.items.slice(-2)).toEqual([
      { kind: "separator" },
      { kind: "item", caption: "About", functionName: "showAbout" },
    ]);
  });

  it.each([
    ["the owner", undefined],
    ["an editor without a key", EDITOR],
  ])(
    "shows %s the version and the three pages, reading no project file and sending nothing",
    async (_who, user) => {
      const before = await requestsSoFar(addon);
      const executions = addon.runtime.executions.length;
      addon.runtime.clickMenu("About", user ? { user } : {});
      const alert = addon.runtime.ui.events.filter((event) => event.type === "alert").at(-1);
      expect(alert).toMatchObject({ title: "About Prospecting", buttons: "OK" });
      const prompt = (alert as { prompt: string }).prompt;
      expect(prompt).toContain(`version ${pkg.version}.`);
      for (const url of Object.values(pkg.addon)) expect(prompt).toContain(url);
      const run = addon.runtime.executions.slice(executions);
      expect(run.map((r) => [r.name, r.outcome, r.filesRead])).toEqual([["showAbout", "completed", []]]);
      expect(await requestsSoFar(addon)).toBe(before);
    },
  );

  it("gives the sidebar the same version and pages", () => {
    expect(rpcValue(addon.runtime, "getServerInfo", null)).toEqual({ version: pkg.version, ...pkg.addon });
  });
});
