/** `npm run sandbox`: prints its base URL and keys, honours PORT and the flags, and serves. */
import { type ChildProcess, spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill("SIGTERM");
  child = undefined;
});

function start(args: string[], env: Record<string, string> = {}): Promise<string> {
  child = spawn(process.execPath, ["--import", "tsx", "sandbox/api/cli.ts", ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    child!.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ctrl+C")) resolve(output);
    });
    child!.once("exit", (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
}

describe("sandbox CLI", () => {
  it("prints the base URL and keys, takes PORT and flags, and serves", async () => {
    const output = await start(["--latency-ms", "0", "--seed", "1"], { PORT: "0" });
    const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(output).toContain("sandbox-demo-key  10000 credits");
    expect(output).toContain("sandbox-empty-key  0 credits");
    const info = (await (await fetch(`${url}/__sandbox/info`)).json()) as { seed: number };
    expect(info.seed).toBe(1);
  });

  it("serves under --network-name and --company-db-name, and refuses a word that is not one", async () => {
    const output = await start(["--network-name", "acme", "--company-db-name", "acmedb"], { PORT: "0" });
    const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
    expect(output).toContain('network name "acme" (/api/acme/leads/by_link/, acme_id) and acmedb_urn');
    const post = (path: string) =>
      fetch(`${url}${path}`, { method: "POST", headers: { Authorization: "Token nobody" }, body: "{}" });
    expect((await post("/api/acme/leads/by_link/")).status).toBe(401);
    expect((await post("/api/network/leads/by_link/")).status).toBe(404);
    child?.kill("SIGTERM");
    await expect(start(["--network-name", "Acme Net"], { PORT: "0" })).rejects.toThrow(/exited 2/);
  });

  it("takes account limits, the latency model and the readings as flags", async () => {
    const output = await start(
      [
        "--account-parallel",
        "5",
        "--daily-searches",
        "20",
        "--latency",
        "production",
        "--latency-seed",
        "9",
        "--readings",
        "spec",
        "--insufficient-funds-status",
        "400",
        "--negative-balance",
        "--after-balance",
        "per_operation",
      ],
      { PORT: "0" },
    );
    const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
    expect(output).toContain("5 parallel searches, 20 daily searches");
    const config = (await (await fetch(`${url}/__sandbox/config`)).json()) as Record<string, unknown>;
    expect(config).toMatchObject({
      accountParallel: 5,
      dailySearches: 20,
      dailyLimitStatus: 429,
      latencyModel: "production",
      latencySeed: 9,
      totalCount: "always",
      lookupNotFound: "not_found_404",
      insufficientFundsStatus: 400,
      negativeBalance: true,
      // The spec's reading, but for this flag: a charge's after_balance is its operation's counter.
      afterBalance: "per_operation",
      ledgerStatuses: false,
    });
  });

  it("refuses a bad flag value", async () => {
    await expect(start(["--latency-ms", "soon"])).rejects.toThrow(/exited 2/);
    await expect(start(["--account-parallel", "many"])).rejects.toThrow(/exited 2/);
    await expect(start(["--latency", "slow"])).rejects.toThrow(/exited 2/);
  });
});
