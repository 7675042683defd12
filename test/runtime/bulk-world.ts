/**
 * The world of the bulk-job runtime tests (issue 24): the built add-on on a manual clock against
 * the sandbox, API generation auto (bulk jobs, the default) and a high spend cap, started once
 * per file and closed after it.
 */
import { afterAll, beforeAll } from "vitest";
import { manualClock } from "../../sandbox/gas/clock";
import { DEFAULT_REQUEST, type EnrichWorld, startEnrichWorld } from "../jobs/enrich-world";

/** Fresh data on, the add-on's default: real-time bulk jobs. */
export const FRESH = { options: { ...DEFAULT_REQUEST.options, extras: { up_to_the_second_fresh: true } } };

/** Registers the file's world; call the answer inside a test for it. */
export function bulkWorld(): () => EnrichWorld {
  let world: EnrichWorld | undefined;
  beforeAll(async () => {
    world = await startEnrichWorld({
      rows: [],
      userProperties: { SPEND_CAP: "5000", API_GENERATION: "auto" },
      clock: manualClock(Date.UTC(2026, 10, 21, 9, 0, 0)),
    });
  });
  afterAll(async () => {
    await world?.close();
  });
  return () => {
    if (!world) throw new Error("The bulk world starts before the file's tests.");
    return world;
  };
}
