/**
 * `npm run release` against a stand-in clasp on PATH that records its arguments: a first release
 * makes the one deployment, every later one moves it (never a second deployment, which would
 * disable users' triggers, PRODUCTION.md G11), and --dry-run prints the same commands and changes
 * nothing.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { makeStandIn, type StandIn, standInEnv } from "./stand-in-clasp";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const HEAD = { deploymentId: "AKfycbHEAD" };
const LIVE = { deploymentId: "AKfycbLIVE", versionNumber: 4, description: "older release" };

/** The real npm, found before the stand-in's `npm` shadows it on PATH. */
const npm = spawnSync("sh", ["-c", "command -v npm"], { encoding: "utf8" }).stdout.trim();

/** Runs `npm run release -- ARGS` as a person types it, with the stand-in first on PATH. */
function release(standIn: StandIn, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(npm, ["run", "--silent", "release", "--", ...args], {
    cwd: root,
    env: standInEnv(standIn, env),
    encoding: "utf8",
  });
  return { status: result.status, out: result.stdout, err: result.stderr };
}

/** The calls after the read-only listing, as the command lines a person would type. */
const lines = (standIn: StandIn) => standIn.calls().map((call) => call.join(" "));

describe("npm run release", () => {
  it("first release: builds, pushes, makes version 1 and the one deployment on it", () => {
    const standIn = makeStandIn([HEAD]);
    const run = release(standIn, ["--message", "first"]);
    expect(run.status).toBe(0);
    const calls = standIn.calls();
    expect(calls.map((call) => call.slice(0, 2))).toEqual([
      ["clasp", "list-deployments"],
      ["npm", "run"],
      ["clasp", "push"],
      ["clasp", "create-version"],
      ["clasp", "create-deployment"],
    ]);
    expect(calls[1]).toEqual(["npm", "run", "build"]);
    expect(calls[2]).toEqual(["clasp", "push", "--force"]);
    expect(calls[3]![1]).toBe("create-version");
    expect(calls[3]![2]).toMatch(/^first \(v\d+\.\d+\.\d+(, [0-9a-f]+)?\)$/);
    expect(calls[4]).toEqual([
      "clasp",
      "create-deployment",
      "--versionNumber",
      "1",
      "--description",
      calls[3]![2],
      "--json",
    ]);
    expect(standIn.deployments().filter((d) => d.versionNumber !== undefined)).toHaveLength(1);
    expect(run.out).toContain("first deployment, AKfycbNEW1");
    // package.json's pages are still the example host: said, not refused.
    expect(run.err).toMatch(/addon\.privacyPolicyUrl is still an example address/);
  });

  it("update: moves the existing deployment to the new version and makes no other", () => {
    const standIn = makeStandIn([HEAD, LIVE]);
    const run = release(standIn, ["-m", "schedules follow their rows"]);
    expect(run.status).toBe(0);
    const calls = standIn.calls();
    expect(calls.some((call) => call[1] === "create-deployment")).toBe(false);
    expect(calls.at(-1)).toEqual([
      "clasp",
      "update-deployment",
      "AKfycbLIVE",
      "--versionNumber",
      "1",
      "--description",
      calls.at(-2)![2],
      "--json",
    ]);
    expect(standIn.deployments()).toEqual([
      HEAD,
      { deploymentId: "AKfycbLIVE", versionNumber: 1, description: calls.at(-2)![2] },
    ]);
    expect(run.out).toContain("deployment AKfycbLIVE now serves it");
  });

  it.each([
    ["a first release", [HEAD], "create-deployment --versionNumber '<new version>'"],
    ["an update", [HEAD, LIVE], "update-deployment AKfycbLIVE --versionNumber '<new version>'"],
  ])("--dry-run of %s prints the clasp commands and runs only the listing", (_name, deployments, deploy) => {
    const standIn = makeStandIn(deployments);
    const run = release(standIn, ["--message", "it's new", "--dry-run"]);
    expect(run.status).toBe(0);
    expect(lines(standIn)).toEqual(["clasp list-deployments --json"]);
    const printed = run.out.split("\n").map((line) => line.trim());
    const description = /create-version ('.*') --json/.exec(run.out)?.[1];
    expect(description).toMatch(/^'it'\\''s new \(v/);
    expect(printed).toEqual(
      expect.arrayContaining([
        "npm run build",
        "clasp push --force",
        `clasp create-version ${description} --json`,
        `clasp ${deploy} --description ${description} --json`,
      ]),
    );
    expect(standIn.deployments()).toEqual(deployments);
  });

  it("refuses to guess between two versioned deployments, before building anything", () => {
    const standIn = makeStandIn([HEAD, LIVE, { deploymentId: "AKfycbOTHER", versionNumber: 2 }]);
    const run = release(standIn, ["-m", "x"]);
    expect(run.status).toBe(1);
    expect(run.err).toContain("--deployment-id");
    expect(lines(standIn)).toEqual(["clasp list-deployments --json"]);
    const named = release(standIn, ["-m", "x", "--deployment-id", "AKfycbOTHER"]);
    expect(named.status).toBe(0);
    expect(lines(standIn).at(-1)).toMatch(/^clasp update-deployment AKfycbOTHER --versionNumber 1 /);
  });

  it.each([
    [
      "the placeholder id",
      { scriptId: "PUT-YOUR-SCRIPT-ID-HERE", rootDir: "dist" },
      "clasp create --type standalone",
    ],
    ["a bound script", { scriptId: "1Bound", rootDir: "dist", parentId: "1Sheet" }, "bound to a document"],
    ["another rootDir", { scriptId: "1AbC", rootDir: "src" }, '"rootDir": "dist"'],
    [
      "a srcDir, which clasp reads before rootDir",
      { scriptId: "1AbC", srcDir: "src", rootDir: "dist" },
      '"rootDir": "dist"',
    ],
  ])("refuses %s in .clasp.json and runs nothing", (_name, config, says) => {
    const standIn = makeStandIn([HEAD, LIVE]);
    writeFileSync(standIn.projectFile, JSON.stringify(config));
    const run = release(standIn, ["-m", "x"]);
    expect(run.status).toBe(1);
    expect(run.err).toContain(says);
    expect(standIn.calls()).toEqual([]);
  });

  it("refuses a build without API_BASE_URL (it would point at the example host)", () => {
    const standIn = makeStandIn([HEAD, LIVE]);
    const run = release(standIn, ["-m", "x", "--dry-run"], { API_BASE_URL: "" });
    expect(run.status).toBe(1);
    expect(run.err).toContain("API_BASE_URL");
    expect(standIn.calls()).toEqual([]);
  });
});
