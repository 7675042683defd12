/**
 * The formulas' answers and in-flight markers, packed into a fixed, small number of cache items.
 *
 * CacheService keeps at most 1,000 items a cache and, past that, only the 900 farthest from
 * expiring (PRODUCTION.md G4). One item per answer plus one marker per URL overflowed it: a
 * formula over 1,200 URLs, recalculated once, paid for 200 of them twice. Here every answer key
 * hashes to one of SHELVES shelves, and a shelf is stored as at most PARTS items of under 100 KB
 * each, so the formulas never hold more than SHELVES x PARTS (256) items, whatever the ranges,
 * and the cap's eviction never reaches them. Each entry carries its own time, so an answer still
 * counts for 6 hours and a marker for 10 minutes although the shelf is rewritten more often.
 *
 * A shelf is read, changed and written back; two formula cells doing that at once could lose one
 * another's entries (then a recalculation pays again), so writes go under a short lock when the
 * caller gives one. Google may still drop items early ("best effort"): that costs a fetch, as it
 * always did, and is said in docs/formulas.md.
 */
import type { Lead } from "../../api/wire";
import { compactJson, LEAD_CACHE_SECONDS, MAX_CACHED_BYTES, type TextCache, utf8Bytes } from "./cache";
import { CUSTOM_FUNCTION_LIMIT_MS, IN_FLIGHT_SECONDS, isAbandoned } from "./in-flight";

/** Shelves the answer keys are spread over. */
export const SHELVES = 32;
/** Cache items a shelf may take (each under 100 KB): 32 x 8 = 256 items, 25 MB at most. */
export const PARTS = 8;
/** Bump when the stored shape changes, so old items are not misread. */
const VERSION = "lk2";

/** Runs `work` under a lock held by one execution at a time (the document's formulas share it). */
export interface ShelfLock {
  run<T>(work: () => T): T;
}

/**
 * One answer key's entry: the cached answer and when it was cached, and/or when it was sent. The
 * answer is a lead for =LOOKUP_LEAD, an email finding for =FIND_EMAIL and =VALIDATE_EMAIL: their
 * keys never meet (emails' keys start with their own prefix), so one set of shelves keeps both
 * under the same 256-item ceiling.
 */
interface Entry<V = Lead> {
  /** The answer, when answered. */
  l?: V;
  /** Epoch ms the lead was cached. */
  t?: number;
  /** Epoch ms the lookup was sent (an in-flight marker). */
  f?: number;
}

type Shelf = Map<string, Entry<unknown>>;

/** FNV-1a: a fast, even spread of keys over the shelves. */
function shelfOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % SHELVES;
}

function partKey(shelf: number, part: number): string {
  return `${VERSION}|${shelf}|${part}`;
}

function partKeys(shelves: Iterable<number>): string[] {
  const keys: string[] = [];
  for (const shelf of shelves) for (let part = 0; part < PARTS; part += 1) keys.push(partKey(shelf, part));
  return keys;
}

function shelvesOf(keys: readonly string[]): Set<number> {
  return new Set(keys.map(shelfOf));
}

function isEntry(value: unknown): value is [string, Entry<unknown>] {
  return (
    Array.isArray(value) &&
    typeof value[0] === "string" &&
    value[1] !== null &&
    typeof value[1] === "object" &&
    !Array.isArray(value[1])
  );
}

/** Entries still alive at `now`: answers younger than 6 h, markers younger than 10 minutes. */
function alive(entry: Entry<unknown>, now: number): Entry<unknown> | null {
  const kept: Entry<unknown> = {};
  if (entry.l !== undefined && typeof entry.t === "number" && now - entry.t < LEAD_CACHE_SECONDS * 1000) {
    kept.l = entry.l;
    kept.t = entry.t;
  }
  if (typeof entry.f === "number" && now - entry.f < IN_FLIGHT_SECONDS * 1000) kept.f = entry.f;
  return kept.l === undefined && kept.f === undefined ? null : kept;
}

/** The shelves' entries found in the cache (an unreadable part is skipped: it only costs a fetch). */
function readShelves(cache: TextCache, shelves: Set<number>, now: number): Map<number, Shelf> {
  const found = shelves.size === 0 ? {} : cache.getAll(partKeys(shelves));
  const result = new Map<number, Shelf>();
  for (const shelf of shelves) {
    const entries: Shelf = new Map();
    for (let part = 0; part < PARTS; part += 1) {
      const text = found[partKey(shelf, part)];
      if (text === undefined) continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        continue;
      }
      if (!Array.isArray(parsed)) continue;
      for (const item of parsed) {
        if (!isEntry(item)) continue;
        const entry = alive(item[1], now);
        if (entry !== null) entries.set(item[0], entry);
      }
    }
    result.set(shelf, entries);
  }
  return result;
}

