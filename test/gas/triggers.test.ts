/** G9: time-driven triggers made by ScriptApp, run by advancing the runtime's clock. */
import { describe, expect, it } from "vitest";
import { manualClock } from "../../sandbox/gas/runtime";
import { TRIGGER_RUNTIME_QUOTA_MESSAGE } from "../../sandbox/gas/services/quota";
import { ADD_ON_TOO_FREQUENT, ADD_ON_TOO_MANY_TRIGGERS, DAY_MS, HOUR_MS } from "../../sandbox/gas/triggers";
import { failure, tinyRuntime } from "./harness";

const CODE = `
function schedule(kind, n) {
  var b = ScriptApp.newTrigger("tick").timeBased();
  if (kind === "hours") b = b.everyHours(n);
  if (kind === "minutes") b = b.everyMinutes(n);
  if (kind === "daily") b = b.everyDays(1).atHour(n);
  if (kind === "weekly") b = b.everyWeeks(1).onWeekDay(ScriptApp.WeekDay.MONDAY).atHour(n);
  if (kind === "after") b = b.after(n);
  var t = b.create();
  return [t.getHandlerFunction(), t.getUniqueId(), t.getEventType() === ScriptApp.EventType.CLOCK];
}
function list() { return ScriptApp.getProjectTriggers().map(function (t) { return t.getHandlerFunction() + ":" + t.getUniqueId(); }); }
function removeAll() { ScriptApp.getProjectTriggers().forEach(function (t) { ScriptApp.deleteTrigger(t); }); return ScriptApp.getProjectTriggers().length; }
function tick(e) {
  var props = PropertiesService.getDocumentProperties();
  var n = Number(props.getProperty("ticks") || 0) + 1;
  props.setProperty("ticks", String(n));
  props.setProperty("last", [e.triggerUid, e.hour, e.minute, e.authMode, Session.getActiveUser().getEmail()].join(" "));
  if (props.getProperty("fail") === "yes") throw new Error("tick failed");
  if (props.getProperty("slow") === "yes") { Utilities.sleep(4 * 60 * 1000); Utilities.sleep(4 * 60 * 1000); }
}
function fromCustom() { return ScriptApp.newTrigger("tick"); }
`;

const START = Date.UTC(2026, 0, 5, 9, 30); // a Monday, 09:30 UTC

/** Runs on the nominal times unless a test asks for Google's random moment within the hour. */
function runtime(options: { manifest?: string; addOn?: boolean; triggerJitter?: boolean } = {}) {
  const clock = manualClock(START);
  return { clock, rt: tinyRuntime(CODE, { clock, triggerJitter: false, ...options }) };
}

const ticks = (rt: ReturnType<typeof runtime>["rt"]) => Number(rt.properties.document.get("ticks") ?? 0);

