/**
 * Issue 21, "Done when": `npm run conformance` has rules for the email finder and validator (free
 * validation failures, at most 2 paid calls) that settle the undocumented charge rule, shown here
 * against the sandbox under each of its two charge readings.
 */
import { describe, expect, it } from "vitest";
import { runConformance } from "../../scripts/conformance/run.ts";
import { DEMO_KEY, useSandbox } from "./support.ts";

const api = useSandbox();
const EMAIL_RULES = ["A16.validation", "A16.finder-charge", "A16.validator-charge"];

async function emailRun() {
  return runConformance({ baseUrl: api.url, key: DEMO_KEY, spend: 2, only: EMAIL_RULES });
}

describe("conformance rules of the email endpoints", () => {
  it("pass under per-valid-email charging, say so, and spend at most 2 credits in 2 paid calls", async () => {
    const results = await emailRun();
    expect(results.map((r) => [r.id, r.outcome])).toEqual(EMAIL_RULES.map((id) => [id, "pass"]));
    expect(results.find((r) => r.id === "A16.finder-charge")?.note).toMatch(
      /charged 0: charged per valid email found/,
    );
    expect(results.find((r) => r.id === "A16.validator-charge")?.note).toMatch(/charged 1 for one address/);
    const stats = await api.control.stats();
    expect(stats.ledger.length).toBeLessThanOrEqual(2);
    expect(Math.abs(stats.creditsCharged)).toBeLessThanOrEqual(2);
  });

  it("tell per-row charging apart", async () => {
    await api.control.configure({ emailCharge: "per_row" });
    const results = await emailRun();
    expect(results.find((r) => r.id === "A16.finder-charge")?.note).toMatch(
      /charged 1: charged per row sent/,
    );
  });

  it("with --spend 0 run only the free validation rule", async () => {
    const results = await runConformance({ baseUrl: api.url, key: DEMO_KEY, only: EMAIL_RULES });
    expect(results.map((r) => r.outcome)).toEqual(["pass", "not run", "not run"]);
    expect((await api.control.stats()).creditsCharged).toBe(0);
  });
});
