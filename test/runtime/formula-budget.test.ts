/**
 * The owner's daily formula budget (issue 12.5): formulas in a shared spreadsheet spend the
 * owner's key, and the spend cap holds per execution only, so an editor typing many formulas
 * could spend without bound. In the emulated runtime (built bundle, sandbox API, a manual clock):
 * an editor's formulas stop at the owner's budget for the day, the cells say so, the count starts
 * again the next day, and "off" lifts it. Credits are read from the sandbox's own ledger.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import { type ManualClock, manualClock } from "../../sandbox/gas/clock";
import { PATHS } from "../../src/api/wire";
import type { SettingsView } from "../../src/rpc/settings";
import { rpcValue } from "../jobs/enrich-world";
import { type AddonRuntime, startAddonRuntime } from "./support";

const SHEET = "Sheet1";
const OWNER = "owner@example.com";
const EDITOR = "editor@example.com";
let addon: AddonRuntime;
let clock: ManualClock;
let urls: string[];
let nextUrl = 0;

function freshUrls(n: number): string[] {
  const taken = urls.slice(nextUrl, nextUrl + n);
  nextUrl += n;
  if (taken.length < n) throw new Error("Ask the sandbox for more sample URLs");
  return taken;
}

async function lookupCredits(): Promise<number> {
  return ledgerCredits(addon.control, PATHS.leadLookup);
}

/** The editor types `formulas` formulas, each over its own column of 8 new URLs. */
function editorTypesFormulas(formulas: number): string[] {
  addon.runtime.user = EDITOR;
  const cells: string[] = [];
  for (let f = 0; f < formulas; f++) {
    const top = 2 + f * 10;
    addon.runtime.setValues(
      SHEET,
      `A${top}`,
      freshUrls(8).map((u) => [u]),
    );
    addon.runtime.setCell(SHEET, `B${top}`, `=LOOKUP_LEAD(A${top}:A${top + 7}, "full_name")`);
    cells.push(`B${top}:B${top + 7}`);
  }
  addon.runtime.user = OWNER;
  return cells;
}

function ownerSettings(values: Record<string, string>): void {
  addon.runtime.properties.user(OWNER).setAll(values);
}

beforeAll(async () => {
  clock = manualClock(Date.UTC(2026, 10, 23, 9, 0, 0));
  addon = await startAddonRuntime({ runtime: { user: OWNER, clock } });
  urls = await addon.control.sampleUrls(400);
});
afterAll(async () => {
  await addon?.close();
});
beforeEach(async () => {
  await addon.control.reset();
  addon.runtime.properties.user(OWNER).setAll({ SPEND_CAP: "10" });
  addon.runtime.properties.user(OWNER).delete("FORMULA_DAILY_CREDITS");
  clock.advance(24 * 60 * 60 * 1000);
});

describe("the owner's daily formula budget", () => {
  it("stops an editor's six formulas at the owner's 10 credits a day, with a message in the cells", async () => {
    ownerSettings({ FORMULA_DAILY_CREDITS: "10" });
    const ranges = editorTypesFormulas(6);
    expect(await lookupCredits()).toBe(10);
    const values = ranges.flatMap((range) =>
      addon.runtime.getValues(SHEET, range).map((row) => String(row[0])),
    );
    const refused = values.filter((v) => /formula budget of/.test(v));
    expect(refused).toHaveLength(48 - 10);
    expect(refused[0]).toMatch(/10 credits/);
    // The owner sees what formulas spent today in this spreadsheet.
    const view = rpcValue<SettingsView>(addon.runtime, "getSettings", null);
    expect(view).toMatchObject({ formulaBudget: 10, formulaSpentToday: 10 });
  });

  it("starts again the next day", async () => {
    ownerSettings({ FORMULA_DAILY_CREDITS: "5" });
    editorTypesFormulas(1);
    expect(await lookupCredits()).toBe(5);
    clock.advance(24 * 60 * 60 * 1000);
    editorTypesFormulas(1);
    expect(await lookupCredits()).toBe(10);
  });

  it("applies a small default budget when the owner set none", async () => {
    ownerSettings({ SPEND_CAP: "500" });
    editorTypesFormulas(15);
    expect(await lookupCredits()).toBe(100);
  });

  it("is lifted by 'off' (the spend cap per run still holds)", async () => {
    ownerSettings({ FORMULA_DAILY_CREDITS: "off", SPEND_CAP: "500" });
    editorTypesFormulas(15);
    expect(await lookupCredits()).toBe(120);
  });

  it("is set in Settings by whoever owns the key, and checked", () => {
    const saved = rpcValue<{ saved: boolean; settings?: SettingsView }>(addon.runtime, "saveSettings", {
      formulaBudget: "25",
    });
    expect(saved).toMatchObject({ saved: true, settings: { formulaBudget: 25 } });
    expect(addon.runtime.properties.user(OWNER).all().FORMULA_DAILY_CREDITS).toBe("25");
    const off = rpcValue<{ settings?: SettingsView }>(addon.runtime, "saveSettings", {
      formulaBudget: "off",
    });
    expect(off.settings?.formulaBudget).toBeNull();
    const bad = rpcValue<{ saved: boolean; problems?: Record<string, string> }>(
      addon.runtime,
      "saveSettings",
      {
        formulaBudget: "lots",
      },
    );
    expect(bad).toMatchObject({ saved: false, problems: { formulaBudget: expect.stringMatching(/off/) } });
  });
});
