/**
 * A run belongs to the editor who confirmed it (issue 12.6): in the emulated runtime (built
 * bundle, sandbox API) with two users, each with their own key, another editor sees the run
 * read-only and cannot step, pause, resume or cancel it with their key; "take over" has its own
 * estimate and confirmation, after which the run spends the new owner's key and the first
 * owner's sidebar is refused. Charges are read from the sandbox's ledger, per key.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EnrichProgress, EnrichStartup, TakeOverEstimate } from "../../src/rpc/enrich";
import {
  crmRows,
  driveSteps,
  type EnrichWorld,
  estimateAndConfirm,
  rpcValue,
  startEnrichWorld,
  USER,
} from "../jobs/enrich-world";
import { DEMO_KEY } from "./support";

const OTHER = "other@example.com";
const OTHER_KEY = "other-editor-key";
const ROWS = 20;
let world: EnrichWorld;
let urls: string[];

async function creditsOf(key: string): Promise<number> {
  const { ledger } = await world.control.stats();
  return ledger.filter((c) => c.key === key).reduce((sum, c) => sum + Math.abs(c.amount), 0);
}

function asOther(method: string, arg: unknown) {
  return world.runtime.rpc(method, arg, { user: OTHER }) as {
    ok: boolean;
    value?: unknown;
    error?: { kind: string; message: string; next?: string };
  };
}

beforeAll(async () => {
  world = await startEnrichWorld({ rows: [["Profile URL"]] });
  urls = await world.control.sampleUrls(ROWS);
  world.runtime.properties.user(OTHER).setAll({ API_BASE_URL: world.sandboxUrl, API_KEY: OTHER_KEY });
});
afterAll(async () => {
  await world?.close();
});
beforeEach(async () => {
  await world.control.reset();
  await world.control.setCredits(OTHER_KEY, 1000);
  world.runtime.properties.document.clear();
  world.runtime.setValues("CRM", "A1", crmRows(urls, 0));
});

describe("a run's owner", () => {
  it("another editor sees the run read-only and cannot drive or cancel it with their key", async () => {
    const jobId = estimateAndConfirm(world.runtime, `A1:A${ROWS + 1}`);
    const startup = asOther("enrichStartup", null).value as EnrichStartup;
    expect(startup.job?.jobId).toBe(jobId);
    expect(startup.owner).toMatchObject({ mine: false, label: USER });
    for (const method of ["enrichStep", "enrichPause", "enrichResume", "enrichCancel"]) {
      const answer = asOther(method, { jobId });
      expect(answer.ok, method).toBe(false);
      expect(answer.error).toMatchObject({ kind: "not_owner", next: expect.stringMatching(/Take over/) });
    }
    expect(await creditsOf(OTHER_KEY)).toBe(0);
    // The owner's own sidebar still drives it, with the owner's key.
    const mine = rpcValue<EnrichStartup>(world.runtime, "enrichStartup", null);
    expect(mine.owner).toMatchObject({ mine: true });
    const done = driveSteps(world.runtime, jobId);
    expect(done.state).toBe("done");
    expect(await creditsOf(DEMO_KEY)).toBe(ROWS);
  });

  it("take over: its own estimate and confirmation, then the run spends the new owner's key", async () => {
    const jobId = estimateAndConfirm(world.runtime, `A1:A${ROWS + 1}`);
    rpcValue<EnrichProgress>(world.runtime, "enrichPause", { jobId });
    const estimate = asOther("enrichTakeOverEstimate", { jobId }).value as TakeOverEstimate;
    expect(estimate).toMatchObject({ maxCredits: ROWS, owner: USER, balance: 1000 });
    // A confirmation below the estimate is refused.
    expect(asOther("enrichTakeOver", { jobId, confirmedCredits: ROWS - 1 }).ok).toBe(false);
    const taken = asOther("enrichTakeOver", { jobId, confirmedCredits: estimate.maxCredits });
    expect(taken.ok).toBe(true);
    // The first owner is now the one refused.
    const refused = world.runtime.rpc("enrichResume", { jobId }) as { ok: boolean; error?: { kind: string } };
    expect(refused).toMatchObject({ ok: false, error: { kind: "not_owner" } });
    expect(asOther("enrichResume", { jobId }).ok).toBe(true);
    let progress = asOther("enrichStep", { jobId }).value as EnrichProgress;
    while (progress.state === "running") progress = asOther("enrichStep", { jobId }).value as EnrichProgress;
    expect(progress.state).toBe("done");
    expect(await creditsOf(OTHER_KEY)).toBe(ROWS);
    expect(await creditsOf(DEMO_KEY)).toBe(0);
  });
});
