/**
 * Saved ICP presets and personas in document properties, in the emulated runtime (the built
 * bundle): names that are also the names of Object.prototype's members (`__proto__`,
 * `constructor`, `toString`...) are refused when saving, and a store that already holds them
 * (written by an earlier version, or by hand) still lists every other preset for every editor.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emptyForm as emptyCompanyForm } from "../../src/jobs/company-search/form";
import type { Presets } from "../../src/rpc/companies";
import type { PersonaPreset } from "../../src/rpc/leads";
import { rpcValue } from "../jobs/enrich-world";
import { type AddonRuntime, startAddonRuntime } from "./support";

let addon: AddonRuntime;
const RESERVED = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "__defineGetter__",
];
const ICP = { ...emptyCompanyForm(), industries: ["Software"] };
const PERSONAS = [{ name: "Buyers", functions: ["Sales"], seniorities: ["VP"], prohibit: [] }];

function answer(method: string, arg: unknown) {
  return addon.runtime.rpc(method, arg) as { ok: boolean; value?: unknown; error?: { message: string } };
}

beforeAll(async () => {
  addon = await startAddonRuntime();
});
afterAll(async () => {
  await addon?.close();
});
beforeEach(() => {
  addon.runtime.properties.document.clear();
});

describe("ICP presets", () => {
  it("refuses each reserved name and keeps the list as it was", () => {
    rpcValue(addon.runtime, "companySavePreset", { name: "ICP", form: ICP });
    for (const name of RESERVED) {
      const saved = answer("companySavePreset", { name, form: ICP });
      expect(saved.ok, name).toBe(false);
      expect(saved.error?.message).toMatch(/reserved|another name/i);
    }
    const presets = rpcValue<Presets>(addon.runtime, "companyPresets", null);
    expect(Object.keys(presets)).toEqual(["ICP"]);
    expect(presets.ICP?.industries).toEqual(["Software"]);
  });

  it("lists the other presets of a store that holds reserved names, and deletes them", () => {
    const stored = `{"__proto__": {"industries": ["Evil"]}, "constructor": {}, "toString": {"keywords": ["x"]}, "ICP": ${JSON.stringify(ICP)}}`;
    addon.runtime.properties.document.setAll({ "companies.presets": stored });
    const presets = rpcValue<Presets>(addon.runtime, "companyPresets", null);
    expect(Object.keys(presets)).toEqual(["ICP"]);
    expect(presets.ICP?.industries).toEqual(["Software"]);
    expect((presets as Record<string, unknown>).industries).toBeUndefined();
    // Saving another preset keeps ICP and drops what could not be listed.
    const after = rpcValue<Presets>(addon.runtime, "companySavePreset", { name: "Second", form: ICP });
    expect(Object.keys(after).sort()).toEqual(["ICP", "Second"]);
    const deleted = rpcValue<Presets>(addon.runtime, "companyDeletePreset", { name: "__proto__" });
    expect(Object.keys(deleted).sort()).toEqual(["ICP", "Second"]);
  });
});

describe("saved personas", () => {
  it("refuses each reserved name", () => {
    rpcValue(addon.runtime, "leadsSavePreset", { name: "Buyers", personas: PERSONAS });
    for (const name of RESERVED) {
      const saved = answer("leadsSavePreset", { name, personas: PERSONAS });
      expect(saved.ok, name).toBe(false);
      expect(saved.error?.message).toMatch(/reserved|another name/i);
    }
    const presets = rpcValue<PersonaPreset[]>(addon.runtime, "leadsPresets", null);
    expect(presets.map((p) => p.name)).toEqual(["Buyers"]);
  });

  it("lists only well-formed presets of a damaged store", () => {
    const stored = JSON.stringify([
      { name: "__proto__", personas: PERSONAS },
      { name: "Buyers", personas: PERSONAS },
      null,
      { name: 5, personas: "x" },
      { name: "Odd", personas: [null, { name: 1 }] },
    ]);
    addon.runtime.properties.document.setAll({ "leads.presets": stored });
    const presets = rpcValue<PersonaPreset[]>(addon.runtime, "leadsPresets", null);
    expect(presets).toEqual([{ name: "Buyers", personas: PERSONAS }]);
  });
});
