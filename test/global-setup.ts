/**
 * Builds dist/ once before any test file runs, so runtime and browser tests see the current sources.
 * A sandbox build: its manifest also allows the local sandbox API (scripts/build.ts).
 */
import { build } from "../scripts/build";

export default async function setup(): Promise<void> {
  await build(undefined, { sandbox: true });
}
