/**
 * Paid answers kept in the document's store until written (issue 12.3), at the price of one store
 * write to keep them and one to clear them: a property write costs about 62 ms in production (G6),
 * and keeping 200 companies took 26 writes and clearing them 26 deletes (3.2 s of a 7.2 s search).
 * The same for an enrichment's URL states, saved after every chunk.
 */
import { describe, expect, it } from "vitest";
import { loadJob, STATES_PER_KEY, saveJob } from "../../src/jobs/enrich/cursor";
import type { EnrichJob } from "../../src/jobs/enrich/job-types";
import { clearKept, keepRecords, MAX_CHARS, takeKept } from "../../src/jobs/kept-rows";
import { MemoryStore } from "./enrich-fakes";

class CountingStore extends MemoryStore {
  writes = 0;
  override set(key: string, value: string): void {
    this.writes += 1;
    super.set(key, value);
  }
  override setMany(entries: Record<string, string>): void {
    this.writes += 1;
    for (const [key, value] of Object.entries(entries)) super.set(key, value);
  }
  override remove(key: string): void {
    this.writes += 1;
    super.remove(key);
  }
}

const company = (id: number) => ({ network_id: id, name: `Company ${id}`, description: "x".repeat(900) });

describe("kept paid rows", () => {
  it("keeps 200 companies (about 190 KB in 24 parts) in one write and gives them back", () => {
    const store = new CountingStore();
    const records = Array.from({ length: 200 }, (_, i) => company(i));
    expect(keepRecords(store, "companies", records)).toBe(200);
    expect(store.writes).toBe(1);
    expect(Number(store.get("kept.companies.parts"))).toBeGreaterThan(20);
    expect(takeKept(store, "companies")).toEqual(records);
  });

  it("clears them in one write, after which nothing is kept", () => {
    const store = new CountingStore();
    keepRecords(store, "companies", [company(1), company(2)]);
    store.writes = 0;
    clearKept(store, "companies");
    expect(store.writes).toBe(1);
    expect(takeKept(store, "companies")).toEqual([]);
    clearKept(store, "companies");
    expect(store.writes).toBe(1);
  });

  it("appends to what an earlier run kept, up to the limit, and says how many it took", () => {
    const store = new CountingStore();
    keepRecords(store, "leads", [company(1)]);
    const many = Array.from({ length: 400 }, (_, i) => company(i + 2));
    const taken = keepRecords(store, "leads", many);
    expect(taken).toBeGreaterThan(150);
    expect(taken).toBeLessThan(400);
    const kept = takeKept(store, "leads");
    expect(kept).toEqual([company(1), ...many.slice(0, taken)]);
    expect(JSON.stringify(kept).length).toBeLessThanOrEqual(MAX_CHARS);
    // One more record would not have fitted.
    expect(JSON.stringify([...kept, many[taken]]).length).toBeGreaterThan(MAX_CHARS);
  });
});

describe("an enrichment's URL states", () => {
  it("saves the job with every changed part in one write, and only the parts that changed", () => {
    const store = new CountingStore();
    const before = "p".repeat(STATES_PER_KEY * 3);
    const job = { id: "j", distinct: before.length, stateParts: 0 } as unknown as EnrichJob;
    saveJob(store, job, before);
    store.writes = 0;
    // A chunk's URLs done in the first and the third part.
    const after = `d${before.slice(1, STATES_PER_KEY * 2 + 5)}d${before.slice(STATES_PER_KEY * 2 + 6)}`;
    const sent: string[] = [];
    const setMany = store.setMany.bind(store);
    store.setMany = (entries) => {
      sent.push(...Object.keys(entries));
      setMany(entries);
    };
    saveJob(store, job, after, before);
    expect(store.writes).toBe(1);
    expect(sent.sort()).toEqual(["enrich.job", "enrich.states.0", "enrich.states.2"]);
    expect(loadJob(store)?.states).toBe(after);
  });
});
