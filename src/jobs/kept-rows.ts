/**
 * Paid answers kept across a cut-off. A search's answers are paid the moment the API sends them;
 * if Apps Script cuts the execution off before they reach the sheet, they would be lost. So they
 * are kept in the document's store right after they arrive and cleared once written; the next
 * run of the same search writes what an earlier one left (the sheets' own deduplication keeps
 * that from writing a row twice). The store holds 9 KB a value and 500 KB in all, shared with
 * other state: at most MAX_CHARS of answers are kept.
 *
 * That leaves one window: a cut-off right after the answers arrive, before the write that keeps
 * them (nothing written then survives: Apps Script stops at the next service call). So a run notes
 * that it is sending before it sends (noteSending), and keeping the answers clears the note; a note
 * the next run finds (takeSending) says a search was sent, may have been charged, and was lost.
 * Before, nothing said so: 20 credits charged, no row, no word, and the next search bought the
 * same companies again.
 */
import type { Store } from "./enrich/ports";

const PART_CHARS = 8_000;
const MAX_PARTS = 25;
/** About 200 KB: a run's answers beyond this are not kept (the write follows at once anyway). */
export const MAX_CHARS = PART_CHARS * MAX_PARTS;

const partKey = (kind: string, part: number) => `kept.${kind}.${part}`;
const countKey = (kind: string) => `kept.${kind}.parts`;
const sendingKey = (kind: string) => `kept.${kind}.sending`;

/** What a run notes before it sends paid requests: when, and the most they may cost. */
export interface SendingNote {
  at: string;
  maxCredits: number;
}

/** Notes, before paid requests go out, that they are being sent (see the top). */
export function noteSending(store: Store, kind: string, note: SendingNote): void {
  store.set(sendingKey(kind), JSON.stringify(note));
}

/** The note a run cut off after sending left, forgotten once read; null when none. */
export function takeSending(store: Store, kind: string): SendingNote | null {
  const text = store.get(sendingKey(kind));
  if (!text) return null;
  store.set(sendingKey(kind), "");
  try {
    const note = JSON.parse(text) as Partial<SendingNote>;
    return typeof note.at === "string" && typeof note.maxCredits === "number"
      ? { at: note.at, maxCredits: note.maxCredits }
      : null;
  } catch {
    return null;
  }
}

/**
 * Keeps `records` (appended to what is kept) as long as they fit; answers how many were kept.
 * All parts and their count go in one store call (with the sending note's clearing): a search
 * keeps up to 26 values, and one property write each cost 1.6 s of a 200-company search with the
 * cost model on.
 */
export function keepRecords(store: Store, kind: string, records: readonly unknown[]): number {
  // The answers are in hand: the note that they were being sent goes with this write.
  if (records.length === 0) {
    if (store.get(sendingKey(kind))) store.set(sendingKey(kind), "");
    return 0;
  }
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
  const entries: Record<string, string> = { [countKey(kind)]: String(parts), [sendingKey(kind)]: "" };
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
