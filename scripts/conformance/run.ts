/**
 * Runs the contract checks of rules.ts in order against one base URL and answers one result per
 * rule: pass, fail (with why), or not run (with why: the --spend budget, or a missing input).
 * Paid rules run while their worst-case cost still fits in what is left of the budget.
 */
import { BULK_RULES } from "./bulk-rules.ts";
import { type Context, RULES, type Rule, RuleFailure } from "./rules.ts";

export interface ConformanceOptions {
  baseUrl: string;
  key: string;
  /** Credits the run may spend at most (default 0: free checks only). */
  spend?: number;
  emptyKey?: string;
  profileUrl?: string;
  /** Host of a well-formed profile URL (default www.linkedin.com). */
  profileHost?: string;
  /** A mail domain where the test person has no mailbox (default example.com), for A16's charge rules. */
  emailDomain?: string;
  /** Per request (default 300 s, production's longest recommended timeout). */
  timeoutMs?: number;
  /** Only these rule ids (default all). */
  only?: string[];
  /** The API's word for the spec's `network` (default `network`; production's is its network's name). */
  networkName?: string;
  /** The API's word for `company_db` in `company_db_urn` (default `company_db`). */
  companyDbName?: string;
}

export interface RuleResult {
  id: string;
  title: string;
  outcome: "pass" | "fail" | "not run";
  reason?: string;
  /** What a passing rule settled (A16: the charge rule it saw). */
  note?: string;
  ms: number;
}

export async function runConformance(
  options: ConformanceOptions,
  rules: Rule[] = [...RULES, ...BULK_RULES],
): Promise<RuleResult[]> {
  const context: Context = {
    target: {
      baseUrl: options.baseUrl.replace(/\/+$/, ""),
      key: options.key.replace(/^Token\s+/i, ""),
      timeoutMs: options.timeoutMs ?? 300_000,
      networkName: options.networkName ?? "network",
      companyDbName: options.companyDbName ?? "company_db",
    },
    profileHost: options.profileHost ?? "www.linkedin.com",
    emailDomain: options.emailDomain ?? "example.com",
    ...(options.emptyKey === undefined ? {} : { emptyKey: options.emptyKey }),
    ...(options.profileUrl === undefined ? {} : { profileUrl: options.profileUrl }),
  };
  let budget = options.spend ?? 0;
  const results: RuleResult[] = [];
  for (const rule of rules) {
    if (options.only !== undefined && !options.only.includes(rule.id)) continue;
    const base = { id: rule.id, title: rule.title, ms: 0 };
    const missing = rule.needs?.(context) ?? null;
    if (missing !== null) {
      results.push({ ...base, outcome: "not run", reason: missing });
      continue;
    }
    if (rule.cost > budget) {
      results.push({
        ...base,
        outcome: "not run",
        reason: `may spend ${rule.cost} credits; ${budget} left of --spend ${options.spend ?? 0}`,
      });
      continue;
    }
    budget -= rule.cost;
    const started = performance.now();
    try {
      const note = await rule.run(context);
      const ms = Math.round(performance.now() - started);
      results.push({ ...base, outcome: "pass", ...(typeof note === "string" ? { note } : {}), ms });
    } catch (error) {
      const reason =
        error instanceof RuleFailure
          ? error.message
          : `could not check: ${error instanceof Error ? error.message : String(error)}`;
      results.push({ ...base, outcome: "fail", reason, ms: Math.round(performance.now() - started) });
    }
  }
  return results;
}

const LABEL = { pass: "PASS   ", fail: "FAIL   ", "not run": "NOT RUN" } as const;

/** One line per rule, then a summary line. */
export function formatResults(results: RuleResult[]): string {
  const lines = results.map(
    (r) =>
      `${LABEL[r.outcome]} ${r.id.padEnd(22)} ${r.title}${r.reason === undefined ? "" : `: ${r.reason}`}${r.note === undefined ? "" : ` -> ${r.note}`}`,
  );
  const count = (outcome: RuleResult["outcome"]) => results.filter((r) => r.outcome === outcome).length;
  lines.push(`${count("pass")} passed, ${count("fail")} failed, ${count("not run")} not run`);
  return lines.join("\n");
}
