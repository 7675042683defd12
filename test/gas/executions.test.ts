/** Executions: fresh globals each time, deadlines, cut-offs, errors as Apps Script raises them. */
import { describe, expect, it } from "vitest";
import { manualClock } from "../../sandbox/gas/runtime";
import { failure, tinyRuntime } from "./harness";

const CODE = `
var counter = 0;
function bump() { counter++; return counter; }
function napThenWrite(times) { for (let i = 0; i < times; i++) { Utilities.sleep(60000); SpreadsheetApp.getActiveSheet().getRange(i + 1, 1).setValue(i); } return "finished"; }
function swallow() { for (let i = 0; i < 5; i++) { try { Utilities.sleep(300000); } catch (e) {} } return "kept going"; }
function loop() { for (;;) {} }
function lockThenSleep() { LockService.getDocumentLock().waitLock(1000); Utilities.sleep(120000); }
function tryDocumentLock() { return LockService.getDocumentLock().tryLock(0); }
function describeError() { try { SpreadsheetApp.getActiveSheet().getRange(0, 1); } catch (e) { return [e instanceof Error, e.name, String(e)]; } }
function dates() { return { at: new Date(0), list: [1, "a"] }; }
function rpc(method, arg) { return method === "date" ? { when: new Date(0) } : { ok: true, value: arg }; }
`;

describe("executions", () => {
  it("each load the whole script, and the runtime records the bundle's size and load time", () => {
    const rt = tinyRuntime(CODE);
    rt.run("bump");
    rt.run("bump");
    expect(rt.bundle.bytes).toBe(Buffer.byteLength(CODE));
    expect(rt.bundle.compileMs).toBeGreaterThanOrEqual(0);
    expect(rt.executions.map((e) => typeof e.loadMs)).toEqual(["number", "number"]);
  });

  it("start from fresh globals each time, like Apps Script", () => {
    const rt = tinyRuntime(CODE);
    expect(rt.run("bump")).toBe(1);
    expect(rt.run("bump")).toBe(1);
    expect(rt.counters.executions).toBe(2);
  });

  it("are cut off at the deadline at the next service call, keeping earlier writes", () => {
    const rt = tinyRuntime(CODE, { clock: manualClock() });
    const error = failure(() => rt.run("napThenWrite", [10]));
    expect(error.kind).toBe("timeout");
    expect(error.message).toBe("Exceeded maximum execution time");
    // 6 minutes: five one-minute naps and writes done, the sixth nap runs into the deadline.
    expect(rt.getValues("Sheet1", "A1:A6")).toEqual([[0], [1], [2], [3], [4], [""]]);
    expect(rt.executions.at(-1)?.outcome).toBe("timed out");
  });

  it("take a shorter deadline per run", () => {
    const rt = tinyRuntime(CODE, { clock: manualClock() });
    expect(failure(() => rt.run("napThenWrite", [3], { deadlineMs: 90_000 })).kind).toBe("timeout");
    expect(rt.getValues("Sheet1", "A1:A2")).toEqual([[0], [""]]);
  });

  it("lose their result when cut off, even if the script catches the error", () => {
    const rt = tinyRuntime(CODE, { clock: manualClock() });
    expect(failure(() => rt.run("swallow")).kind).toBe("timeout");
  });

  it("can be cut off at a chosen service call", () => {
    const rt = tinyRuntime(CODE, { clock: manualClock() });
    const error = failure(() =>
      rt.run("napThenWrite", [3], { interrupt: (c) => c.method === "Range.setValue" && c.count === 2 }),
    );
    expect(error.kind).toBe("timeout");
    expect(rt.getValues("Sheet1", "A1:A2")).toEqual([[0], [""]]);
  });

  it("stop pure JavaScript loops at the deadline", () => {
    const rt = tinyRuntime(CODE);
    expect(failure(() => rt.run("loop", [], { deadlineMs: 50 })).kind).toBe("timeout");
  });

  it("release their locks when they end, even cut off", () => {
    const rt = tinyRuntime(CODE, { clock: manualClock() });
    expect(failure(() => rt.run("lockThenSleep", [], { deadlineMs: 60_000 })).kind).toBe("timeout");
    expect(rt.locks.isHeld("document")).toBe(false);
    expect(rt.run("tryDocumentLock")).toBe(true);
  });

  it("raise Apps Script exceptions as Errors of the script's own realm", () => {
    const rt = tinyRuntime(CODE);
    expect(rt.run("describeError")).toEqual([
      true,
      "Exception",
      "Exception: The starting row of the range is too small.",
    ]);
  });

  it("say when the function does not exist", () => {
    const rt = tinyRuntime(CODE);
    expect(failure(() => rt.run("nope")).message).toBe("Script function not found: nope");
  });

  it("return plain Node data", () => {
    const rt = tinyRuntime(CODE);
    const result = rt.run("dates") as { at: Date; list: unknown[] };
    expect(result.at).toBeInstanceOf(Date);
    expect(result.list).toEqual([1, "a"]);
  });
});

describe("rpc", () => {
  it("carries plain JSON and refuses what google.script.run cannot carry", () => {
    const rt = tinyRuntime(CODE);
    expect(rt.rpc("echo", { a: [1, "x", null] })).toEqual({ ok: true, value: { a: [1, "x", null] } });
    expect(() => rt.rpc("date", null)).toThrow(/\$\.when is a Date/);
    expect(() => rt.rpc("echo", [undefined])).toThrow(/undefined/);
    expect(rt.executions.at(-1)?.kind).toBe("rpc");
  });
});

describe("execution records", () => {
  it("say what each execution did", () => {
    const rt = tinyRuntime(
      `function work() { const r = SpreadsheetApp.getActiveSheet().getRange("A1:B2"); r.setValues(r.getValues()); UrlFetchApp.fetchAll(["http://api.test/a", "http://api.test/b"]); }`,
    );
    rt.run("work");
    expect(rt.executions.at(-1)?.calls).toEqual({
      spreadsheetReads: 1,
      spreadsheetWrites: 1,
      fetchCalls: 0,
      fetchAllCalls: 1,
      requests: 2,
    });
  });
});

describe("modelled spreadsheet round trips", () => {
  it("spend the execution's time on each read and write", () => {
    const clock = manualClock();
    const rt = tinyRuntime(
      `function work() { const r = SpreadsheetApp.getActiveSheet().getRange("A1"); r.setValue(r.getValue()); }`,
      {
        clock,
        timeouts: { spreadsheetCallMs: 80 },
      },
    );
    rt.run("work");
    expect(rt.executions.at(-1)?.durationMs).toBe(160);
  });
});
