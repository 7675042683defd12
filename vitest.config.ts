import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.{ts,tsx}"],
    // The build test writes dist/ once; tests that load dist/ run after it (see test/global-setup.ts).
    globalSetup: ["test/global-setup.ts"],
    // Browser tests click through many steps; on a loaded machine (two cores shared with a playground)
    // some took just over 30 s. No test asserts on wall time, so the room costs nothing when all is well.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll's own default is 1 s: a browser test's poll for what the sidebar shows failed
    // once in a CI run on a loaded machine and passed alone. A poll that succeeds returns at once,
    // so the room costs nothing when all is well.
    expect: { poll: { timeout: 15_000 } },
  },
});