/**
 * A shelf as at most PARTS values under 100 KB each. Markers go first (small, and what stops a
 * second payment); then answers, newest first, until the parts are full: the oldest answers are
 * the ones left out, and a single answer larger than a value is never cached.
 */
function packShelf(shelf: Shelf): string[] {
  const texts = [...shelf]
    .sort(([, a], [, b]) => (b.f ?? 0) - (a.f ?? 0) || (b.t ?? 0) - (a.t ?? 0))
    .map((entry) => compactJson(entry));
  const parts: string[][] = [];
  let current: string[] = [];
  let bytes = 2;
  for (const text of texts) {
    const size = utf8Bytes(text) + 1;
    if (size + 2 > MAX_CACHED_BYTES) continue;
    if (bytes + size > MAX_CACHED_BYTES) {
      parts.push(current);
      if (parts.length === PARTS) break;
      current = [];
      bytes = 2;
    }
    current.push(text);
    bytes += size;
  }
  if (current.length > 0 && parts.length < PARTS) parts.push(current);
  return parts.map((part) => `[${part.join(",")}]`);
}

export interface ShelfView<V = Lead> {
  answers: Map<string, V>;
  /** Start times (epoch ms) of the in-flight markers found. */
  inFlight: Map<string, number>;
}

export interface Shelves<V = Lead> {
  /** The cached answers and the in-flight markers of these answer keys, as alive at `now`. */
  read(keys: readonly string[], now: number): ShelfView<V>;
  /**
   * Marks these keys in flight (sent at `now`), under the lock; returns the keys another
   * execution marked less than 30 s ago (fetching them right now), which it leaves marked as theirs.
   */
  markInFlight(keys: readonly string[], now: number): string[];
  /**
   * Caches the answers and clears the markers of `settled` (answered or failed); the markers of
   * `lost` (sent, answer lost: maybe charged) stay, dated as abandoned (in-flight.ts), so that the
   * next calculation neither sends them again nor waits for them.
   */
  settle(answers: ReadonlyMap<string, V>, settled: readonly string[], now: number, lost?: string[]): void;
}

export function createShelves<V = Lead>(cache: TextCache, lock?: ShelfLock): Shelves<V> {
  /** Reads the shelves of `keys`, changes them, writes back what changed: under the lock. */
  function update(
    keys: readonly string[],
    now: number,
    change: (key: string, entry: Entry<unknown>) => Entry<unknown> | null,
  ) {
    if (keys.length === 0) return;
    const write = () => {
      const shelves = readShelves(cache, shelvesOf(keys), now);
      for (const key of keys) {
        const shelf = shelves.get(shelfOf(key))!;
        const entry = change(key, { ...shelf.get(key) });
        if (entry === null) shelf.delete(key);
        else shelf.set(key, entry);
      }
      const values: Record<string, string> = {};
      const stale: string[] = [];
      for (const [number, shelf] of shelves) {
        const parts = packShelf(shelf);
        for (let part = 0; part < PARTS; part += 1) {
          const text = parts[part];
          if (text === undefined) stale.push(partKey(number, part));
          else values[partKey(number, part)] = text;
        }
      }
      if (Object.keys(values).length > 0) cache.putAll(values, LEAD_CACHE_SECONDS);
      if (stale.length > 0) cache.removeAll?.(stale);
    };
    if (lock) lock.run(write);
    else write();
  }

  return {
    read(keys, now) {
      const shelves = readShelves(cache, shelvesOf(keys), now);
      const answers = new Map<string, V>();
      const inFlight = new Map<string, number>();
      for (const key of keys) {
        const entry = shelves.get(shelfOf(key))?.get(key);
        // The shelf's JSON holds what settle stored under this key: an answer of type V.
        if (entry?.l !== undefined) answers.set(key, entry.l as V);
        if (entry?.f !== undefined) inFlight.set(key, entry.f);
      }
      return { answers, inFlight };
    },
    markInFlight(keys, now) {
      const taken: string[] = [];
      update(keys, now, (key, entry) => {
        if (entry.f === undefined || isAbandoned(entry.f, now)) return { ...entry, f: now };
        taken.push(key);
        return entry;
      });
      return taken;
    },
    settle(answers, settled, now, lost = []) {
      update([...settled, ...lost], now, (key, entry) => {
        if (lost.includes(key)) return { ...entry, f: now - CUSTOM_FUNCTION_LIMIT_MS - 1 };
        const answer = answers.get(key);
        const next: Entry<unknown> = answer === undefined ? { ...entry } : { l: answer, t: now };
        delete next.f;
        return next.l === undefined ? null : next;
      });
    },
  };
}
