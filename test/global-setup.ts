/**
 * Builds dist/ once before any test file runs, so runtime and browser tests see the current sources.
 * A sandbox build: its manifest also allows the local sandbox API (scripts/build.ts).
 * Also unpacks the npm Chromium once (when the browser tests will use it) rather than in every worker.
 */
import { build } from "../scripts/build";
import { resolveChromium } from "./e2e/chromium-binary";

export default async function setup(): Promise<void> {
  await build(undefined, { sandbox: true });
  resolveChromium();
}