describe("time-driven triggers", () => {
  it("are created, listed and deleted through ScriptApp", () => {
    const { rt } = runtime();
    expect(rt.run("schedule", ["hours", 1])).toEqual(["tick", "trigger-1", true]);
    expect(rt.run("list")).toEqual(["tick:trigger-1"]);
    expect(rt.triggers.list()).toMatchObject([
      { handler: "tick", user: "user@example.com", nextRunAt: START + HOUR_MS },
    ]);
    expect(rt.run("list", [], { user: "bob@example.com" })).toEqual([]);
    expect(rt.run("removeAll")).toBe(0);
    expect(rt.triggers.list()).toEqual([]);
  });

  it("run when the clock passes their time, each as its own 6-minute execution as their creator", () => {
    const { rt } = runtime();
    rt.run("schedule", ["hours", 2]);
    expect(rt.advanceClock(HOUR_MS)).toEqual([]);
    const runs = rt.advanceClock(5 * HOUR_MS);
    expect(runs.map((r) => [r.handler, r.at - START, r.outcome])).toEqual([
      ["tick", 2 * HOUR_MS, "completed"],
      ["tick", 4 * HOUR_MS, "completed"],
      ["tick", 6 * HOUR_MS, "completed"],
    ]);
    expect(ticks(rt)).toBe(3);
    expect(rt.properties.document.get("last")).toBe("trigger-1 15 30 FULL user@example.com");
    expect(rt.executions.at(-1)).toMatchObject({ kind: "clock", name: "tick", outcome: "completed" });
    expect(rt.clock.now()).toBe(START + 6 * HOUR_MS);
  });

  it("run daily and weekly at the hour asked (UTC)", () => {
    const { rt } = runtime();
    rt.run("schedule", ["daily", 8]);
    const runs = rt.advanceClock(3 * 24 * HOUR_MS);
    expect(runs.map((r) => new Date(r.at).toISOString())).toEqual([
      "2026-01-06T08:00:00.000Z",
      "2026-01-07T08:00:00.000Z",
      "2026-01-08T08:00:00.000Z",
    ]);
    rt.run("removeAll");
    rt.run("schedule", ["weekly", 10]);
    expect(rt.advanceClock(14 * 24 * HOUR_MS).map((r) => new Date(r.at).toISOString())).toEqual([
      "2026-01-12T10:00:00.000Z",
      "2026-01-19T10:00:00.000Z",
    ]);
  });

  it("run a one-time trigger once, then forget it", () => {
    const { rt } = runtime();
    rt.run("schedule", ["after", 90 * 60_000]);
    expect(rt.advanceClock(10 * HOUR_MS)).toHaveLength(1);
    expect(rt.triggers.list()).toEqual([]);
  });

  it("record a failing or timed-out run and keep the schedule", () => {
    const { rt } = runtime();
    rt.run("schedule", ["hours", 1]);
    rt.properties.document.setAll({ fail: "yes" });
    expect(rt.advanceClock(HOUR_MS)).toMatchObject([{ outcome: "failed", error: "tick failed" }]);
    rt.properties.document.setAll({ fail: "no" });
    rt.properties.document.setAll({ slow: "yes" });
    expect(rt.advanceClock(HOUR_MS)).toMatchObject([
      { outcome: "timed out", error: "Exceeded maximum execution time" },
    ]);
    expect(rt.triggers.list()[0]).toMatchObject({ lastOutcome: "timed out" });
  });

  it("allow an add-on one trigger per user per document, hourly at most", () => {
    const { rt } = runtime();
    expect(failure(() => rt.run("schedule", ["minutes", 30])).message).toBe(ADD_ON_TOO_FREQUENT);
    rt.run("schedule", ["hours", 1]);
    expect(failure(() => rt.run("schedule", ["hours", 4])).message).toBe(ADD_ON_TOO_MANY_TRIGGERS);
    rt.run("schedule", ["hours", 4], { user: "bob@example.com" });
    expect(rt.triggers.list()).toHaveLength(2);
  });

  it("allow any script more, and every minute", () => {
    const { rt } = runtime({ addOn: false });
    rt.run("schedule", ["minutes", 5]);
    rt.run("schedule", ["hours", 1]);
    expect(rt.advanceClock(HOUR_MS)).toHaveLength(13);
  });

  it("need the script.scriptapp scope when the manifest lists scopes, and a full authorization", () => {
    const withoutScope = runtime({
      manifest: JSON.stringify({ oauthScopes: ["https://www.googleapis.com/auth/spreadsheets.currentonly"] }),
    }).rt;
    expect(failure(() => withoutScope.run("schedule", ["hours", 1])).message).toBe(
      "You do not have permission to call ScriptApp.newTrigger. Required permissions: https://www.googleapis.com/auth/script.scriptapp",
    );
    const withScope = runtime({
      manifest: JSON.stringify({ oauthScopes: ["https://www.googleapis.com/auth/script.scriptapp"] }),
    }).rt;
    expect(withScope.run("schedule", ["hours", 1])).toEqual(["tick", "trigger-1", true]);
    expect(failure(() => withScope.run("fromCustom", [], { kind: "custom" })).message).toBe(
      "You do not have permission to call ScriptApp.newTrigger",
    );
  });

  it("are saved with the runtime's data and run after a restart", () => {
    const { rt, clock } = runtime();
    rt.run("schedule", ["hours", 1]);
    const again = tinyRuntime(CODE, { clock, triggers: rt.data().triggers });
    expect(again.advanceClock(HOUR_MS)).toHaveLength(1);
    expect((again.run("schedule", ["hours", 1], { user: "bob@example.com" }) as string[])[1]).toBe(
      "trigger-2",
    );
  });

  it("move the real clock by an offset (the playground's control)", () => {
    const rt = tinyRuntime(CODE);
    const before = Date.now();
    rt.run("schedule", ["hours", 1]);
    expect(rt.advanceClock(HOUR_MS + 1000)).toHaveLength(1);
    expect(rt.clock.now()).toBeGreaterThanOrEqual(before + HOUR_MS);
  });
});

describe("time-driven triggers against Google's trigger limits (G10)", () => {
  it("fire at a random moment within their hour, once an hour", () => {
    const { rt } = runtime({ triggerJitter: true });
    rt.run("schedule", ["hours", 1]);
    const runs = rt.advanceClock(24 * HOUR_MS);
    expect(runs).toHaveLength(24);
    const minutes = runs.map((run) => (run.at - START) % HOUR_MS);
    // Each within the hour ending at its nominal time, and not all on the same minute.
    runs.forEach((run, i) => {
      expect(run.at).toBeGreaterThan(START + i * HOUR_MS);
      expect(run.at).toBeLessThanOrEqual(START + (i + 1) * HOUR_MS);
    });
    expect(new Set(minutes.map((ms) => Math.floor(ms / 60_000))).size).toBeGreaterThan(10);
  });

  it("fail with Google's message once a user's trigger runs used the day's quota, until the next day", () => {
    const clock = manualClock(START);
    // 27 minutes a day (Google: 90) keeps the day short: four runs cut off at 6 minutes leave 3.
    const rt = tinyRuntime(CODE, {
      clock,
      triggerJitter: false,
      quotas: { triggerRuntimePerDayMs: 27 * 60_000 },
    });
    rt.run("schedule", ["hours", 1]);
    rt.properties.document.setAll({ slow: "yes" });
    const first = rt.advanceClock(4 * HOUR_MS);
    expect(first.map((run) => run.outcome)).toEqual(["timed out", "timed out", "timed out", "timed out"]);
    expect(rt.quotas.triggerRuntime.used("user@example.com")).toBe(24 * 60_000);
    const past = rt.advanceClock(3 * HOUR_MS);
    // The 5th run is stopped after its 3 minutes with the quota's failure; the next ones fail at once.
    expect(past.map((run) => [run.outcome, run.error])).toEqual([
      ["failed", TRIGGER_RUNTIME_QUOTA_MESSAGE],
      ["failed", TRIGGER_RUNTIME_QUOTA_MESSAGE],
      ["failed", TRIGGER_RUNTIME_QUOTA_MESSAGE],
    ]);
    expect(rt.quotas.triggerRuntime.used("user@example.com")).toBe(27 * 60_000);
    rt.properties.document.setAll({ slow: "no" });
    // The next day (UTC midnight) the runs work again.
    const nextDay = rt.advanceClock(DAY_MS - (rt.clock.now() % DAY_MS) + HOUR_MS);
    expect(nextDay.at(-1)).toMatchObject({ outcome: "completed" });
    expect(nextDay.filter((run) => run.outcome === "completed").length).toBeGreaterThan(0);
  });
});
