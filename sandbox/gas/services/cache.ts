/**
 * CacheService: user, document and script caches. Values expire after 600 s unless told
 * otherwise, at most 21,600 s (6 hours); a value holds at most 100 KB, a key 250 characters; a
 * cache keeps about 1,000 items (the oldest go first). Time comes from the runtime's clock.
 */
import { enter, type ServiceHost } from "./host";

export const CACHE_VALUE_LIMIT = 100 * 1024;
export const CACHE_KEY_LIMIT = 250;
export const CACHE_MAX_EXPIRATION_S = 21_600;
export const CACHE_DEFAULT_EXPIRATION_S = 600;
export const CACHE_MAX_ITEMS = 1000;

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

  put(key: string, value: string, seconds: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.now() + seconds * 1000 });
    while (this.entries.size > CACHE_MAX_ITEMS) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
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
    for (const entry of entries) this.store.put(entry.key, entry.value, entry.seconds);
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
      const email = host.exec.isCustomFunction ? host.state.model.owner : host.exec.user;
      return new Cache(host, caches.user(email));
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
