/**
 * Issue 19.1: `npm run conformance -- --network-name WORD` checks an API that writes the network's
 * name (and the company database's) where the spec writes `network` (PRODUCTION.md A14): against a
 * sandbox serving under "acme", every rule passes with the right words, and the wrong word fails
 * at once with a reason that says which names to try.
 */
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { formatResults, runConformance } from "../../scripts/conformance/run.ts";
import { DEMO_KEY, EMPTY_KEY, useSandbox } from "./support.ts";

const api = useSandbox({ networkName: "acme", companyDbName: "acmedb" });

describe("npm run conformance -- --network-name", () => {
  it("passes every rule against an API serving under that name, field names included", async () => {
    const [profileUrl] = await api.control.sampleUrls(1, 500);
    const results = await runConformance({
      baseUrl: api.url,
      key: DEMO_KEY,
      spend: 100,
      emptyKey: EMPTY_KEY,
      profileUrl: profileUrl!,
      networkName: "acme",
      companyDbName: "acmedb",
    });
    expect(formatResults(results)).not.toMatch(/^(FAIL|NOT RUN)/m);
    expect(results.map((r) => r.id)).toEqual(expect.arrayContaining(["A14.paths", "A14.fields"]));
  });

  it("with the wrong name: the paths rule fails first and says so, nothing is charged", async () => {
    const results = await runConformance({ baseUrl: api.url, key: DEMO_KEY, spend: 100 });
    expect(results[0]).toMatchObject({ id: "A14.paths", outcome: "fail" });
    expect(results[0]?.reason).toMatch(
      /404 on \/api\/network\/leads\/by_link\/: this API does not serve the network name "network"/,
    );
    expect((await api.control.stats()).creditsCharged).toBe(0);
  });

  it("takes --network-name and --company-db-name on the command line", async () => {
    const run = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "scripts/conformance.ts",
        "--base-url",
        api.url,
        "--key",
        DEMO_KEY,
        "--network-name",
        "acme",
        "--company-db-name",
        "acmedb",
        "--only",
        "A14.paths,auth.invalid",
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    run.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => run.once("exit", resolve));
    expect(output).toMatch(/^PASS {4}A14\.paths/m);
    expect(output).toMatch(/^PASS {4}auth\.invalid/m);
    expect(code).toBe(0);
  });
});
