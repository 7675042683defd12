/** Builds dist/ once before any test file runs, so runtime and browser tests see the current sources. */
import { build } from "../scripts/build";

export default async function setup(): Promise<void> {
  await build();
}
