/**
 * The formula's answer cache. Answers are cached whole (not only the fields asked for), so the
 * same URL with another `fields` argument reuses them; errors are never cached.
 *
 * The port matches CacheService's document cache: shared by everyone using the document, at most
 * 6 hours and 100 KB a value, keys of at most 250 characters, 1,000 items. Answers are packed into
 * a few items (shelves.ts); a lead too large for one value is simply not cached.
 */
import type { LookupOption } from "../../api/wire";

export interface TextCache {
  getAll(keys: string[]): Record<string, string>;
  putAll(values: Record<string, string>, ttlSeconds: number): void;
  /** Forgets entries (in-flight markers); a cache without it lets them expire. */
  removeAll?(keys: string[]): void;
}

/** CacheService's longest expiry: 6 hours. */
export const LEAD_CACHE_SECONDS = 6 * 60 * 60;
/** CacheService's limit on one value is 100 KB; stay under it with the key's bytes to spare. */
export const MAX_CACHED_BYTES = 100 * 1024 - 512;

/**
 * Key of one answer: the normalized URL plus the options, sorted, because the options change the
 * answer (fresh data, full history, extras) and their order does not. Keys live inside packed
 * values (shelves.ts), so a long URL is cached like any other.
 */
export function leadCacheKey(normalizedUrl: string, options: readonly LookupOption[]): string {
  return `${[...options].sort().join(",")}|${normalizedUrl}`;
}

/** Bytes of text in UTF-8, as CacheService counts a value's size. */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

/** Compact JSON: nulls read back as missing fields, which show as empty cells all the same. */
export function compactJson(value: unknown): string {
  return JSON.stringify(value, (_key, field: unknown) => (field === null ? undefined : field));
}
