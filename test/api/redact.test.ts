/** The key, and anything shaped like an Authorization header, never reaches a cell or the sidebar. */
import { describe, expect, it } from "vitest";
import { redactCredentials } from "../../src/api/redact";
import { interpret } from "../../src/api/request";
import { readLeadLookup } from "../../src/api/responses";
import { PATHS } from "../../src/api/wire";
import { redactedBody } from "../../src/gas/http";
import { toUserError } from "../../src/rpc/user-error";

const KEY = "sk-live-7f3c9a2e-SECRET";

describe("credentials in error text", () => {
  it("cuts the key and credential-shaped values, and leaves prose alone", () => {
    expect(redactCredentials(`got ${KEY} and Token ${KEY}`, [KEY, `Token ${KEY}`])).toBe(
      "got [redacted] and [redacted]",
    );
    expect(redactCredentials("Authorization: Token abcdef123456 was refused")).toBe(
      "Authorization: [redacted] was refused",
    );
    expect(redactCredentials('{"authorization":"Bearer x9y8z7w6v5"}')).toBe('{"authorization":"[redacted]"}');
    expect(redactCredentials("sent Token zz-99-abcdefgh!")).toBe("sent Token [redacted]!");
    for (const prose of [
      "Invalid token.",
      "Token authentication failed",
      "Insufficient funds in the account.",
    ]) {
      expect(redactCredentials(prose)).toBe(prose);
    }
  });

  it("in the API's error detail (the hint shown in a row or the sidebar)", () => {
    const body = JSON.stringify({
      status: "error",
      status_code: 400,
      detail: `Bad header Authorization: Token ${KEY}`,
    });
    const result = interpret(PATHS.leadLookup, { kind: "response", status: 400, body }, readLeadLookup);
    expect(JSON.stringify(result)).not.toContain(KEY);
    const page = `<html>echo: Token ${KEY}</html>`;
    const malformed = interpret(
      PATHS.leadLookup,
      { kind: "response", status: 200, body: page },
      readLeadLookup,
    );
    expect(JSON.stringify(malformed)).not.toContain(KEY);
  });

  it("in any answer body, by the key the request carried", () => {
    const request = {
      url: "https://api.example/x",
      method: "get" as const,
      headers: { Authorization: `Token ${KEY}` },
      muteHttpExceptions: true as const,
    };
    expect(redactedBody(`{"detail":"key ${KEY} is blocked"}`, [request])).toBe(
      '{"detail":"key [redacted] is blocked"}',
    );
    expect(redactedBody('{"lead":{}}', [request])).toBe('{"lead":{}}');
  });

  it("in errors thrown to the sidebar", () => {
    const error = toUserError(new Error(`Request failed: Authorization=Token ${KEY}`));
    expect(JSON.stringify(error)).not.toContain(KEY);
    expect(error.message).toMatch(/\[redacted\]/);
  });
});
