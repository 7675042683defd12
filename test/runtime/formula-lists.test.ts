/**
 * =LOOKUP_LEAD writes list fields (jobs, educations, ...) as the List fields setting says, as
 * Enrich and the Companies/Leads sheets do: the built bundle in the emulated runtime, against the
 * sandbox API. Formulas run with the spreadsheet OWNER's user properties (PRODUCTION.md G5), so
 * the owner's choice applies to every formula of the spreadsheet; the cache holds the lead, not the
 * cell text, so a changed setting shows on the next recalculation without a request.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PATHS } from "../../src/api/wire";
import type { SaveSettingsResult } from "../../src/rpc/settings";
import { listText } from "../../src/sheet/list-text";
import { rpcValue } from "../jobs/enrich-world";
import { type AddonRuntime, startAddonRuntime } from "./support";

const SHEET = "Sheet1";
const EDITOR = "editor@example.com";
let addon: AddonRuntime;
let urls: string[];

function save(listStyle: string, user?: string): void {
  const saved = rpcValue<SaveSettingsResult>(
    addon.runtime,
    "saveSettings",
    { listStyle },
    user ? { user } : {},
  );
  expect(saved.saved).toBe(true);
}

/** The formula's jobs and educations cells, as text. */
function listCells(): [string, string] {
  const [jobs, educations] = addon.runtime.getValues(SHEET, "B2:C2")[0]!;
  return [String(jobs), String(educations)];
}

async function lookupCharges() {
  return (await addon.control.stats()).ledger.filter((entry) => entry.path === PATHS.leadLookup);
}

beforeAll(async () => {
  addon = await startAddonRuntime();
  urls = await addon.control.sampleUrls(10);
  addon.runtime.properties.user(EDITOR).setAll({ API_BASE_URL: addon.sandboxUrl });
});
afterAll(async () => {
  await addon?.close();
});
beforeEach(async () => {
  await addon.control.reset();
  addon.runtime.resetCounters();
});

describe("=LOOKUP_LEAD's list fields", () => {
  it("follow the owner's List fields setting; a change shows on recalculation without a request", async () => {
    // Nothing saved: the setting's default, readable text, as Enrich writes it.
    addon.runtime.setCell(SHEET, "A2", urls[0]!);
    addon.runtime.setCell(SHEET, "B2", '=LOOKUP_LEAD(A2, "jobs, educations")');
    expect(addon.runtime.getCell(SHEET, "B2").error).toBeUndefined();
    const readable = listCells();
    expect(readable[0]).not.toBe("");
    for (const cell of readable) expect(cell).not.toMatch(/^[[{]/);
    expect(await lookupCharges()).toHaveLength(1);
    const requests = addon.runtime.counters.requests;

    // The owner picks JSON: the next recalculation shows JSON of the same lists, from the cache.
    save("json");
    addon.runtime.recalculate({ all: true });
    const json = listCells();
    expect(json[0]).toMatch(/^\[/);
    expect(json.map((cell) => (cell === "" ? "" : listText(JSON.parse(cell))))).toEqual(readable);

    // An editor's own choice is theirs (their Enrich runs); formulas keep the owner's.
    save("readable", EDITOR);
    addon.runtime.recalculate({ all: true });
    expect(listCells()).toEqual(json);

    save("readable");
    addon.runtime.recalculate({ all: true });
    expect(listCells()).toEqual(readable);

    expect(addon.runtime.counters.requests).toBe(requests);
    expect(await lookupCharges()).toHaveLength(1);
  });
});
