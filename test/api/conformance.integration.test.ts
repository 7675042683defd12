/**
 * The client's validation and the sandbox are independent readings of the spec: whatever the
 * client accepts, the sandbox must accept too (no 400 ValidationError), or one of them misreads it.
 * For keywords, whose rules are the most intricate, the two must also refuse the same ones.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SandboxControl, sandboxControl } from "../../sandbox/api/control";
import { type SandboxThread, startSandboxThread } from "../../sandbox/api/thread";
import { fetchAllSync } from "../../sandbox/sync-http";
import type { Outcome } from "../../src/api/batch";
import type { ApiError } from "../../src/api/errors";
import { interpret, postRequest } from "../../src/api/request";
import { readCompanySearch } from "../../src/api/responses";
import { validateCompanySearch } from "../../src/api/validate";
import { PATHS } from "../../src/api/wire";
import { validCompanySearch, validLeadSearch } from "./support/arbitraries";
import { DEMO_KEY, sandboxClient } from "./support/sandbox-client";

let sandbox: SandboxThread;
let control: SandboxControl;
const RUNS = { numRuns: Number(process.env.CONFORMANCE_RUNS ?? 40) };

beforeAll(async () => {
  sandbox = await startSandboxThread({ latencyMs: 0, seed: 3 });
  control = sandboxControl(sandbox.url);
  await control.setCredits(DEMO_KEY, 1_000_000_000);
});

afterAll(async () => {
  await sandbox.close();
});

function refusal<T>(outcome: Outcome<T> | null | undefined): ApiError | null {
  // undefined and null: nothing was answered, so nothing was refused.
  return outcome && !outcome.ok && outcome.error.kind === "validation" ? outcome.error : null;
}

describe("what the client accepts, the sandbox accepts", () => {
  it("company search", () => {
    const client = sandboxClient(sandbox.url);
    fc.assert(
      fc.property(validCompanySearch, (generated) => {
        const request = { ...generated, limit_by: Math.min(generated.limit_by ?? 20, 20) };
        const result = client.searchCompanies([request], { deadline: Date.now() + 60_000 });
        expect(refusal(result.outcomes[0])).toBeNull();
        expect(result.outcomes[0]).not.toBeNull();
      }),
      RUNS,
    );
  });

  it("lead search", () => {
    const client = sandboxClient(sandbox.url);
    fc.assert(
      // Small pages: the rules are the same, the sandbox just builds fewer leads.
      fc.property(validLeadSearch, (generated) => {
        const request = { ...generated, limit_by: Math.min(generated.limit_by ?? 20, 20) };
        const result = client.searchLeads([request], { deadline: Date.now() + 60_000 });
        expect(refusal(result.outcomes[0])).toBeNull();
      }),
      { numRuns: 15 },
    );
  });

  function sandboxRefuses(request: { keywords: string[]; limit_by: number }): boolean {
    // Sent without the client's validation, to hear the sandbox's own verdict.
    const [outcome] = fetchAllSync([
      postRequest({ baseUrl: sandbox.url, apiKey: DEMO_KEY }, PATHS.companySearch, request),
    ]);
    return (outcome ? refusal(interpret(PATHS.companySearch, outcome, readCompanySearch)) : null) !== null;
  }

  it("keywords: the same verdict on parentheses around a phrase and groups beside words", () => {
    // A random run of the property below found "(a) ": the sandbox took it, the client refused it.
    const cases = [
      "(a) ",
      "( a )",
      "((a))",
      "(a AND b) c",
      "c (a AND b)",
      "(a AND b)(c)",
      "a AND (b)",
      "(a) AND b",
      "((a AND b))",
      "(a AND b) OR c",
      "NOT (a OR b)",
      "(a OR b) AND NOT c",
      "a NOT b",
      "(a AND NOT)",
      "(OR a)",
      "(a AND b))",
    ];
    const verdicts = cases.map((keyword) => {
      const request = { keywords: [keyword], limit_by: 2 };
      return { keyword, client: validateCompanySearch(request).length > 0, sandbox: sandboxRefuses(request) };
    });
    expect(verdicts.filter((v) => v.client !== v.sandbox)).toEqual([]);
  });

  it("keywords: both sides refuse the same ones", () => {
    // Token sequences reach the structures a character soup rarely does: a group beside a word,
    // an operator after an operator, NOT at the end.
    const tokens = fc
      .array(fc.constantFrom("a", "bc", "AND", "OR", "NOT", "(", ")", "and"), { minLength: 1, maxLength: 8 })
      .chain((parts) =>
        fc.tuple(fc.constant(parts), fc.array(fc.constantFrom(" ", ""), { minLength: 8, maxLength: 8 })),
      )
      .map(([parts, gaps]) =>
        parts.map((p, i) => (/^[a-z]/i.test(p) ? ` ${p} ` : `${gaps[i]}${p}`)).join(""),
      );
    const text = fc.oneof(
      fc.stringMatching(/^[a-z()#*/ ]{1,12}$/),
      tokens,
      fc
        .tuple(
          fc.stringMatching(/^[a-z]{1,30}$/),
          fc.constantFrom("AND", "OR", "AND NOT"),
          fc.stringMatching(/^[a-z]{1,20}$/),
        )
        .map(([a, op, b]) => `(${a} ${op} ${b})`),
    );
    fc.assert(
      fc.property(text, (keyword) => {
        const request = { keywords: [keyword], limit_by: 2 };
        expect(validateCompanySearch(request).length > 0).toBe(sandboxRefuses(request));
      }),
      RUNS,
    );
  });

  it("transaction filters", () => {
    const client = sandboxClient(sandbox.url);
    const day = fc
      .date({ min: new Date("2020-01-01"), max: new Date("2030-12-31"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    const query = fc.record(
      {
        limit: fc.integer({ min: 1, max: 100 }).map(String),
        offset: fc.integer({ min: 0, max: 50 }).map(String),
        created_at__gte: day,
        created_at__range: fc.tuple(day, day).map(([a, b]) => `${a},${b}`),
        amount__lte: fc.integer({ min: -100, max: 100 }).map(String),
        after_balance__range: fc.integer({ min: -10, max: 10_000 }).map((n) => `${n},${n + 100}`),
        status__exact: fc.constant("success"),
        balance_type__exact: fc.constantFrom("leads_by_icp", "companies_by_icp"),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(query, (q) => {
        const page = client.listTransactions(q);
        expect(page.ok ? null : page.error).toBeNull();
      }),
      RUNS,
    );
  });
});
