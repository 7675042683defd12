/**
 * PRODUCTION.md G1: Properties reads and writes have a daily quota too; past it every call throws
 * "Service invoked too many times for one day: properties." before touching the store. An Enrich
 * run meets it wherever it falls (the sweep puts it at each property call of the run in turn):
 * like an execution cut off there, it must charge nobody twice and lose no row once the quota
 * is back, on the lookup path and through bulk jobs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../sandbox/gas/clock";
import { PROPERTIES_QUOTA_MESSAGE } from "../../sandbox/gas/services/quota";
import { PATHS } from "../../src/api/wire";
import type { EmailEstimate, EmailProgress, EmailsStartup } from "../../src/rpc/emails";
import type { EnrichProgress } from "../../src/rpc/enrich";
import {
  chargesPerPerson,
  crmRows,
  DEFAULT_REQUEST,
  type EnrichWorld,
  rpcValue,
  SHEET,
  startEnrichWorld,
} from "../jobs/enrich-world";
import { type AddonRuntime, startAddonRuntime } from "./support";

const URLS = 12;

/** An rpc that may meet the quota: its answer, or null when the quota stopped it. */
function tryRpc<T>(world: EnrichWorld, method: string, arg: unknown): T | null {
  try {
    const answer = world.runtime.rpc(method, arg) as { ok: boolean; value?: T; error?: { message: string } };
    if (answer.ok) return answer.value as T;
    return null;
  } catch (error) {
    expect(String(error)).toContain(PROPERTIES_QUOTA_MESSAGE);
    return null;
  }
}

for (const generation of ["legacy", "auto"] as const) {
  describe(`the day's Properties quota runs out during an Enrich run (${generation === "legacy" ? "lookups" : "bulk jobs"})`, () => {
    let world: EnrichWorld;
    let urls: string[];
    // The quota is back within the hours the document cache keeps a note (see each run's start).
    const clock = manualClock(Date.UTC(2026, 10, 24, 9, 0, 0));
    beforeAll(async () => {
      world = await startEnrichWorld({
        rows: [["Profile URL"]],
        userProperties: { API_GENERATION: generation },
        clock,
      });
      urls = await world.control.sampleUrls(URLS, 40);
    });
    afterAll(async () => {
      await world?.close();
    });

    it("charges nobody twice and, the next day, finishes every row, wherever the quota ends", async () => {
      const { runtime } = world;
      const quota = runtime.quotas.properties;
      // A whole run takes about 18 property calls on the lookup path, 32 through bulk jobs.
      for (let allowance = 1; allowance <= 36; allowance += 1) {
        await world.control.reset();
        // Each run starts at 22:00 UTC, two hours before the quota's day turns.
        clock.advance(quota.resetsAt() - 2 * 3_600_000 - clock.now());
        runtime.properties.document.clear();
        runtime.setValues(
          SHEET,
          "A1",
          crmRows(urls, 2).map((row) => [...row, "", "", "", "", "", ""]),
        );
        runtime.select(SHEET, `A1:A${URLS + 3}`);
        const estimate = rpcValue<{ progress: EnrichProgress }>(runtime, "enrichEstimate", DEFAULT_REQUEST);
        const jobId = estimate.progress.jobId;
        quota.setUsed(quota.limit - allowance);
        let progress = tryRpc<EnrichProgress>(world, "enrichConfirm", { jobId });
        for (let step = 0; step < 30 && progress?.state !== "done"; step++) {
          progress = tryRpc<EnrichProgress>(world, "enrichStep", { jobId }) ?? progress;
          if (quota.remaining() === 0) break;
        }
        // The next day: the quota is back; the sidebar opens again and carries on.
        clock.advance(quota.resetsAt() - clock.now() + 60_000);
        if (tryRpc(world, "enrichStartup", null) === null) throw new Error("startup failed");
        const state = (tryRpc<{ job: EnrichProgress | null }>(world, "enrichStartup", null)?.job ?? null)
          ?.state;
        // A Confirm the quota refused leaves the estimate standing: the user confirms it again.
        if (state === "planned") tryRpc(world, "enrichConfirm", { jobId });
        if (state === "paused" || state === "stopped") tryRpc(world, "enrichResume", { jobId });
        for (let step = 0; step < 30; step++) {
          progress = tryRpc<EnrichProgress>(world, "enrichStep", { jobId }) ?? progress;
          if (progress?.state !== "running") break;
        }
        const charges = await chargesPerPerson(world.control);
        expect(
          [...charges].filter(([, n]) => n > 1),
          `allowance ${allowance}`,
        ).toEqual([]);
        expect(
          progress,
          `allowance ${allowance}: ${JSON.stringify(progress)} startup ${state}`,
        ).toMatchObject({ state: "done", failed: 0 });
        expect(
          progress!.ok + progress!.notFound,
          `allowance ${allowance}: ${JSON.stringify(progress)} ${JSON.stringify(runtime.getValues(SHEET, "A1:J4"))}`,
        ).toBe(URLS);
      }
    });
  });
}

