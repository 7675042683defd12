/**
 * SHA-256 and HMAC-SHA256 of text (its UTF-8 bytes), in plain TypeScript: the history signs its
 * rows in src/jobs/ (no Apps Script globals there), and Apps Script's Utilities would cost a service
 * call per row. FIPS 180-4; checked against node:crypto in test/jobs/history-signature.test.ts.
 */
import { utf8 } from "../../api/utf8";

const K = [
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
];

const W = new Uint32Array(64);

function sha256Bytes(message: readonly number[]): number[] {
  const length = message.length;
  // Message, 0x80, zeros, then the length in bits: a whole number of 64-byte blocks.
  const total = Math.ceil((length + 9) / 64) * 64;
  const padded = new Uint8Array(total);
  for (let i = 0; i < length; i += 1) padded[i] = message[i]!;
  padded[length] = 0x80;
  const bits = length * 8;
  const high = Math.floor(bits / 0x100000000);
  const low = bits >>> 0;
  padded[total - 8] = (high >>> 24) & 255;
  padded[total - 7] = (high >>> 16) & 255;
  padded[total - 6] = (high >>> 8) & 255;
  padded[total - 5] = high & 255;
  padded[total - 4] = (low >>> 24) & 255;
  padded[total - 3] = (low >>> 16) & 255;
  padded[total - 2] = (low >>> 8) & 255;
  padded[total - 1] = low & 255;
  const h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = W;
  for (let block = 0; block < total; block += 64) {
    for (let t = 0; t < 16; t += 1) {
      const at = block + t * 4;
      w[t] = (padded[at]! << 24) | (padded[at + 1]! << 16) | (padded[at + 2]! << 8) | padded[at + 3]!;
    }
    for (let t = 16; t < 64; t += 1) {
      const x = w[t - 15]!;
      const y = w[t - 2]!;
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w[t] = w[t - 16]! + s0 + w[t - 7]! + s1;
    }
    let a = h[0]!;
    let b = h[1]!;
    let c = h[2]!;
    let d = h[3]!;
    let e = h[4]!;
    let f = h[5]!;
    let g = h[6]!;
    let k = h[7]!;
    for (let t = 0; t < 64; t += 1) {
      const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const choose = (e & f) ^ (~e & g);
      const t1 = (k + s1 + choose + K[t]! + w[t]!) | 0;
      const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const majority = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (s0 + majority) | 0;
      k = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h[0] = h[0]! + a;
    h[1] = h[1]! + b;
    h[2] = h[2]! + c;
    h[3] = h[3]! + d;
    h[4] = h[4]! + e;
    h[5] = h[5]! + f;
    h[6] = h[6]! + g;
    h[7] = h[7]! + k;
  }
  const out: number[] = [];
  for (const word of h) out.push((word >>> 24) & 255, (word >>> 16) & 255, (word >>> 8) & 255, word & 255);
  return out;
}

const hex = (bytes: readonly number[]) => bytes.map((byte) => byte.toString(16).padStart(2, "0")).join("");

export const sha256Hex = (text: string): string => hex(sha256Bytes(utf8(text)));

/** HMAC-SHA256 (RFC 2104) of `text` under `key`, as hex. */
export function hmacSha256Hex(key: string, text: string): string {
  let keyBytes = utf8(key);
  if (keyBytes.length > 64) keyBytes = sha256Bytes(keyBytes);
  const inner: number[] = [];
  const outer: number[] = [];
  for (let i = 0; i < 64; i += 1) {
    const byte = keyBytes[i] ?? 0;
    inner.push(byte ^ 0x36);
    outer.push(byte ^ 0x5c);
  }
  const message = utf8(text);
  for (const byte of message) inner.push(byte);
  for (const byte of sha256Bytes(inner)) outer.push(byte);
  return hex(sha256Bytes(outer));
}
