/**
 * `npm run conformance` against the sandbox: with production's readings every rule passes (so the
 * sandbox tells production's truth as far as the checks go), with the spec's first reading the
 * production rules fail (so the checks can tell the two apart), and --spend bounds what runs.
 */
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { formatResults, runConformance } from "../../scripts/conformance/run.ts";
import { DEMO_KEY, EMPTY_KEY, useSandbox } from "./support.ts";

const api = useSandbox();

async function fullRun(spend = 100) {
  const [profileUrl] = await api.control.sampleUrls(1, 500);
  return runConformance({
    baseUrl: api.url,
    key: DEMO_KEY,
    spend,
    emptyKey: EMPTY_KEY,
    profileUrl: profileUrl!,
  });
}

describe("npm run conformance", () => {
  it("passes every rule against the sandbox, and spends no more than --spend", async () => {
    const results = await fullRun();
    expect(formatResults(results)).not.toMatch(/^(FAIL|NOT RUN)/m);
    expect(results.length).toBeGreaterThanOrEqual(17);
    expect((await api.control.stats()).creditsCharged).toBeLessThanOrEqual(100);
  });

  it("with --spend 0 runs only the free rules and charges nothing", async () => {
    const results = await runConformance({ baseUrl: api.url, key: DEMO_KEY });
    const notRun = results.filter((r) => r.outcome === "not run").map((r) => r.id);
    expect(notRun).toEqual(expect.arrayContaining(["A1.no-match", "A2.lookup", "A8.out-of-funds"]));
    expect(results.filter((r) => r.outcome === "fail")).toEqual([]);
    expect((await api.control.stats()).creditsCharged).toBe(0);
  });

  it("fails the production rules against the spec's first reading, each with its reason", async () => {
    await api.control.configure({ readings: "spec" });
    const results = await fullRun();
    const failed = results.filter((r) => r.outcome === "fail").map((r) => r.id);
    expect(failed.sort()).toEqual([
      "A1.count-when-asked",
      "A1.no-match",
      "A2.lookup",
      "A3.nobody",
      "A3.other-host",
      "A6.no-match",
    ]);
    expect(results.find((r) => r.id === "A2.lookup")?.reason).toMatch(/source is "cache"/);
  });

  it("checks bulk jobs (A19) with at most 2 paid leads, and says when the plan is not entitled", async () => {
    const results = await fullRun();
    const bulk = results.filter((r) => r.id.startsWith("A19."));
    expect(bulk.map((r) => [r.id, r.outcome])).toEqual([
      ["A19.bulk-refusals", "pass"],
      ["A19.job-not-found", "pass"],
      ["A19.bulk-job", "pass"],
    ]);
    await api.control.configure({ bulkEntitled: false });
    const refused = (await fullRun()).find((r) => r.id === "A19.bulk-refusals");
    expect(refused).toMatchObject({ outcome: "fail", reason: expect.stringMatching(/not entitled/) });
  });

  it("prints one line per rule and exits 1 on a failure, from the command line", async () => {
    await api.control.configure({ readings: "spec" });
    const run = spawn(
      process.execPath,
      ["--import", "tsx", "scripts/conformance.ts", "--base-url", api.url, "--key", DEMO_KEY, "--spend", "3"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    run.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => run.once("exit", resolve));
    expect(output).toMatch(/^PASS {4}auth\.missing/m);
    expect(output).toMatch(/^FAIL {4}A3\.nobody .*: expected 400, got 404 .*Lead not found/m);
    expect(output).toMatch(/^NOT RUN A1\.count-when-asked .*may spend 6 credits/m);
    expect(output).toMatch(/^\d+ passed, 3 failed, \d+ not run$/m);
    expect(code).toBe(1);
  });
});
