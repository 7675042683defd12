/**
 * Issue 24: the add-on shows a bulk run's cost in the unit the account is billed in, read from
 * `/api/v1/accounts/me/` (PRODUCTION.md A19). The sandbox's account answers in credits by default
 * and in USD under `billingUnit: "usd"`; the estimate's words and the finished run's figure follow
 * it, and the USD figure is what the jobs charged for the people the ledger charged. An editor
 * without a key gets the estimate in credits (no profile to read), and no error.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { doneMessage } from "../../sidebar/tabs/enrich/done-message";
import { PATHS } from "../../src/api/wire";
import type { EnrichEstimate } from "../../src/rpc/enrich";
import {
  chargesPerPerson,
  crmRows,
  driveSteps,
  type EnrichWorld,
  rpcValue,
  SHEET,
} from "../jobs/enrich-world";
import { bulkWorld, FRESH } from "./bulk-world";

const URLS = 12;
const RANGE = `A1:A${URLS + 2}`;
const EDITOR = "editor@example.com";

const worldOf = bulkWorld();
let world: EnrichWorld;
beforeEach(() => {
  world = worldOf();
});
beforeEach(async () => {
  await world.control.reset();
  world.runtime.properties.document.clear();
  const urls = await world.control.sampleUrls(URLS, 700);
  world.runtime.setValues(SHEET, "A1", crmRows([...urls, "https://www.network.example/in/nobody-zz-1"], 0));
});

function estimate(user?: string): EnrichEstimate {
  world.runtime.select(SHEET, RANGE);
  return rpcValue<EnrichEstimate>(world.runtime, "enrichEstimate", FRESH, user ? { user } : undefined);
}

describe("a bulk run's cost in the account's unit", () => {
  it("an account billed in credits: the estimate and the summary speak credits", async () => {
    const planned = estimate();
    expect(planned.path?.text).toContain("1 credit per profile found");
    rpcValue(world.runtime, "enrichConfirm", { jobId: planned.progress.jobId });
    const end = driveSteps(world.runtime, planned.progress.jobId, 2_000);
    expect(end).toMatchObject({ state: "done", ok: URLS });
    expect(end.billedIn).toBeUndefined();
    expect(end.spent).toBe((await chargesPerPerson(world.control)).size);
  });

  it("an account billed in USD: dollars in the estimate, and the jobs' own USD figure in the summary", async () => {
    await world.control.configure({ billingUnit: "usd" });
    const planned = estimate();
    expect(planned.path?.text).toContain(
      `$0.04 per profile found (up to $${(0.04 * (URLS + 1)).toFixed(2)}; your account is billed in USD)`,
    );
    expect(planned.path?.text).not.toMatch(/credit/);
    rpcValue(world.runtime, "enrichConfirm", { jobId: planned.progress.jobId });
    const end = driveSteps(world.runtime, planned.progress.jobId, 2_000);
    expect(end).toMatchObject({ state: "done", ok: URLS, notFound: 1, billedIn: "usd" });
    const charged = (await chargesPerPerson(world.control)).size;
    expect(charged).toBe(URLS);
    expect(end.usdCharged?.toFixed(2)).toBe((charged * 0.04).toFixed(2));
  });

  it("an account billed in USD whose submit met a 500: the summary names what may have been charged beyond the jobs' figure", async () => {
    await world.control.configure({
      billingUnit: "usd",
      faults: [{ path: PATHS.bulkEnrichRealtime, kind: "server_error", count: 1 }],
    });
    const planned = estimate();
    rpcValue(world.runtime, "enrichConfirm", { jobId: planned.progress.jobId });
    const end = driveSteps(world.runtime, planned.progress.jobId, 2_000);
    // The submit's 500 may have made a job that charges as it runs: its 13 URLs are never resent.
    expect(end).toMatchObject({
      state: "done",
      interrupted: URLS + 1,
      maybeCharged: URLS + 1,
      billedIn: "usd",
    });
    expect(end.usdMaybeCharged?.toFixed(2)).toBe(((URLS + 1) * 0.04).toFixed(2));
    // Before: "$0.00 charged (the API's bulk jobs; your account is billed in USD)", nothing more.
    expect(doneMessage(end)).toContain(
      `$0.00 charged (the API's bulk jobs; your account is billed in USD; up to $${((URLS + 1) * 0.04).toFixed(2)} more may have been charged for profiles whose answers were not read)`,
    );
  });

  it("an editor without a key estimates in credits, with no error", async () => {
    await world.control.configure({ billingUnit: "usd" });
    const planned = estimate(EDITOR);
    expect(planned.path).toMatchObject({ kind: "bulk" });
    expect(planned.path?.text).toContain("1 credit per profile found");
  });
});
