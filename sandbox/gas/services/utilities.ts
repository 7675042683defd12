/**
 * Utilities: sleep (really blocks, on the runtime's clock, and never past the deadline), UUIDs,
 * base64, digests, formatDate / formatString, and a minimal Blob for newBlob.
 */
import { createHash, randomUUID } from "node:crypto";
import { format } from "node:util";
import { wallClock } from "../time-zone";
import { enter, type ServiceHost } from "./host";

/** Apps Script's longest sleep: 5 minutes. */
export const MAX_SLEEP_MS = 300_000;

/** Java bytes are signed: Apps Script returns digests and decoded base64 as -128..127. */
function signedBytes(buffer: Buffer): number[] {
  return [...buffer].map((b) => (b > 127 ? b - 256 : b));
}

function toBuffer(value: unknown): Buffer {
  if (Array.isArray(value)) return Buffer.from(value.map((b) => Number(b) & 255));
  return Buffer.from(String(value), "utf8");
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

/**
 * The SimpleDateFormat patterns the add-on may use (yyyy, yy, MM, M, dd, d, HH, mm, ss, SSS, Z:
 * the zone's offset as +hhmm, 'text').
 */
function formatDate(date: Date, timeZone: string, pattern: string): string {
  const d = wallClock(date, timeZone);
  const offset = Math.round((d.getTime() - date.getTime()) / 60_000);
  const zone = `${offset < 0 ? "-" : "+"}${pad(Math.floor(Math.abs(offset) / 60))}${pad(Math.abs(offset) % 60)}`;
  const parts: Record<string, string> = {
    yyyy: String(d.getUTCFullYear()),
    yy: pad(d.getUTCFullYear() % 100),
    MM: pad(d.getUTCMonth() + 1),
    M: String(d.getUTCMonth() + 1),
    dd: pad(d.getUTCDate()),
    d: String(d.getUTCDate()),
    HH: pad(d.getUTCHours()),
    mm: pad(d.getUTCMinutes()),
    ss: pad(d.getUTCSeconds()),
    SSS: pad(d.getUTCMilliseconds(), 3),
    Z: zone,
  };
  return pattern.replace(/yyyy|yy|MM|M|dd|d|HH|mm|ss|SSS|Z|'[^']*'/g, (token) =>
    token.startsWith("'") ? token.slice(1, -1) : (parts[token] ?? token),
  );
}

export function createUtilities(host: ServiceHost): object {
  const realmArray = (values: number[]): number[] => host.exec.realm.Array.from(values);
  return {
    DigestAlgorithm: { MD5: "md5", SHA_1: "sha1", SHA_256: "sha256", SHA_512: "sha512" },
    Charset: { UTF_8: "utf8", US_ASCII: "ascii" },
    sleep: (milliseconds: unknown) => {
      enter(host, "Utilities.sleep");
      const ms = Number(milliseconds);
      if (!Number.isFinite(ms) || ms < 0) throw host.exec.exception("Invalid argument: milliseconds");
      if (ms > MAX_SLEEP_MS) throw host.exec.exception("Argument too large: milliseconds");
      const left = host.exec.timeLeft();
      host.state.clock.sleep(Math.min(ms, left));
      if (ms >= left) throw host.exec.exceeded();
    },
    getUuid: () => randomUUID(),
    base64Encode: (data: unknown) => toBuffer(data).toString("base64"),
    base64EncodeWebSafe: (data: unknown) =>
      toBuffer(data).toString("base64").replaceAll("+", "-").replaceAll("/", "_"),
    base64Decode: (encoded: unknown) => realmArray(signedBytes(Buffer.from(String(encoded), "base64"))),
    base64DecodeWebSafe: (encoded: unknown) =>
      realmArray(signedBytes(Buffer.from(String(encoded), "base64url"))),
    computeDigest: (algorithm: unknown, value: unknown) =>
      realmArray(signedBytes(createHash(String(algorithm)).update(toBuffer(value)).digest())),
    formatDate: (date: unknown, timeZone: unknown, pattern: unknown) =>
      formatDate(
        new Date(Number(date instanceof Object ? (date as Date).getTime() : date)),
        String(timeZone),
        String(pattern),
      ),
    formatString: (template: unknown, ...args: unknown[]) => format(String(template), ...args),
    newBlob: (data: unknown, contentType?: unknown, name?: unknown) => {
      const bytes = toBuffer(data);
      return {
        getDataAsString: () => bytes.toString("utf8"),
        getBytes: () => realmArray(signedBytes(bytes)),
        getContentType: () => (contentType === undefined ? null : String(contentType)),
        getName: () => (name === undefined ? null : String(name)),
      };
    },
  };
}
