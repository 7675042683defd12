/**
 * Reads what `clasp ... --json` prints. clasp may print a line or two before its JSON (a notice
 * about an update, a warning), so the JSON is taken from the first line that starts it.
 */
import type { Deployment } from "./plan.ts";

function jsonTail(stdout: string): unknown {
  const lines = stdout.split("\n");
  const start = lines.findIndex((line) => /^\s*[[{]/.test(line));
  if (start < 0) throw new Error(`clasp printed no JSON: ${stdout.trim().slice(0, 200)}`);
  return JSON.parse(lines.slice(start).join("\n"));
}

/** The deployments `clasp list-deployments --json` listed. */
export function parseDeployments(stdout: string): Deployment[] {
  const value = jsonTail(stdout);
  if (!Array.isArray(value)) throw new Error("clasp list-deployments --json did not print a list");
  return value.filter(
    (d): d is Deployment => typeof d === "object" && d !== null && typeof d.deploymentId === "string",
  );
}

/** The number of the version `clasp create-version --json` made. */
export function parseVersionNumber(stdout: string): number {
  const value = jsonTail(stdout) as { versionNumber?: unknown };
  if (typeof value?.versionNumber !== "number" || value.versionNumber < 1) {
    throw new Error(`clasp create-version --json printed no version number: ${stdout.trim().slice(0, 200)}`);
  }
  return value.versionNumber;
}

/** The id of the deployment `clasp create-deployment --json` made. */
export function parseDeploymentId(stdout: string): string {
  const value = jsonTail(stdout) as { deploymentId?: unknown };
  if (typeof value?.deploymentId !== "string") {
    throw new Error(
      `clasp create-deployment --json printed no deployment id: ${stdout.trim().slice(0, 200)}`,
    );
  }
  return value.deploymentId;
}
