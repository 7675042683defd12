/**
 * Issue 12.9: duplicate detection folds case, so `/IN/Jane-Doe` and `/in/jane-doe` are one person
 * fetched once; the API refuses the capitalised path, and sending whichever spelling came first
 * made the valid twin fail too. One canonical spelling is sent, in Enrich and in formulas, and
 * each row gets its person's answer.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  DEFAULT_REQUEST,
  driveSteps,
  type EnrichWorld,
  estimateAndConfirm,
  SHEET,
  startEnrichWorld,
} from "../jobs/enrich-world";

let world: EnrichWorld;
let urls: string[];

/** `https://www.network.example/in/slug` -> `https://WWW.Network.example/IN/Slug/`. */
const capitalised = (url: string) =>
  `${url
    .replace(/^https:\/\/www\.network/, "HTTPS://WWW.Network")
    .replace(/\/in\/(.)/, (_, c: string) => `/IN/${c.toUpperCase()}`)}/`;

beforeAll(async () => {
  world = await startEnrichWorld({
    rows: [],
    userProperties: { SPEND_CAP: "5000", API_GENERATION: "legacy" },
  });
  urls = await world.control.sampleUrls(2, 300);
});

afterAll(async () => {
  await world?.close();
});

beforeEach(async () => {
  await world.control.reset();
  world.runtime.properties.document.clear();
  world.runtime.setValues(
    SHEET,
    "A1",
    Array.from({ length: 6 }, () => new Array<string>(8).fill("")),
  );
  world.runtime.setValues(SHEET, "A1", [
    ["Profile URL", "Name"],
    [capitalised(urls[0]!), ""],
    [urls[0]!, ""],
    [urls[1]!, ""],
    [capitalised(urls[1]!), ""],
  ]);
});

async function lookupsSent(): Promise<string[]> {
  const stats = await world.control.stats();
  return stats.ledger.filter((e) => e.path.includes("/leads/by_link/")).map((e) => e.url ?? "");
}

describe("a capitalised copy of a profile URL", () => {
  it("Enrich: both twins are enriched, one canonical lookup each", async () => {
    const jobId = estimateAndConfirm(world.runtime, "A1:A5", {
      options: { ...DEFAULT_REQUEST.options, fields: ["full_name"] },
    });
    const end = driveSteps(world.runtime, jobId);
    expect(end).toMatchObject({ state: "done", ok: 2, failed: 0, spent: 2 });
    const status = world.runtime.getValues(SHEET, "C2:C5").map((row) => row[0]);
    expect(status).toEqual(["ok", "ok", "ok", "ok"]);
    const names = world.runtime.getValues(SHEET, "B2:B5").map((row) => row[0]);
    expect(names[0]).toBe(names[1]);
    expect(names[2]).toBe(names[3]);
    expect(names.every((name) => String(name) !== "")).toBe(true);
    const sent = await lookupsSent();
    expect(sent).toHaveLength(2);
    expect(sent.every((url) => /^https:\/\/www\.network\.example\/in\/[a-z0-9-]+$/.test(url))).toBe(true);
  });

  it("=LOOKUP_LEAD: every row shows its person, capitalised or not", async () => {
    world.runtime.setCell(SHEET, "D2", '=LOOKUP_LEAD(A2:A5, "full_name")');
    const names = world.runtime.getValues(SHEET, "D2:D5").map((row) => String(row[0]));
    expect(names[0]).toBe(names[1]);
    expect(names[2]).toBe(names[3]);
    expect(names.some((name) => /refused|Bad url|not/i.test(name))).toBe(false);
    expect(await lookupsSent()).toHaveLength(2);
  });
});
