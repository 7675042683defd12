/**
 * What a release runs, as data: the commands before the version exists, the one that makes it, and
 * the one that moves the deployment. Kept pure so the dry run prints exactly what a real run does.
 */

/** One command line: the program (looked up on PATH) and its arguments. */
export interface Command {
  program: "npm" | "clasp";
  args: string[];
}

/** A deployment as `clasp list-deployments --json` lists it; the @HEAD one has no version. */
export interface Deployment {
  deploymentId: string;
  versionNumber?: number | null;
  description?: string | null;
}

/** Which deployment a release moves, or that it is the first release and makes the one deployment. */
export type DeploymentTarget = { kind: "update"; deploymentId: string } | { kind: "first" };

/** Read only: what the project has deployed, so the release knows whether it is the first. */
export const LIST_DEPLOYMENTS: Command = { program: "clasp", args: ["list-deployments", "--json"] };

/** Builds the production bundle into dist/ and uploads it; `--force` lets the build's manifest win. */
export const BUILD_AND_PUSH: Command[] = [
  { program: "npm", args: ["run", "build"] },
  { program: "clasp", args: ["push", "--force"] },
];

/** Makes the immutable version the deployment will point at; its number comes back as JSON. */
export function createVersion(description: string): Command {
  return { program: "clasp", args: ["create-version", description, "--json"] };
}

/**
 * Points the deployment at `version`: moves the existing one, never makes a second (a new deployment
 * disables the triggers users have, PRODUCTION.md G11); only the first release makes it.
 */
export function deployVersion(target: DeploymentTarget, version: string, description: string): Command {
  const tail = ["--versionNumber", version, "--description", description, "--json"];
  return target.kind === "first"
    ? { program: "clasp", args: ["create-deployment", ...tail] }
    : { program: "clasp", args: ["update-deployment", target.deploymentId, ...tail] };
}

/**
 * Picks the deployment to move from what the project lists: none versioned means the first
 * release; one is the add-on's; several need `--deployment-id` (the release will not guess).
 */
export function chooseDeployment(
  deployments: Deployment[],
  wanted?: string,
): DeploymentTarget | { problem: string } {
  const versioned = deployments.filter((d) => typeof d.versionNumber === "number");
  if (wanted !== undefined) {
    if (deployments.length > 0 && !deployments.some((d) => d.deploymentId === wanted)) {
      return { problem: `The project has no deployment ${wanted}: ${describe(versioned)}.` };
    }
    return { kind: "update", deploymentId: wanted };
  }
  if (versioned.length === 0) return { kind: "first" };
  if (versioned.length === 1) return { kind: "update", deploymentId: versioned[0]!.deploymentId };
  return {
    problem: `The project has ${versioned.length} versioned deployments (${describe(versioned)}); name the one the Marketplace listing uses with --deployment-id ID.`,
  };
}

function describe(deployments: Deployment[]): string {
  if (deployments.length === 0) return "none versioned";
  return deployments.map((d) => `${d.deploymentId} @${d.versionNumber}`).join(", ");
}

/** A command as a shell line, quoting what the shell would split or expand. */
export function commandLine(command: Command): string {
  const quote = (arg: string) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`);
  return [command.program, ...command.args].map(quote).join(" ");
}

/** The text a version and its deployment carry: the message, the package version and the commit. */
export function versionDescription(message: string, packageVersion: string, commit: string | null): string {
  return `${message} (v${packageVersion}${commit ? `, ${commit}` : ""})`;
}
