import { describe, expect, it } from "vitest";
import { type ApiErrorKind, apiError, stopsBatch, validationError } from "../../src/api/errors";

const KINDS: ApiErrorKind[] = [
  "validation",
  "auth",
  "insufficient_funds",
  "forbidden",
  "not_found",
  "throttled",
  "server",
  "timeout",
  "network",
  "malformed",
  "quota",
  "daily_limit",
  "configuration",
];

describe("ApiError", () => {
  it("gives every kind a plain message and a next step, without HTTP jargon", () => {
    for (const kind of KINDS) {
      const error = apiError(kind, { charged: "no" });
      expect(error.message).toMatch(/^[A-Z].*\.$/);
      expect(error.next).toMatch(/^[A-Z].*\.$/);
      expect(`${error.message} ${error.next}`).not.toMatch(/\b(HTTP|4\d\d|5\d\d|JSON|status)\b/);
    }
  });

  it("stops a batch where every other request would meet the same refusal", () => {
    // A 403 (the plan is not entitled to the endpoint) and a path the API does not serve meet every
    // request of the batch, which all go to one endpoint: none more is sent (issue 19.6, 19.1).
    expect(KINDS.filter((kind) => stopsBatch(apiError(kind, { charged: "no" })))).toEqual([
      "auth",
      "insufficient_funds",
      "forbidden",
      "quota",
      "daily_limit",
      "configuration",
    ]);
  });

  it("lists every local problem with its path, and their hints as the next step", () => {
    const error = validationError([
      { path: "keywords[0]", message: "is too long", hint: "Shorten it." },
      { path: "limit_by", message: "must be a whole number", hint: "Use 2 to 1599." },
    ]);
    expect(error).toMatchObject({ kind: "validation", charged: "no" });
    expect(error.message).toBe(
      "2 fields need fixing before anything is sent: keywords[0]: is too long; limit_by: must be a whole number.",
    );
    expect(error.next).toBe("Shorten it. Use 2 to 1599.");
    expect(error.problems).toHaveLength(2);
  });
});
