/**
 * The formula's answer cache. Answers are cached whole (not only the fields asked for), so the
 * same URL with another `fields` argument reuses them; errors are never cached.
 *
 * The port matches CacheService's document cache: shared by everyone using the document, at most
 * 6 hours and 100 KB a value, keys of at most 250 characters. A lead too large for one value, or
 * a URL too long for a key, is simply not cached.
 */
import type { Lead, LookupOption } from "../../api/wire";

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
const MAX_KEY_LENGTH = 250;
/** Bump when the cached shape changes, so old entries are not misread. */
const VERSION = "lead1";

/**
 * Key of one answer: the normalized URL plus the options, sorted, because the options change the
 * answer (fresh data, full history, extras) and their order does not. Null when too long to cache.
 */
export function leadCacheKey(normalizedUrl: string, options: readonly LookupOption[]): string | null {
  const key = `${VERSION}|${[...options].sort().join(",")}|${normalizedUrl}`;
  return key.length <= MAX_KEY_LENGTH ? key : null;
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

/** Compact JSON of a lead, or null when it would not fit in one cache value. */
export function encodeLead(lead: Lead): string | null {
  // Nulls read back as missing fields, which show as empty cells all the same.
  const text = JSON.stringify(lead, (_key, value: unknown) => (value === null ? undefined : value));
  return utf8Bytes(text) <= MAX_CACHED_BYTES ? text : null;
}

/** A cached lead, or null when the entry is unreadable (then it is fetched again). */
export function decodeLead(text: string): Lead | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Lead) : null;
  } catch {
    return null;
  }
}
