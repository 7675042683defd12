/**
 * UTF-8 bytes of text: TextEncoder is not promised in Apps Script (PRODUCTION.md G7). Used by key
 * redaction (base64 spellings of the key) and the history's signatures (SHA-256 of a row's text).
 * A lone surrogate is encoded as its own three bytes, as for-of yields it.
 */
export function utf8(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else
      bytes.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 63),
        0x80 | ((code >> 6) & 63),
        0x80 | (code & 63),
      );
  }
  return bytes;
}
