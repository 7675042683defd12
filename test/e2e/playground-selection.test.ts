/**
 * The playground's grid while a sidebar call runs. A sidebar call (an Enrich step) runs while the
 * user goes on clicking and typing, and its answer may reach the page after theirs. The page used
 * to draw every answer as it came: the add-on's active range as it was when the step began took
 * the cell the user had clicked since (what they typed next went into the run's range), and the
 * cells as they were before the user's edit hid what they had typed. The page now draws no answer
 * older than one it has drawn (`ExecutionView.version`), and follows the add-on's selection only
 * when an execution moved it (`selectionMoved`), as Sheets does: a script that activates nothing
 * leaves the user's cursor where it is.
 */
import { describe, expect, it } from "vitest";
import { PlaygroundEngine } from "../../sandbox/playground/engine";
import type { ExecutionView } from "../../sandbox/playground/protocol";
import { createPlaygroundRuntime } from "../../sandbox/playground/runtime-adapter";
import { cell, enrichUrlColumnFromMenu, readGrid, selectCell } from "./playground-page";
import { openPlaygroundPage } from "./support";

const CODE = `
function touch() { SpreadsheetApp.getActiveSheet().getRange("C1").setValue("touched"); }
function jump() { SpreadsheetApp.getActiveSheet().getRange("D4").activate(); }
`;

describe("the playground draws the newest answer and follows the add-on only when it moved the selection", () => {
  it("an execution says whether it moved the active range", () => {
    const runtime = createPlaygroundRuntime({
      codeJs: CODE,
      sidebarHtml: "<!doctype html>",
      start: { spreadsheet: { sheets: [{ name: "Sheet1", rows: [["a", "b"]] }] } },
    });
    const engine = new PlaygroundEngine(runtime, () => undefined);
    engine.handle({ op: "select", sheet: "Sheet1", a1Range: "B2" });
    const touched = engine.handle({ op: "script", functionName: "touch", args: [] }) as {
      execution: ExecutionView;
    };
    expect(touched.execution.selectionMoved).toBe(false);
    expect(touched.execution.spreadsheet.activeRange).toBe("B2");
    const jumped = engine.handle({ op: "script", functionName: "jump", args: [] }) as {
      execution: ExecutionView;
    };
    expect(jumped.execution.selectionMoved).toBe(true);
    expect(jumped.execution.spreadsheet.activeRange).toBe("D4");
  });

  it("a cell clicked while an Enrich step runs keeps what the user types next", async () => {
    const session = await openPlaygroundPage({ latencyMs: 50, viewport: { width: 1280, height: 800 } });
    const { page } = session;
    try {
      // The sidebar's answers are held, as a slow network would: the first step's until the user
      // has clicked a cell, every later one until they have typed. The server runs each call when
      // it is made; only its answer reaches the page late.
      let releaseStep = () => {};
      const stepHeld = new Promise<void>((resolve) => {
        releaseStep = resolve;
      });
      let releaseLater = () => {};
      const laterHeld = new Promise<void>((resolve) => {
        releaseLater = resolve;
      });
      let holding = false;
      await page.route("**/api/script", async (route) => {
        const response = await route.fetch();
        if (!holding && (route.request().postData() ?? "").includes("enrichStep")) {
          holding = true;
          await stepHeld;
        } else if (holding) await laterHeld;
        await route.fulfill({ response });
      });
      const { sidebar, letter } = await enrichUrlColumnFromMenu(page);
      const before = await readGrid(page);
      await sidebar.getByRole("button", { name: "Estimate" }).click();
      await sidebar.getByTestId("enrich-estimate").waitFor();
      await sidebar.getByRole("button", { name: "Confirm & run" }).click();
      await expect.poll(() => holding).toBe(true);
      // While the step's answer is on its way: the user clicks a cell far from the run's columns.
      const selected = page.waitForResponse((response) => response.url().endsWith("/api/select"));
      await selectCell(page, "M3");
      await selected;
      releaseStep();
      await page.waitForTimeout(500);
      const typed = page.waitForResponse((response) => response.url().endsWith("/api/cell"));
      await page.keyboard.type("my note");
      await page.keyboard.press("Enter");
      await typed;
      releaseLater();
      const run = sidebar.getByTestId("enrich-run");
      await expect.poll(() => run.getAttribute("data-state"), { timeout: 60_000 }).toBe("done");
      const after = await readGrid(page);
      expect(after[2]?.[12]).toBe("my note");
      // The URL column as it was, header included: nothing typed into the run's range.
      const urlColumn = letter.charCodeAt(0) - 65;
      expect(after.map((row) => row[urlColumn])).toEqual(before.map((row) => row[urlColumn]));
      expect(await cell(page, "M3").textContent()).toBe("my note");
    } finally {
      // A sidebar call still held when the page closes is dropped, not failed.
      await page.unrouteAll({ behavior: "ignoreErrors" });
      await session.close();
    }
  }, 120_000);
});
