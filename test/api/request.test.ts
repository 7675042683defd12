import { describe, expect, it } from "vitest";
import { authorization, detailText, getRequest, interpret, postRequest } from "../../src/api/request";
import { readCompanySearch, readLeadLookup, readTransactions } from "../../src/api/responses";
import { PATHS } from "../../src/api/wire";
import { errorBody, json } from "./support/fakes";

const connection = { baseUrl: "https://api.example/", apiKey: "Token abc" };

describe("building requests", () => {
  it("sends the key once behind Token, pasted with or without it", () => {
    expect(authorization("abc")).toBe("Token abc");
    expect(authorization(" token   abc ")).toBe("Token abc");
    expect(authorization("Token abc")).toBe("Token abc");
  });

  it("builds UrlFetchApp-shaped POST and GET requests", () => {
    expect(postRequest(connection, PATHS.leadLookup, { url: "u" })).toEqual({
      url: "https://api.example/api/network/leads/by_link/",
      method: "post",
      headers: { Authorization: "Token abc", Accept: "application/json" },
      contentType: "application/json",
      payload: '{"url":"u"}',
      muteHttpExceptions: true,
    });
    const get = getRequest(connection, PATHS.transactions, {
      limit: "1",
      created_at__gte: "2024-01-01",
      x: undefined,
    });
    expect(get.url).toBe("https://api.example/api/auth/transactions/?limit=1&created_at__gte=2024-01-01");
    expect(get.method).toBe("get");
    expect(get.payload).toBeUndefined();
  });
});

