/**
 * CacheService (G4 of PRODUCTION.md; Google's CacheService reference): user, document and script
 * caches. Values expire after 600 s unless told otherwise, at most 21,600 s (6 hours); a value
 * holds at most 100 KB, a key 250 characters. A cache holds at most 1,000 items: when a write takes
 * it past that, it keeps the 900 farthest from expiring ("If more than 1000 items are written, the
 * cache keeps the 900 items farthest from expiring"), so short-lived entries go first. Google's
 * cache is best effort and may drop entries earlier: `runtime.caches.dropEarly(share)` does that
 * on demand. Time comes from the runtime's clock.
 */
import { randomSequence } from "../random";
import { effectiveUser, enter, type ServiceHost } from "./host";

export const CACHE_VALUE_LIMIT = 100 * 1024;
export const CACHE_KEY_LIMIT = 250;
export const CACHE_MAX_EXPIRATION_S = 21_600;
export const CACHE_DEFAULT_EXPIRATION_S = 600;
export const CACHE_MAX_ITEMS = 1000;
/** What a cache keeps once a write takes it past CACHE_MAX_ITEMS. */
export const CACHE_ITEMS_KEPT = 900;

interface Entry {
  value: string;
  expiresAt: number;
}

export class CacheStore {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number) {}

  get(key: string): string | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return null;
    }
    return entry.value;
  }

  /** Writes entries, then applies the cap once (a putAll is one write). */
  put(key: string, value: string, seconds: number): void {
    this.putMany([{ key, value, seconds }]);
  }

  putMany(entries: Array<{ key: string; value: string; seconds: number }>): void {
    const now = this.now();
    for (const entry of entries) {
      this.entries.delete(entry.key);
      this.entries.set(entry.key, { value: entry.value, expiresAt: now + entry.seconds * 1000 });
    }
    if (this.entries.size > CACHE_MAX_ITEMS) this.evict(now);
  }

  /** Past the cap: expired entries go, then all but the 900 farthest from expiring. */
  private evict(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    if (this.entries.size <= CACHE_MAX_ITEMS) return;
    // Latest expiry first; among equal expiries the most recently written first (Map order reversed).
    const ranked = [...this.entries].reverse().sort((a, b) => b[1].expiresAt - a[1].expiresAt);
    for (const [key] of ranked.slice(CACHE_ITEMS_KEPT)) this.entries.delete(key);
  }

  /** Drops a share (0..1) of the entries now, chosen by `random` (best effort, as Google's). */
  dropEarly(share: number, random: () => number): number {
    let dropped = 0;
    for (const key of [...this.entries.keys()]) {
      if (random() < share) {
        this.entries.delete(key);
        dropped++;
      }
    }
    return dropped;
  }

  clear(): void {
    this.entries.clear();
  }

  keys(): string[] {
    return [...this.entries.keys()];
  }

  remove(key: string): void {
    this.entries.delete(key);
  }

  size(): number {
    return this.entries.size;
  }
}

export class CacheStores {
  private readonly users = new Map<string, CacheStore>();
  readonly document: CacheStore;
  readonly script: CacheStore;

  constructor(private readonly now: () => number) {
    this.document = new CacheStore(now);
    this.script = new CacheStore(now);
  }

  user(email: string): CacheStore {
    let store = this.users.get(email);
    if (!store) {
      store = new CacheStore(this.now);
      this.users.set(email, store);
    }
    return store;
  }

  /**
   * The control for "best effort": drops `share` (default all) of every cache's entries at once,
   * each entry independently with that chance, from a seeded sequence so a test repeats. Returns
   * how many entries went.
   */
  dropEarly(share = 1, seed = 1): number {
    const random = randomSequence(seed);
    let dropped = 0;
    for (const store of [this.document, this.script, ...this.users.values()]) {
      dropped += store.dropEarly(share, random);
    }
    return dropped;
  }
}

class Cache {
  constructor(
    private readonly host: ServiceHost,
    private readonly store: CacheStore,
  ) {}

  private checkKey(key: unknown): string {
    const text = String(key);
    if (text.length > CACHE_KEY_LIMIT) throw this.host.exec.exception("Argument too large: key");
    return text;
  }

  private checkPut(value: unknown, expirationInSeconds: unknown): { value: string; seconds: number } {
    const text = String(value);
    if (Buffer.byteLength(text, "utf8") > CACHE_VALUE_LIMIT)
      throw this.host.exec.exception("Argument too large: value");
    const seconds =
      expirationInSeconds === undefined ? CACHE_DEFAULT_EXPIRATION_S : Number(expirationInSeconds);
    if (!Number.isFinite(seconds) || seconds < 1)
      throw this.host.exec.exception("Invalid argument: expirationInSeconds");
    if (seconds > CACHE_MAX_EXPIRATION_S)
      throw this.host.exec.exception("Argument too large: expirationInSeconds");
    return { value: text, seconds };
  }

  get(key: unknown): string | null {
    enter(this.host, "Cache.get");
    return this.store.get(this.checkKey(key));
  }

  getAll(keys: unknown): Record<string, string> {
    enter(this.host, "Cache.getAll");
    const out = new this.host.exec.realm.Object() as Record<string, string>;
    for (const key of Array.isArray(keys) ? keys : []) {
      const value = this.store.get(this.checkKey(key));
      if (value !== null) out[String(key)] = value;
    }
    return out;
  }

  put(key: unknown, value: unknown, expirationInSeconds?: unknown): void {
    enter(this.host, "Cache.put");
    const checked = this.checkPut(value, expirationInSeconds);
    this.store.put(this.checkKey(key), checked.value, checked.seconds);
  }

  putAll(values: unknown, expirationInSeconds?: unknown): void {
    enter(this.host, "Cache.putAll");
    const entries = Object.entries((values ?? {}) as Record<string, unknown>).map(([key, value]) => ({
      key: this.checkKey(key),
      ...this.checkPut(value, expirationInSeconds),
    }));
    this.store.putMany(entries);
  }

  remove(key: unknown): void {
    enter(this.host, "Cache.remove");
    this.store.remove(this.checkKey(key));
  }

  removeAll(keys: unknown): void {
    enter(this.host, "Cache.removeAll");
    for (const key of Array.isArray(keys) ? keys : []) this.store.remove(this.checkKey(key));
  }
}

export function createCacheService(host: ServiceHost): object {
  const caches = host.state.caches;
  return {
    getUserCache: () => {
      enter(host, "CacheService.getUserCache");
      return new Cache(host, caches.user(effectiveUser(host)));
    },
    getDocumentCache: () => {
      enter(host, "CacheService.getDocumentCache");
      return new Cache(host, caches.document);
    },
    getScriptCache: () => {
      enter(host, "CacheService.getScriptCache");
      return new Cache(host, caches.script);
    },
  };
}
