/**
 * Issue 19.1: API_NETWORK_NAME and API_COMPANY_DB_NAME are build settings beside API_BASE_URL,
 * read by `npm run build` (and so by `npm run push` and `npm run release`, which build first).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { wireNamesFromEnv } from "../../scripts/build";
import { NAMED_DIST, NAMED_WIRE } from "../named-wire";

describe("the wire names of the build", () => {
  it("come from the environment, the spec's words when unset or empty", () => {
    expect(wireNamesFromEnv({})).toEqual({ network: "network", companyDb: "company_db" });
    expect(wireNamesFromEnv({ API_NETWORK_NAME: " ", API_COMPANY_DB_NAME: "" })).toEqual({
      network: "network",
      companyDb: "company_db",
    });
    expect(wireNamesFromEnv({ API_NETWORK_NAME: "acme", API_COMPANY_DB_NAME: "acmedb" })).toEqual(NAMED_WIRE);
  });

  it("refuse a name that could not be one word of a path and a key", () => {
    expect(() => wireNamesFromEnv({ API_NETWORK_NAME: "Acme Net" })).toThrow(/API_NETWORK_NAME/);
    expect(() => wireNamesFromEnv({ API_NETWORK_NAME: "acme/x" })).toThrow(/one lower-case word/);
    expect(() => wireNamesFromEnv({ API_COMPANY_DB_NAME: "1db" })).toThrow(/company-database name/);
    // A word the spec's keys already use would be read back as `network` where it is not.
    expect(() => wireNamesFromEnv({ API_NETWORK_NAME: "company" })).toThrow(/already a word .*company_/);
  });

  it("reach both server bundles of a build made with them, and nothing else changes", () => {
    const code = readFileSync(join(NAMED_DIST, "Code.js"), "utf8");
    expect(code).toContain('network:"acme"');
    expect(code).toContain('companyDb:"acmedb"');
    const manifest = readFileSync(join(NAMED_DIST, "appsscript.json"), "utf8");
    expect(manifest).toBe(readFileSync(join(NAMED_DIST, "..", "dist", "appsscript.json"), "utf8"));
  });
});
