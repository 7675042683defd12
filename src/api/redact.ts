/**
 * Credentials cut out of any text that may reach a cell, a status, a log or the sidebar: the API
 * key itself where it is known, in every spelling an API, a proxy or an error page may echo it in
 * (JSON-escaped, URL-encoded, base64, with or without `Token `), and anything shaped like one after
 * `Authorization`, `Token` or `Bearer`.
 */
import { utf8 } from "./utf8";

const MARK = "[redacted]";

/** `Authorization: Token abc...`, `"authorization":"Bearer abc..."`: the header's whole value. */
const HEADER = /(\bauthorization\b["']?\s*[:=]\s*["']?)(?:(?:token|bearer)\s+)?[^\s"',;}]+/gi;
/**
 * `Token abc123...` / `Bearer abc123...`: a word of 8 or more key characters with a digit, `-` or
 * `_` in it, so that prose such as "Token authentication failed" stays as it is.
 */
const SCHEME = /\b(token|bearer)(\s+)(?=[^\s]*[\d_-])[A-Za-z0-9._~+/=-]{8,}/gi;

/** `text` without the given secrets (4 characters or more) and without credential-shaped values. */
export function redactCredentials(text: string, secrets: readonly string[] = []): string {
  let redacted = text;
  // Longest first, so "Token abc" goes before its inner "abc".
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (secret.length >= 4 && redacted.includes(secret)) redacted = redacted.split(secret).join(MARK);
  }
  return redacted
    .replace(HEADER, (_match, name: string) => `${name}${MARK}`)
    .replace(SCHEME, (_match, scheme: string, space: string) => `${scheme}${space}${MARK}`);
}

/** The key as the header carries it after `Token `: what the user pasted, without the scheme word. */
function bareKey(key: string): string {
  return key.trim().replace(/^token\s+/i, "");
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Base64 of `bytes`, without padding. */
function base64(bytes: readonly number[]): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const [a = 0, b = 0, c = 0] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    const group = (a << 16) | (b << 8) | c;
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let k = 0; k < chars; k += 1) out += BASE64[(group >> (18 - 6 * k)) & 63];
  }
  return out;
}

/**
 * The part of any base64 text that carries `text` whole, for each of the three places `text` can
 * start at within a 3-byte group: the characters that also depend on bytes before or after it are
 * left out. So the key is found inside an encoded header or body, not only encoded alone.
 */
function base64Cores(text: string): string[] {
  const bytes = utf8(text);
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset += 1) {
    const encoded = base64([...new Array<number>(offset).fill(0), ...bytes]);
    const first = offset === 0 ? 0 : 4;
    const whole = Math.floor((offset + bytes.length) / 3) * 4;
    const core = encoded.slice(first, whole);
    if (core.length >= 8) cores.push(core);
  }
  return cores;
}

/** `text` as JSON writes it inside a string, with `/` as is and escaped (`\/`). */
function jsonSpellings(text: string): string[] {
  const escaped = JSON.stringify(text).slice(1, -1);
  return [escaped, escaped.replace(/\//g, "\\/")];
}

/** `text` URL-encoded: upper- and lower-case hex, and a space as `+` (form encoding). */
function urlSpellings(text: string): string[] {
  const encoded = encodeURIComponent(text);
  return [
    encoded,
    encoded.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
    encoded.replace(/%20/g, "+"),
  ];
}

/**
 * Every spelling of the key worth cutting out, longest first: the key and `Token <key>`, each as
 * is, JSON-escaped, URL-encoded and in base64 (standard and URL-safe alphabets).
 */
export function keySpellings(key: string): string[] {
  const bare = bareKey(key);
  if (bare.length < 4) return [];
  const spellings = new Set<string>();
  for (const text of [bare, `Token ${bare}`]) {
    for (const spelling of [text, ...jsonSpellings(text), ...urlSpellings(text)]) spellings.add(spelling);
    for (const core of base64Cores(text)) {
      spellings.add(core);
      spellings.add(core.replace(/\+/g, "-").replace(/\//g, "_"));
    }
  }
  return [...spellings].sort((a, b) => b.length - a.length);
}

let cachedKey: string | null = null;
/** Every spelling of the cached key in one pattern, longest first: one scan of a body finds any. */
let cachedPattern: RegExp | null = null;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `text` without the API key in any of its spellings (keySpellings); as is without a key. */
export function redactKey(text: string, key: string | undefined): string {
  if (key === undefined) return text;
  if (key !== cachedKey) {
    cachedKey = key;
    const spellings = keySpellings(key);
    cachedPattern = spellings.length === 0 ? null : new RegExp(spellings.map(escapeRegExp).join("|"), "g");
  }
  return cachedPattern === null ? text : text.replace(cachedPattern, MARK);
}
