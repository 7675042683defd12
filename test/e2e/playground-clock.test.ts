/** The playground's Clock menu: moving the runtime's clock runs due time-driven triggers, shown as a toast. */
import { describe, expect, it } from "vitest";
import { PlaygroundEngine } from "../../sandbox/playground/engine";
import type { ExecutionView } from "../../sandbox/playground/protocol";
import { createPlaygroundRuntime } from "../../sandbox/playground/runtime-adapter";

const CODE = `
function schedule() { ScriptApp.newTrigger("refresh").timeBased().everyHours(1).create(); }
function refresh() { SpreadsheetApp.getActiveSheet().getRange("A1").setValue("refreshed " + new Date().toISOString().slice(11, 16)); }
`;

function engine(): PlaygroundEngine {
  const runtime = createPlaygroundRuntime({
    codeJs: CODE,
    sidebarHtml: "<!doctype html>",
    start: { spreadsheet: { sheets: [{ name: "Sheet1", rows: [] }] } },
  });
  return new PlaygroundEngine(runtime, () => undefined);
}

describe("playground clock", () => {
  it("lists the triggers and runs those that fall due when advanced", () => {
    const playground = engine();
    playground.handle({ op: "script", functionName: "schedule", args: [] });
    const before = playground.handle({ op: "view" }) as ExecutionView;
    expect(before.spreadsheet.clock.triggers).toMatchObject([
      { handler: "refresh", user: "user@example.com" },
    ]);
    const after = playground.handle({ op: "advanceClock", ms: 3 * 3_600_000 + 60_000 }) as ExecutionView;
    expect(after.notices).toEqual([
      expect.objectContaining({
        kind: "toast",
        title: "Clock",
        message: expect.stringMatching(/3 trigger runs: refresh at .*: completed/),
      }),
    ]);
    expect(after.spreadsheet.sheets[0]?.display[0]?.[0]).toMatch(/^refreshed \d\d:\d\d$/);
    expect(
      Date.parse(after.spreadsheet.clock.now) - Date.parse(before.spreadsheet.clock.now),
    ).toBeGreaterThanOrEqual(3 * 3_600_000);
  });

  it("says when nothing was due", () => {
    const after = engine().handle({ op: "advanceClock", ms: 60_000 }) as ExecutionView;
    expect(after.notices[0]).toMatchObject({
      kind: "toast",
      message: expect.stringMatching(/No time-driven trigger was due/),
    });
  });
});
