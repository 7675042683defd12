/** The key, and anything shaped like an Authorization header, never reaches a cell or the sidebar. */
import { describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client";
import { keySpellings, redactCredentials, redactKey } from "../../src/api/redact";
import { interpret } from "../../src/api/request";
import { readLeadLookup } from "../../src/api/responses";
import { PATHS } from "../../src/api/wire";
import { batchFailure } from "../../src/gas/http";
import { toUserError } from "../../src/rpc/user-error";
import { FakeClock, fakeHttp, json } from "./support/fakes";

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

  it("in any answer body, by the key the client holds", () => {
    const connection = { baseUrl: "https://api.example", apiKey: KEY };
    const refused = interpret(
      PATHS.leadLookup,
      json(403, { detail: `key ${KEY} is blocked` }),
      readLeadLookup,
      connection,
    );
    expect(refused.ok ? "" : refused.error.hint).toBe("key [redacted] is blocked");
    const read = interpret(PATHS.leadLookup, json(200, { lead: {} }), readLeadLookup, connection);
    expect(read).toEqual({ ok: true, value: { lead: {}, amount: 0 } });
  });

  it("in errors Apps Script throws for a batch, by the key the requests carried", () => {
    const request = {
      url: "https://api.example/x",
      method: "get" as const,
      headers: { Authorization: `Token ${SLASHED}` },
      muteHttpExceptions: true as const,
    };
    const failure = batchFailure(new Error(`Exception: header ${encodeURIComponent(SLASHED)}`), [request]);
    expect(JSON.stringify(failure)).not.toContain(encodeURIComponent(SLASHED));
  });

  it("in errors thrown to the sidebar", () => {
    const error = toUserError(new Error(`Request failed: Authorization=Token ${KEY}`));
    expect(JSON.stringify(error)).not.toContain(KEY);
    expect(error.message).toMatch(/\[redacted\]/);
  });
});

/** A key whose characters each spelling writes differently: `/`, `+`, `=`. */
const SLASHED = "sk/live+7f3c=9a2e-SECRET/key";

/** The spellings an API or a proxy may echo, made with Node's own encoders. */
const ECHOES: Array<[string, string]> = [
  ["JSON-escaped (\\/)", JSON.stringify(SLASHED).slice(1, -1).replace(/\//g, "\\/")],
  ["JSON-escaped Token", JSON.stringify(`Token ${SLASHED}`).slice(1, -1).replace(/\//g, "\\/")],
  ["URL-encoded", encodeURIComponent(SLASHED)],
  [
    "URL-encoded, lower-case hex",
    encodeURIComponent(SLASHED).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
  ],
  ["URL-encoded Token, form style", encodeURIComponent(`Token ${SLASHED}`).replace(/%20/g, "+")],
  ["base64", Buffer.from(SLASHED).toString("base64")],
  ["base64url", Buffer.from(SLASHED).toString("base64url")],
  ["base64 of Token <key>", Buffer.from(`Token ${SLASHED}`).toString("base64")],
  ["base64 of the whole header", Buffer.from(`Authorization: Token ${SLASHED}`).toString("base64")],
  ["base64 of the header, shifted", Buffer.from(`xAuthorization: Token ${SLASHED}`).toString("base64")],
  [
    "base64 of the header, shifted twice",
    Buffer.from(`xyAuthorization: Token ${SLASHED}`).toString("base64"),
  ],
];

/** Whether `text` still gives the key away: as is, or decoded from any base64 run in it. */
function givesAway(text: string): boolean {
  if (text.includes(SLASHED) || text.includes(encodeURIComponent(SLASHED))) return true;
  return (text.match(/[A-Za-z0-9+/_-]{12,}/g) ?? []).some((run) =>
    [run, `A${run}`, `AA${run}`].some((shifted) =>
      Buffer.from(shifted.replace(/-/g, "+").replace(/_/g, "/"), "base64")
        .toString("latin1")
        .includes(SLASHED),
    ),
  );
}

describe("issue 18.11: the key in any spelling", () => {
  it("every spelling is one the redaction knows", () => {
    const known = keySpellings(`Token ${SLASHED}`);
    for (const [, echo] of ECHOES) expect(known.some((spelling) => echo.includes(spelling))).toBe(true);
    // Pasted with or without Token: the same spellings.
    expect(keySpellings(SLASHED)).toEqual(known);
  });

  it.each(ECHOES)("%s: cut out of text", (_name, echo) => {
    const text = `proxy saw ${echo} and gave up`;
    expect(givesAway(redactKey(text, SLASHED))).toBe(false);
    expect(redactKey(text, SLASHED)).toContain("[redacted]");
  });

  it.each(ECHOES)(
    "%s: echoed by a proxy, it reaches no value, status or hint of the client",
    (_name, echo) => {
      const clock = new FakeClock();
      const http = fakeHttp(clock, (request) =>
        JSON.parse(request.payload ?? "{}").url.endsWith("/refused")
          ? { kind: "response", status: 400, body: `{"detail":"bad header ${echo}"}` }
          : {
              kind: "response",
              status: 200,
              body: `{"lead":{"full_name":"Jane","headline":"echo ${echo}","jobs":[{"job_title":"${echo}"}]},"amount":-1}`,
            },
      );
      const client = createClient({ baseUrl: "https://api.example", apiKey: SLASHED, http, clock });
      const result = client.lookupLeads(
        [{ url: "https://www.network.example/in/jane" }, { url: "https://www.network.example/in/refused" }],
        { deadline: clock.now() + 600_000 },
      );
      const text = JSON.stringify(result);
      expect(text).toContain("[redacted]");
      expect(givesAway(text)).toBe(false);
      expect(givesAway(JSON.parse(text).outcomes[0].value.lead.headline)).toBe(false);
    },
  );
});
