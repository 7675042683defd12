import { createHash, createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hmacSha256Hex, sha256Hex } from "../../src/jobs/history/sha256";

describe("the history's SHA-256 and HMAC", () => {
  it("agree with node:crypto on any text, keys short and long", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.string({ minLength: 1, maxLength: 100 }), (text, key) => {
        expect(sha256Hex(text)).toBe(createHash("sha256").update(text).digest("hex"));
        expect(hmacSha256Hex(key, text)).toBe(createHmac("sha256", key).update(text).digest("hex"));
      }),
    );
    const long = "é€😀x".repeat(5000);
    expect(hmacSha256Hex("k".repeat(70), long)).toBe(
      createHmac("sha256", "k".repeat(70)).update(long).digest("hex"),
    );
  });
});
