/**
 * The sandbox's hostileText control (sandbox/api/hostile-text.ts): every display text of an
 * answer hostile, the same text for the same record every time, identifiers and URLs untouched,
 * error details with a formula in front, and off by default.
 */
import { afterEach, describe, expect, it } from "vitest";
import { HOSTILE_PREFIXES, HOSTILE_VALUES } from "../../sandbox/api/hostile-text";
import type { Lead } from "../../src/api/wire";
import { PATHS, useSandbox } from "./support";

const api = useSandbox();

type LookupBody = { lead: Lead & Record<string, unknown>; amount: number };

const hostile = (text: string) =>
  (HOSTILE_VALUES as readonly string[]).includes(text) || HOSTILE_PREFIXES.some((p) => text.startsWith(p));

afterEach(() => api.control.configure({ hostileText: false }));

describe("hostileText", () => {
  it("makes a lookup's display text hostile, the same each time, its URL and ids as they were", async () => {
    const [url] = await api.control.sampleUrls(1, 4000);
    const plain = (await api.post<LookupBody>(PATHS.lookup, { url })).body.lead;
    expect(hostile(plain.full_name)).toBe(false);
    await api.control.configure({ hostileText: true });
    const first = (await api.post<LookupBody>(PATHS.lookup, { url })).body.lead;
    const again = (await api.post<LookupBody>(PATHS.lookup, { url })).body.lead;
    expect(again).toEqual(first);
    for (const field of ["full_name", "job_title", "company_name", "location", "headline"] as const) {
      expect(hostile(String(first[field])), field).toBe(true);
    }
    // A name keeps its own text after the hostile prefix, so people stay told apart.
    expect(first.full_name.endsWith(plain.full_name)).toBe(true);
    expect([first.network_url, first.network_id, first.sales_id]).toEqual([
      plain.network_url,
      plain.network_id,
      plain.sales_id,
    ]);
  });

  it("puts a formula in front of an error's detail, but keeps the not-found answer's exact text", async () => {
    await api.control.configure({ hostileText: true });
    const refused = await api.post<{ detail: string }>(PATHS.companies, { locations: ["Atlantis"] });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(/^=HYPERLINK\(.*ValidationError/);
    const missing = await api.post<{ detail: string }>(PATHS.lookup, {
      url: "https://www.network.example/in/nobody-at-all-zz9999",
    });
    expect(missing.body.detail).toBe("Bad url");
  });
});
