/**
 * Credentials cut out of any text that may reach a cell, a status, a log or the sidebar: the API
 * key itself where it is known, and anything shaped like one after `Authorization`, `Token` or
 * `Bearer` (an error page or a proxy may echo the request's headers).
 */

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
