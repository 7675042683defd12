/**
 * Cancel clicked while the API throttles (PRODUCTION.md A10/A18: 429 with no Retry-After, the
 * add-on backs off 1, 2, 4 s), in Chromium over the playground, on the default path (bulk jobs):
 * the submit of the 20 URLs is throttled 4 times; Cancel clicked during the backoff ends the run
 * within seconds, no job is submitted after it, and the sandbox's ledger charges nothing. In Apps
 * Script the Cancel is its own execution, run while the step sleeps; the playground lets it in at
 * the step's next service call (engine-worker.ts), as it does for the searches' Cancel.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerCredits, type SandboxControl, sandboxControl } from "../../sandbox/api/control";
import { PATHS } from "../../src/api/wire";
import { pasteText, runMenuItem, selectRange } from "./playground-page";
import { openPlaygroundPage, type PlaygroundPage, screenshotPath } from "./support";

const ROWS = 20;

describe("Cancel while the API throttles", () => {
  let session: PlaygroundPage;
  let control: SandboxControl;

  beforeAll(async () => {
    session = await openPlaygroundPage({ latencyMs: 400, viewport: { width: 1280, height: 900 } });
    control = sandboxControl(session.playground.sandboxUrl);
    // The playground seeds 5 URLs in B2:B6; a pasted list adds 15 below them.
    const more = await control.sampleUrls(ROWS - 5, 4000);
    await pasteText(session.page, "B7", more.join("\n"));
    await control.reset();
  }, 120_000);

  afterAll(() => session?.close());

  it("ends the run within seconds, submits nothing after Cancel, and the ledger charges nothing", async () => {
    const { page } = session;
    await control.configure({ faults: [{ path: PATHS.bulkEnrichRealtime, kind: "throttle", count: 4 }] });
    await selectRange(page, "B1", `B${ROWS + 1}`);
    await runMenuItem(page, "Enrich selected profile URLs");
    const sidebar = page.frameLocator("aside.sidebar-panel iframe");
    await sidebar.getByRole("button", { name: "Estimate", exact: true }).click();
    await sidebar.getByRole("button", { name: "Confirm & run" }).click();
    // The submit is being throttled: the add-on waits 1 s, then 2 s, then 4 s between tries.
    await expect
      .poll(async () => (await control.stats()).throttled[PATHS.bulkEnrichRealtime] ?? 0, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(2);
    const pressed = Date.now();
    await sidebar.getByRole("button", { name: "Cancel" }).click();
    const run = sidebar.getByTestId("enrich-run");
    await expect.poll(() => run.getAttribute("data-state"), { timeout: 30_000 }).toBe("cancelled");
    // Before, the step slept out its backoff, submitted the job after Cancel (20 credits charged
    // as it ran) and its summary, read before the job charged, said 0.
    expect(Date.now() - pressed).toBeLessThan(5_000);
    await page.screenshot({ path: screenshotPath("enrich-cancel-throttled.png") });
    expect(await run.textContent()).toContain(
      "Cancelled: 0 URLs enriched, 20 URLs not reached; 0 credits charged (the API's ledger).",
    );
    const stats = await control.stats();
    expect(stats.throttled[PATHS.bulkEnrichRealtime]).toBeLessThan(4);
    // Give a job submitted late the time to be worked on: the ledger would show it.
    await page.waitForTimeout(3_000);
    expect(await ledgerCredits(control)).toBe(0);
  }, 120_000);
});
