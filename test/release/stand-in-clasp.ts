/**
 * A stand-in `clasp` (and `npm`) for the release tests: executables on a temporary PATH that append
 * their arguments to a log and answer as clasp 3 does with --json, from a state folder holding the
 * project's deployments. Nothing reaches Google, and no build overwrites dist/.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A deployment as the stand-in keeps it (clasp list-deployments --json's shape). */
export interface StandInDeployment {
  deploymentId: string;
  versionNumber?: number;
  description?: string;
}

/** The stand-in's folder: `bin` for PATH, its log and state, and the project file it reads. */
export interface StandIn {
  bin: string;
  projectFile: string;
  /** Every call so far: the program and its arguments. */
  calls(): string[][];
  deployments(): StandInDeployment[];
}

/** The stand-in clasp itself: a Node script run by the shebang, state in STANDIN_STATE. */
const CLASP_SCRIPT = `#!/usr/bin/env node
const fs = require("node:fs");
const path = require("node:path");
const state = process.env.STANDIN_STATE;
const args = process.argv.slice(2);
fs.appendFileSync(path.join(state, "calls.jsonl"), JSON.stringify(["clasp", ...args]) + "\\n");
const file = path.join(state, "deployments.json");
const deployments = JSON.parse(fs.readFileSync(file, "utf8"));
const option = (name) => { const i = args.indexOf(name); return i < 0 ? undefined : args[i + 1]; };
const save = () => fs.writeFileSync(file, JSON.stringify(deployments));
switch (args[0]) {
  case "push": console.log("Pushed 4 files."); break;
  case "list-deployments": console.log(JSON.stringify(deployments, null, 2)); break;
  case "create-version": {
    const versions = path.join(state, "versions");
    const next = (fs.existsSync(versions) ? Number(fs.readFileSync(versions, "utf8")) : 0) + 1;
    fs.writeFileSync(versions, String(next));
    console.log(JSON.stringify({ versionNumber: next }, null, 2));
    break;
  }
  case "create-deployment": {
    const made = { deploymentId: "AKfycbNEW" + deployments.length, versionNumber: Number(option("--versionNumber")), description: option("--description") };
    deployments.push(made); save();
    console.log(JSON.stringify(made, null, 2));
    break;
  }
  case "update-deployment": {
    const found = deployments.find((d) => d.deploymentId === args[1]);
    if (!found) { console.error("No deployment " + args[1]); process.exit(1); }
    found.versionNumber = Number(option("--versionNumber")); found.description = option("--description"); save();
    console.log(JSON.stringify(found, null, 2));
    break;
  }
  default: console.error("stand-in clasp: unexpected command " + args[0]); process.exit(1);
}
`;

const NPM_SCRIPT = `#!/usr/bin/env node
require("node:fs").appendFileSync(require("node:path").join(process.env.STANDIN_STATE, "calls.jsonl"), JSON.stringify(["npm", ...process.argv.slice(2)]) + "\\n");
`;

/** Makes a stand-in whose project already has these deployments (the @HEAD one has no version). */
export function makeStandIn(deployments: StandInDeployment[]): StandIn {
  const dir = mkdtempSync(join(tmpdir(), "release-stand-in-"));
  const bin = join(dir, "bin");
  mkdirSync(bin);
  for (const [name, text] of [
    ["clasp", CLASP_SCRIPT],
    ["npm", NPM_SCRIPT],
  ] as const) {
    writeFileSync(join(bin, name), text);
    chmodSync(join(bin, name), 0o755);
  }
  writeFileSync(join(dir, "deployments.json"), JSON.stringify(deployments));
  writeFileSync(join(dir, "calls.jsonl"), "");
  const projectFile = join(dir, ".clasp.json");
  writeFileSync(projectFile, JSON.stringify({ scriptId: "1AbCstandalone", rootDir: "dist" }));
  return {
    bin,
    projectFile,
    calls: () =>
      readFileSync(join(dir, "calls.jsonl"), "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as string[]),
    deployments: () => JSON.parse(readFileSync(join(dir, "deployments.json"), "utf8")) as StandInDeployment[],
  };
}

/** The environment a release runs in: the stand-in first on PATH, its state and project file. */
export function standInEnv(standIn: StandIn, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: `${standIn.bin}:${process.env.PATH ?? ""}`,
    STANDIN_STATE: join(standIn.bin, ".."),
    clasp_config_project: standIn.projectFile,
    API_BASE_URL: "https://api.example.com",
    ...extra,
  };
}
