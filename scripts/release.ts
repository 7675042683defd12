/**
 * `npm run release -- --message "what changed" [--dry-run] [--deployment-id ID]`: builds for
 * production, pushes dist/ to the standalone add-on project, makes a version and moves the add-on's
 * one deployment to it (the first release makes that deployment). Never a second deployment: it
 * would disable the triggers users have (PRODUCTION.md G11). `--dry-run` runs only the read-only
 * `clasp list-deployments` and prints every other command. Steps and checks: docs/deploy.md.
 *
 * clasp is looked up on PATH first (a stand-in in tests), then in node_modules/.bin; the project
 * file is clasp's own setting `clasp_config_project`, else `.clasp.json` here.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { parseDeploymentId, parseDeployments, parseVersionNumber } from "./release/clasp-output.ts";
import { readClaspProject } from "./release/clasp-project.ts";
import {
  BUILD_AND_PUSH,
  type Command,
  chooseDeployment,
  commandLine,
  createVersion,
  type DeploymentTarget,
  deployVersion,
  LIST_DEPLOYMENTS,
  versionDescription,
} from "./release/plan.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
/** The placeholder version number the dry run prints where a real run uses clasp's answer. */
const NEW_VERSION = "<new version>";

const { values } = parseArgs({
  options: {
    message: { type: "string", short: "m" },
    "dry-run": { type: "boolean", default: false },
    "deployment-id": { type: "string" },
  },
});

function fail(problem: string): never {
  console.error(`release: ${problem}`);
  process.exit(1);
}

const dryRun = values["dry-run"];
const message = values.message?.trim() || fail('say what changed: npm run release -- --message "..."');
const baseUrl = process.env.API_BASE_URL ?? "";
if (!baseUrl.startsWith("https://")) {
  fail("set API_BASE_URL to the API's https address: the build bakes it into the add-on (docs/deploy.md).");
}
const project = readClaspProject(process.env.clasp_config_project ?? join(root, ".clasp.json"));
if ("problem" in project) fail(project.problem);

// `npm run` puts node_modules/.bin folders first on PATH; the clasp the caller put on PATH (a
// stand-in in tests) must win, so those folders move to the end.
const callerPath = (process.env.PATH ?? "")
  .split(delimiter)
  .filter((dir) => !dir.endsWith(join("node_modules", ".bin")));
const path = [...callerPath, join(root, "node_modules", ".bin")].join(delimiter);

/** Runs one command in the repository; a failure ends the release, saying which step failed. */
function run(command: Command, capture = false): string {
  console.log(`$ ${commandLine(command)}`);
  const result = spawnSync(command.program, command.args, {
    cwd: root,
    env: { ...process.env, PATH: path },
    encoding: "utf8",
    stdio: capture ? ["inherit", "pipe", "inherit"] : "inherit",
  });
  if (result.error) fail(`${command.program} could not start: ${result.error.message}`);
  if (result.status !== 0)
    fail(`${commandLine(command)} failed (exit ${result.status}); nothing after it ran.`);
  return result.stdout ?? "";
}

function gitCommit(): string | null {
  const result = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : null;
}

const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  version: string;
  addon: Record<string, string>;
};
const description = versionDescription(message, pkg.version, gitCommit());
// The About item and the sidebar link these pages, and the listing names them: example hosts are
// worth a word before users see dead links (not a refusal: a test deployment may use them).
for (const [name, url] of Object.entries(pkg.addon)) {
  if (/^https:\/\/[^/]*\.example(\/|$)/.test(url)) {
    console.warn(`release: note: package.json addon.${name} is still an example address (${url}).`);
  }
}

// Which deployment moves is settled before anything is built or pushed, so an unclear project
// stops the release while the add-on is untouched.
const wanted = values["deployment-id"];
const target: DeploymentTarget | { problem: string } =
  wanted !== undefined
    ? chooseDeployment([], wanted)
    : chooseDeployment(parseDeployments(run(LIST_DEPLOYMENTS, true)));
if ("problem" in target) fail(target.problem);

if (dryRun) {
  console.log(
    `\nDry run (${target.kind === "first" ? "first release: makes the one deployment" : `update of ${target.deploymentId}`}); a release would run:`,
  );
  for (const command of [
    ...BUILD_AND_PUSH,
    createVersion(description),
    deployVersion(target, NEW_VERSION, description),
  ]) {
    console.log(`  ${commandLine(command)}`);
  }
  process.exit(0);
}

for (const command of BUILD_AND_PUSH) run(command);
const version = parseVersionNumber(run(createVersion(description), true));
const deployed = run(deployVersion(target, String(version), description), true);
console.log(
  target.kind === "first"
    ? `Released version ${version} as the add-on's first deployment, ${parseDeploymentId(deployed)}: the Marketplace SDK's App configuration names this id, and every later release moves it.`
    : `Released version ${version}: deployment ${target.deploymentId} now serves it; users get it when they next open a spreadsheet.`,
);
