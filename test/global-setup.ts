/**
 * Builds dist/ once before any test file runs, so runtime and browser tests see the current sources.
 * A sandbox build: its manifest also allows the local sandbox API (scripts/build.ts). Beside it,
 * dist-named/: the same add-on built with production-style wire names (NAMED_WIRE, PRODUCTION.md
 * A14), which runtime tests run against a sandbox serving under those names, so a request or a key
 * that skips the mapping cannot pass.
 * Also unpacks the npm Chromium once (when the browser tests will use it) rather than in every worker.
 */
import { build } from "../scripts/build";
import { SPEC_WIRE_NAMES } from "../src/api/wire-names";
import { resolveChromium } from "./e2e/chromium-binary";
import { NAMED_DIST, NAMED_WIRE } from "./named-wire";

export default async function setup(): Promise<void> {
  await Promise.all([
    // The spec's words whatever the shell's API_NETWORK_NAME says: the sandbox serves those by default.
    build(undefined, { sandbox: true, wireNames: SPEC_WIRE_NAMES }),
    build(undefined, { sandbox: true, wireNames: NAMED_WIRE, outDir: NAMED_DIST }),
  ]);
  resolveChromium();
}
