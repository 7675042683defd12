/**
 * The schedule panel's actions. A schedule the trigger refuses between two periods (its copy here
 * changed behind its owner's back, or saved by a version before owners' terms were kept) tells its
 * owner they "can save it again under Scheduled refresh": the panel offered no way to, only
 * Remove (which starts the period's cap and slot over), since Continue needs a run under way.
 */
import { describe, expect, it } from "vitest";
import { scheduleActions } from "../../sidebar/tabs/enrich/schedule-actions";
import type { ScheduleView } from "../../src/rpc/schedule";

function view(changes: Partial<ScheduleView>): ScheduleView {
  return {
    sheetName: "CRM",
    range: "A2:A21",
    period: "week",
    mode: "refresh",
    cap: 5,
    nextRunAt: "2026-11-28T09:00:00Z",
    current: null,
    last: null,
    owner: { mine: true, label: "ann@example.com" },
    waitUntil: null,
    refused: null,
    ...changes,
  };
}

const tampered = { kind: "tampered", message: "This schedule no longer matches what ann@example.com saved" };
const beforeTerms = { kind: "terms", message: "This schedule was saved before its owner's terms were kept" };
const run = {
  jobId: "j1",
  startedAt: "2026-11-21T09:30:00Z",
  finishedAt: null,
  ok: 3,
  notFound: 0,
  failed: 0,
  skipped: 0,
  credits: 3,
  jobChanges: 0,
  stopped: null,
};

describe("the schedule panel's actions", () => {
  it("refused between periods: its owner can save it again on their terms (and remove it)", () => {
    expect(scheduleActions(view({ refused: tampered }))).toEqual({
      continueRun: false,
      saveAgain: true,
      remove: true,
    });
    // Saved by an earlier version, with no owner kept: whoever saves it again owns it.
    expect(scheduleActions(view({ refused: beforeTerms, owner: null }))).toMatchObject({ saveAgain: true });
  });

  it("refused with a run under way: Continue (estimated first) saves it again; no second button", () => {
    expect(scheduleActions(view({ refused: tampered, current: run }))).toEqual({
      continueRun: true,
      saveAgain: false,
      remove: true,
    });
  });

  it("waiting for the key or a run by hand, or another editor's schedule: nothing to save again", () => {
    const auth = { kind: "auth", message: "No API key of ann@example.com is saved any more" };
    expect(scheduleActions(view({ refused: auth }))).toMatchObject({ saveAgain: false, continueRun: false });
    const others = view({ refused: tampered, owner: { mine: false, label: "ann@example.com" } });
    expect(scheduleActions(others)).toEqual({ continueRun: false, saveAgain: false, remove: false });
  });
});
