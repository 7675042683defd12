/**
 * The release's checks on `.clasp.json`, made before any command runs: the add-on is released from
 * a standalone project whose files are dist/, so a placeholder id, a bound script (`parentId`) or
 * another rootDir stop the release with what to do instead.
 */
import { existsSync, readFileSync } from "node:fs";

/** The fields of `.clasp.json` the release reads. */
export interface ClaspProject {
  scriptId: string;
}

/** The id the repository's `.clasp.json` holds until a developer creates the project. */
export const PLACEHOLDER_SCRIPT_ID = "PUT-YOUR-SCRIPT-ID-HERE";

/**
 * Reads and checks the project file; returns the problem as a sentence when the release must not
 * go on. `path` is where clasp reads it too (its `clasp_config_project` setting, else `.clasp.json`).
 */
export function readClaspProject(path: string): ClaspProject | { problem: string } {
  if (!existsSync(path)) {
    return { problem: `${path} is missing: create the add-on project with clasp create (docs/deploy.md).` };
  }
  let config: unknown;
  try {
    config = JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return { problem: `${path} is not JSON.` };
  }
  if (typeof config !== "object" || config === null) return { problem: `${path} is not a JSON object.` };
  const { scriptId, parentId, srcDir, rootDir } = config as Record<string, unknown>;
  // clasp reads the files from `srcDir`, else `rootDir` (its create writes rootDir).
  const filesDir = srcDir || rootDir;
  if (typeof scriptId !== "string" || scriptId === "" || scriptId === PLACEHOLDER_SCRIPT_ID) {
    return {
      problem: `${path} holds no script id yet: rm .clasp.json, then npx clasp create --type standalone --title "Prospecting" --rootDir dist (docs/deploy.md).`,
    };
  }
  if (parentId !== undefined) {
    return {
      problem: `${path} names a script bound to a document (parentId): a release goes to the standalone add-on project, which users install from the Marketplace. Bound scripts are for trying the add-on in one spreadsheet (npm run push; docs/deploy.md).`,
    };
  }
  if (typeof filesDir !== "string" || filesDir.replace(/^\.\//, "").replace(/\/$/, "") !== "dist") {
    return {
      problem: `${path} must have "rootDir": "dist" (the build's output), not ${JSON.stringify(filesDir)}.`,
    };
  }
  return { scriptId };
}
