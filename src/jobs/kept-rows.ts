/**
 * Paid answers kept across a cut-off. A search's answers are paid the moment the API sends them;
 * if Apps Script cuts the execution off before they reach the sheet, they would be lost. So they
 * are kept in the document's store right after they arrive and cleared once written; the next
 * run of the same search writes what an earlier one left (the sheets' own deduplication keeps
 * that from writing a row twice). The store holds 9 KB a value and 500 KB in all, shared with
 * other state: at most MAX_CHARS of answers are kept.
 */
import type { Store } from "./enrich/ports";

const PART_CHARS = 8_000;
const MAX_PARTS = 25;
/** About 200 KB: a run's answers beyond this are not kept (the write follows at once anyway). */
export const MAX_CHARS = PART_CHARS * MAX_PARTS;

const partKey = (kind: string, part: number) => `kept.${kind}.${part}`;
const countKey = (kind: string) => `kept.${kind}.parts`;

/**
 * Keeps `records` (appended to what is kept) as long as they fit; answers how many were kept.
 * All parts and their count go in one store call: a search keeps up to 26 values, and one
 * property write each cost 1.6 s of a 200-company search with the cost model on.
 */
export function keepRecords(store: Store, kind: string, records: readonly unknown[]): number {
  if (records.length === 0) return 0;
  const texts = takeKept(store, kind).map((record) => JSON.stringify(record));
  // The JSON of the array: "[" + texts joined by "," + "]".
  let length = 1 + texts.reduce((sum, text) => sum + text.length + 1, 0);
  let kept = 0;
  for (const record of records) {
    const text = JSON.stringify(record);
    if (length + text.length + 1 > MAX_CHARS) break;
    texts.push(text);
    length += text.length + 1;
    kept += 1;
  }
  const all = `[${texts.join(",")}]`;
  const parts = Math.ceil(all.length / PART_CHARS);
  const entries: Record<string, string> = { [countKey(kind)]: String(parts) };
  for (let part = 0; part < parts; part += 1) {
    entries[partKey(kind, part)] = all.slice(part * PART_CHARS, (part + 1) * PART_CHARS);
  }
  store.setMany(entries);
  return kept;
}

/** What an earlier run kept and did not write (empty when nothing, or when it cannot be read). */
export function takeKept(store: Store, kind: string): unknown[] {
  const parts = Number(store.get(countKey(kind)) ?? 0);
  if (!(parts > 0)) return [];
  let text = "";
  for (let part = 0; part < parts; part += 1) text += store.get(partKey(kind, part)) ?? "";
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/**
 * Forgets what is kept, in one store call: the count goes to 0 and the parts to empty text (the
 * keys stay, a few bytes each; deleting them would take one call a key).
 */
export function clearKept(store: Store, kind: string): void {
  const parts = Number(store.get(countKey(kind)) ?? 0);
  if (!(parts > 0)) return;
  const entries: Record<string, string> = { [countKey(kind)]: "0" };
  for (let part = 0; part < parts; part += 1) entries[partKey(kind, part)] = "";
  store.setMany(entries);
}