describe("the day's Properties quota runs out during an Emails run", () => {
  let addon: AddonRuntime;
  const clock = manualClock(Date.UTC(2026, 10, 24, 9, 0, 0));
  const people = [
    ["First Name", "Last Name", "Company Website", "Email", "Email Status"],
    ...["Ann Lee", "Bob Stone", "Cy Young", "Di Fox", "Ed Hart", "Flo Rida"].map((name, i) => [
      ...name.split(" "),
      `initech${i % 2}.com`,
      "",
      "",
    ]),
  ];
  beforeAll(async () => {
    addon = await startAddonRuntime({ runtime: { clock } });
  });
  afterAll(async () => {
    await addon?.close();
  });

  function tryCall<T>(method: string, arg: unknown): T | null {
    try {
      const answer = addon.runtime.rpc(method, arg) as { ok: boolean; value?: T };
      return answer.ok ? (answer.value as T) : null;
    } catch (error) {
      expect(String(error)).toContain(PROPERTIES_QUOTA_MESSAGE);
      return null;
    }
  }

  it("charges nobody twice and, the next day, checks every row, wherever the quota ends", async () => {
    const quota = addon.runtime.quotas.properties;
    for (let allowance = 1; allowance <= 30; allowance += 1) {
      await addon.control.reset();
      clock.advance(quota.resetsAt() - 2 * 3_600_000 - clock.now());
      addon.runtime.properties.document.clear();
      addon.runtime.setValues(
        "Sheet1",
        "A1",
        people.map((row) => [...row, ""]),
      );
      addon.runtime.select("Sheet1", `A1:E${people.length}`);
      const estimate = tryCall<EmailEstimate>("emailsEstimate", { kind: "find" });
      const jobId = estimate!.progress.jobId;
      quota.setUsed(quota.limit - allowance);
      let progress = tryCall<EmailProgress>("emailsConfirm", { jobId });
      for (let step = 0; step < 20 && quota.remaining() > 0 && progress?.state !== "done"; step++)
        progress = tryCall<EmailProgress>("emailsStep", { jobId }) ?? progress;
      clock.advance(quota.resetsAt() - clock.now() + 60_000);
      const startup = tryCall<EmailsStartup>("emailsStartup", null);
      const state = startup?.job?.state;
      // A Confirm the quota refused leaves the estimate standing (not shown): confirmed again.
      if (state === undefined) tryCall("emailsConfirm", { jobId });
      if (state === "paused" || state === "stopped") tryCall("emailsResume", { jobId });
      for (let step = 0; step < 20; step++) {
        progress = tryCall<EmailProgress>("emailsStep", { jobId }) ?? progress;
        if (progress?.state !== "running") break;
      }
      const stats = await addon.control.stats();
      const rows = stats.ledger.filter((row) => row.path === PATHS.emailFinder);
      const sentRows = addon.runtime.getValues("Sheet1", `E2:E${people.length}`).map((row) => String(row[0]));
      expect(progress?.state, `allowance ${allowance}: ${JSON.stringify(progress)}`).toBe("done");
      expect(
        sentRows.every((status) => status !== ""),
        `allowance ${allowance}: ${sentRows}`,
      ).toBe(true);
      // Six people, each found at most once: never more than six credits.
      expect(
        rows.reduce((sum, row) => sum + row.amount, 0),
        `allowance ${allowance}`,
      ).toBeLessThanOrEqual(6);
    }
  });
});
