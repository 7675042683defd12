/**
 * An editor without an API key schedules the weekly refresh of a shared list. The schedule's
 * trigger spends its maker's key, and they have none: before, it was saved anyway, every run
 * failed for want of a key, and the owner (who has one) was told it belonged to the editor and
 * could not change it. Now it is refused with what to do, nothing saved, nothing charged.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ScheduleView } from "../../src/rpc/schedule";
import { DEFAULT_REQUEST, rpcValue } from "../jobs/enrich-world";
import { type AddonRuntime, startAddonRuntime } from "./support";

const EDITOR = { user: "editor@example.com" };
const WEEKLY = { request: DEFAULT_REQUEST, period: "week", cap: 50 } as const;

let addon: AddonRuntime;

beforeAll(async () => {
  addon = await startAddonRuntime({});
  const urls = await addon.control.sampleUrls(3);
  addon.runtime.setValues("Sheet1", "A1", [["Profile URL"], ...urls.map((url) => [url])]);
});

afterAll(async () => {
  await addon?.close();
});

describe("a weekly refresh scheduled by an editor without a key", () => {
  it("is refused with what to do; the owner can still schedule it", async () => {
    addon.runtime.select("Sheet1", "A1:A4");
    const answer = addon.runtime.rpc("scheduleSave", WEEKLY, EDITOR) as {
      ok: boolean;
      error?: { kind: string; message: string; next?: string };
    };
    expect(answer.ok).toBe(false);
    expect(answer.error?.kind).toBe("auth");
    expect(answer.error?.message).toMatch(/no API key/i);
    expect(answer.error?.next).toMatch(/Settings/);
    expect(rpcValue<ScheduleView | null>(addon.runtime, "scheduleStatus", null, EDITOR)).toBeNull();

    // The owner (the runtime's own user, whose key is saved).
    const saved = rpcValue<ScheduleView>(addon.runtime, "scheduleSave", WEEKLY);
    expect(saved.owner).toMatchObject({ mine: true });
    expect((await addon.control.stats()).ledger).toEqual([]);
  });
});
