/**
 * The sidebar's one entry, `rpc(method, arg)`, fuzzed with fast-check in the emulated runtime (the
 * built dist/Code.js) against the sandbox: every method of the contract gets wrong types, nulls,
 * huge strings, nested arrays and prototype keys, in place of its whole argument and of each
 * field of a valid one. Whatever comes in, the answer is an RpcResult: no execution failure, no
 * raw JavaScript error text, no stack, and a refused shape names the field at fault.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyForm as emptyCompanyForm } from "../../src/jobs/company-search/form";
import { emptyForm as emptyLeadForm } from "../../src/jobs/lead-search/form";
import type { RpcMethod } from "../../src/rpc";
import { type AddonRuntime, startAddonRuntime } from "./support";

let addon: AddonRuntime;

/** A valid argument of each method, the starting point of the field mutations. */
const SAMPLES: Record<RpcMethod, unknown> = {
  getServerInfo: null,
  getSettings: null,
  saveSettings: { chunkSize: 100, spendCap: "400" },
  removeApiKey: null,
  testConnection: null,
  enrichPreview: { options: { fields: ["full_name"], extras: { posts: false }, mode: "fill" }, urlColumn: 1 },
  enrichEstimate: { options: { fields: ["full_name"], extras: {}, mode: "refresh" } },
  enrichConfirm: { jobId: "job-1" },
  enrichStep: { jobId: "job-1" },
  enrichPause: { jobId: "job-1" },
  enrichResume: { jobId: "job-1" },
  enrichCancel: { jobId: "job-1" },
  enrichSelectFailed: { jobId: "job-1" },
  enrichBackground: { jobId: "job-1" },
  enrichBringBack: { jobId: "job-1" },
  enrichStartup: null,
  enrichTakeOverEstimate: { jobId: "job-1" },
  enrichTakeOver: { jobId: "job-1", confirmedCredits: 5 },
  emailsStartup: null,
  emailsEstimate: { kind: "find" },
  emailsConfirm: { jobId: "job-1" },
  emailsStep: { jobId: "job-1" },
  emailsPause: { jobId: "job-1" },
  emailsResume: { jobId: "job-1" },
  emailsCancel: { jobId: "job-1" },
  emailsRetryEstimate: { jobId: "job-1" },
  creditsSummary: null,
  creditsList: { filters: { amount: { modifier: "gt", value: "1" } }, limit: 10, offset: 0 },
  creditsExport: { filters: {}, replace: false },
  leadsSelection: null,
  leadsEstimate: { form: { ...emptyLeadForm(), target: { kind: "company_name", value: "Acme" } } },
  leadsRun: { form: emptyLeadForm(), confirmedMaxCredits: 0 },
  leadsCancel: { runId: "run-1" },
  leadsPresets: null,
  leadsSavePreset: {
    name: "Buyers",
    personas: [{ name: "b", functions: ["Sales"], seniorities: [], prohibit: [] }],
  },
  companyEstimate: { ...emptyCompanyForm(), industries: ["Software"] },
  companyRun: { form: emptyCompanyForm(), confirmedCredits: 0 },
  companyCancel: { runId: "run-1" },
  companyLastSearch: null,
  companyPresets: null,
  companySavePreset: { name: "ICP", form: emptyCompanyForm() },
  companyDeletePreset: { name: "ICP" },
  leadsDeletePreset: { name: "Marketing" },
  historyStatus: null,
  historySaveSettings: { enabled: true, maxRows: 5000 },
  historyUndoPreview: null,
  historyUndo: null,
  historyDigest: { jobId: "job-1" },
  historyShowJobChanges: { since: "2026-11-01" },
  enrichRetryCounts: { jobId: "job-1" },
  enrichRetryEstimate: { jobId: "job-1", includeMaybeCharged: false },
  enrichFinishEstimate: { jobId: "job-1" },
  scheduleStatus: null,
  scheduleSave: {
    request: { options: { fields: ["full_name"], extras: {}, mode: "refresh" } },
    period: "week",
    cap: 100,
  },
  scheduleRemove: null,
  scheduleEstimate: { cap: 10 },
};

const METHODS = Object.keys(SAMPLES) as RpcMethod[];

/** Objects whose own keys are the names that reach prototypes. */
const prototypeKeys = fc.constantFrom(
  JSON.parse('{"__proto__": {"polluted": true}}'),
  JSON.parse('{"constructor": {"prototype": {"polluted": true}}}'),
  JSON.parse('{"__proto__": null, "toString": 1, "hasOwnProperty": "x"}'),
  JSON.parse('{"prototype": []}'),
);