describe("reading answers", () => {
  const lookup = (outcome: Parameters<typeof interpret>[1]) =>
    interpret(PATHS.leadLookup, outcome, readLeadLookup);
  const companies = (outcome: Parameters<typeof interpret>[1]) =>
    interpret(PATHS.companySearch, outcome, readCompanySearch);

  it("passes a good body through, extra fields included", () => {
    const result = lookup(json(200, { lead: { full_name: "Jane" }, amount: -1, extra: { x: 1 } }));
    expect(result).toEqual({ ok: true, value: { lead: { full_name: "Jane" }, amount: -1, extra: { x: 1 } } });
  });

  it.each([
    [400, "Unknown location 'Atlantis'. Hint: edit locations", "validation", "no"],
    [400, "Insufficient funds on the account", "insufficient_funds", "no"],
    [402, "Payment required", "insufficient_funds", "no"],
    [401, "Invalid token.", "auth", "no"],
    [403, "Not entitled", "forbidden", "no"],
    // A 404 without a lookup's fields is no lookup's answer: a path the API does not serve.
    [404, "Lead not found", "configuration", "no"],
    [429, "Request was throttled.", "throttled", "no"],
    [500, "boom", "server", "no"],
    // A 503 (even in the API's shape) may come after the API took the paid call: not "send again".
    [503, "unavailable", "server", "maybe"],
    [418, "teapot", "validation", "no"],
  ] as const)("maps %i %s to %s", (status, detail, kind, charged) => {
    const result = lookup(errorBody(status, detail));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ kind, status, charged, hint: detail });
    expect(result.error.message.length).toBeGreaterThan(10);
    expect(result.error.next.length).toBeGreaterThan(10);
  });

  it("treats a 500 of a search as maybe charged, and not-found elsewhere as a wrong address", () => {
    const server = companies(errorBody(500, "x"));
    expect(!server.ok && server.error).toMatchObject({ kind: "server", charged: "maybe" });
    const missing = companies({ kind: "response", status: 404, body: "<html>Not Found</html>" });
    expect(!missing.ok && missing.error).toMatchObject({ kind: "configuration", charged: "no" });
  });

  it("reads a lookup's 404 as no profile only when it carries the lookup's fields", () => {
    const noOne = lookup(
      json(404, {
        detail: "Lead not found",
        input_url: "https://x.example/in/a",
        amount: 0,
        status: "error",
      }),
    );
    expect(!noOne.ok && noOne.error).toMatchObject({ kind: "not_found", charged: "no" });
    for (const body of ['{"detail":"Not found."}', "<html><h1>Not Found</h1></html>"]) {
      const unserved = interpret(PATHS.leadLookup, { kind: "response", status: 404, body }, readLeadLookup, {
        baseUrl: "https://api.example/",
        apiKey: "k",
      });
      expect(!unserved.ok && unserved.error.kind).toBe("configuration");
      expect(!unserved.ok && unserved.error.message).toContain(
        "the API at https://api.example does not serve /api/network/leads/by_link/",
      );
      expect(!unserved.ok && unserved.error.message).not.toMatch(/no profile/i);
    }
  });

  it("a 403 names the endpoint the plan is not entitled to", () => {
    const refused = companies(errorBody(403, "Not entitled"));
    expect(!refused.ok && refused.error).toMatchObject({ kind: "forbidden", charged: "no" });
    expect(!refused.ok && refused.error.message).toContain("not entitled to this endpoint (company search)");
  });

  it("reads a lead search's 404 with the API's error body as a company not found", () => {
    const unknownCompany = interpret(PATHS.leadSearch, errorBody(404, "Company not found."), () => ({
      ok: true as const,
      value: null,
    }));
    expect(!unknownCompany.ok && unknownCompany.error).toMatchObject({
      kind: "not_found",
      message: "The company was not found.",
      hint: "Company not found.",
      charged: "no",
    });
    const page = { kind: "response" as const, status: 404, body: "<html>Not Found</html>" };
    const wrongAddress = interpret(PATHS.leadSearch, page, () => ({ ok: true as const, value: null }));
    expect(!wrongAddress.ok && wrongAddress.error).toMatchObject({ kind: "configuration" });
    // A router's own "Not found." is not a company's: the path is not served.
    const router = interpret(PATHS.leadSearch, errorBody(404, "Not found."), () => ({
      ok: true as const,
      value: null,
    }));
    expect(!router.ok && router.error).toMatchObject({ kind: "configuration" });
  });

  it("shows field errors and non-JSON bodies as text", () => {
    expect(detailText(JSON.stringify({ detail: { locations: ["Atlantis is not supported"] } }))).toBe(
      "locations: Atlantis is not supported",
    );
    expect(detailText("Bad Gateway")).toBe("Bad Gateway");
    expect(detailText(JSON.stringify({ error: "x" }))).toBe("error: x");
  });

  it("turns unreadable success bodies into malformed, maybe charged", () => {
    for (const body of ["not json", "{}", '{"lead": 3}', "[]", "null"]) {
      const result = lookup({ kind: "response", status: 200, body });
      expect(!result.ok && result.error).toMatchObject({ kind: "malformed", charged: "maybe" });
    }
  });

  it("maps failures by whether they were sent", () => {
    const timeout = lookup({ kind: "failure", reason: "timeout", message: "t", sent: true });
    expect(!timeout.ok && timeout.error).toMatchObject({ kind: "timeout", charged: "maybe" });
    const refused = lookup({ kind: "failure", reason: "network", message: "refused", sent: false });
    expect(!refused.ok && refused.error).toMatchObject({ kind: "network", charged: "no" });
  });

  it("fills missing numbers and keeps the lists", () => {
    const companies = readCompanySearch({ companies: [{}], message: "refine" });
    expect(companies).toMatchObject({ amount: 0, time_cached: null, message: "refine" });
    // No count is not the page's length: production counts only when asked (PRODUCTION.md A1).
    expect(companies).not.toHaveProperty("results_count");
    expect(readCompanySearch({ companies: [], results_count: "12" })?.results_count).toBe(12);
    expect(readTransactions({ results: [], count: "7" })).toMatchObject({ count: 7, next: null, offset: 0 });
  });
});