/** Anything google.script.run can carry (JSON), biased towards what breaks handlers. */
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, 0, -1, 1e308, true, false, "", "   ", [], {}, [[[]]], [null], [[null, [1]]]),
  fc.string({ maxLength: 20 }),
  fc.constant("x".repeat(200_000)),
  fc.constant(["y".repeat(60_000), "z"]),
  fc.array(fc.oneof(fc.string(), fc.integer(), fc.constant(null)), { maxLength: 5 }),
  prototypeKeys,
  fc.jsonValue({ maxDepth: 3 }),
);

/** Every path (list of keys) inside a JSON value, the value itself first. */
function pathsOf(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  const paths = [prefix];
  if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      paths.push(...pathsOf(v, [...prefix, Array.isArray(value) ? Number(k) : k]));
    }
  }
  return paths;
}

function replaced(value: unknown, path: Array<string | number>, bad: unknown): unknown {
  if (path.length === 0) return bad;
  const copy = JSON.parse(JSON.stringify(value)) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1] as string | number] = bad;
  return copy;
}

/** A valid argument with one place (or the whole) replaced by a bad value. */
function mutated(method: RpcMethod): fc.Arbitrary<unknown> {
  const sample = SAMPLES[method];
  return fc
    .tuple(fc.constantFrom(...pathsOf(sample)), badValue)
    .map(([path, bad]) => replaced(sample, path, bad));
}

/** Text that only a raw JavaScript error or a stack would put in an answer. */
const RAW =
  /TypeError|ReferenceError|RangeError|SyntaxError|Cannot read propert|is not a function|is not iterable|of undefined|of null|\bat [\w.<>]+ \(|Code\.js:\d|\.ts:\d/;

function checkAnswer(method: RpcMethod, arg: unknown): void {
  let answer: unknown;
  try {
    answer = addon.runtime.rpc(method, arg);
  } catch (error) {
    throw new Error(`${method} failed as an execution: ${String(error).slice(0, 300)}`);
  }
  const result = answer as { ok?: unknown; error?: { kind?: unknown; message?: unknown; next?: unknown } };
  expect(typeof result.ok, `${method} answered ${JSON.stringify(answer)?.slice(0, 200)}`).toBe("boolean");
  const text = JSON.stringify(answer);
  expect(RAW.test(text), `${method} answered raw error text: ${text.slice(0, 400)}`).toBe(false);
  if (result.ok === false) {
    expect(typeof result.error?.message).toBe("string");
    expect(String(result.error?.message).length).toBeLessThanOrEqual(500);
    expect(String(result.error?.next ?? "").length).toBeLessThanOrEqual(500);
  }
  // No prototype reached through a key of the argument.
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

beforeAll(async () => {
  addon = await startAddonRuntime({ userProperties: { SPEND_CAP: "50" } });
  const urls = await addon.control.sampleUrls(3);
  addon.runtime.setValues("Sheet1", "A1", [["network_url"], ...urls.map((u) => [u])]);
  addon.runtime.select("Sheet1", "A1:A4");
});

afterAll(async () => {
  await addon?.close();
});

describe("rpc boundary", () => {
  it("answers every method's valid sample with an RpcResult", () => {
    for (const method of METHODS) checkAnswer(method, SAMPLES[method]);
  });

  it("answers a malformed form with the field at fault, not a TypeError", () => {
    const answer = addon.runtime.rpc("leadsEstimate", { form: { ...emptyLeadForm(), target: null } }) as {
      ok: boolean;
      error: { message: string; field?: string };
    };
    expect(answer.ok).toBe(false);
    expect(answer.error.field).toBe("form.target");
    expect(answer.error.message).toMatch(/form\.target/);
  });

  it("refuses a huge string by its field, without echoing it", () => {
    const answer = addon.runtime.rpc("companyEstimate", {
      ...emptyCompanyForm(),
      keywords: ["k".repeat(100_000)],
    }) as {
      ok: boolean;
      error: { message: string; field?: string };
    };
    expect(answer).toMatchObject({ ok: false, error: { field: "keywords[0]" } });
    expect(answer.error.message.length).toBeLessThan(300);
  });

  for (const method of METHODS) {
    it(`fuzz: ${method} never answers raw error text`, () => {
      fc.assert(
        fc.property(fc.oneof(mutated(method), badValue), (arg) => {
          checkAnswer(method, arg);
        }),
        { numRuns: 100, seed: 12_014 },
      );
    });
  }
});
