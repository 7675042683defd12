/**
 * Issue 14.8: sheet headers are for people. Enrichment over a sheet headed with readable labels
 * and over one headed with the API's field names fills the same fields into the existing columns,
 * adding none; the built add-on in the emulated runtime against the sandbox.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LEAD_LABELS } from "../../src/sheet/field-labels";
import {
  DEFAULT_REQUEST,
  driveSteps,
  type EnrichWorld,
  estimateAndConfirm,
  SHEET,
  startEnrichWorld,
  USER,
} from "../jobs/enrich-world";

const ROWS = 4;
const FIELDS = ["full_name", "job_title", "company_name", "location", "jobs"];
const READABLE = [
  "LinkedIn URL",
  "Full Name",
  "job title",
  "COMPANY",
  "Location",
  "Experience",
  "Enrichment Status",
  "Enriched At",
  "Job Changed",
  "Previous Job",
];
const API_NAMES = [
  "network_url",
  "full_name",
  "job_title",
  "company_name",
  "location",
  "jobs",
  "enrichment_status",
  "enriched_at",
  "job_changed",
  "previous_job",
];

let world: EnrichWorld;
let urls: string[];

beforeAll(async () => {
  world = await startEnrichWorld({ rows: [], userProperties: { SPEND_CAP: "5000" } });
  urls = await world.control.sampleUrls(ROWS, 0);
});

afterAll(async () => {
  await world?.close();
});

beforeEach(async () => {
  await world.control.reset();
  world.runtime.properties.document.clear();
});

function enrichUnder(headers: readonly string[]) {
  const blank = Array.from({ length: ROWS + 1 }, () => new Array<string>(20).fill(""));
  world.runtime.setValues(SHEET, "A1", blank);
  world.runtime.setValues(SHEET, "A1", [
    [...headers],
    ...urls.map((url) => [url, ...new Array<string>(headers.length - 1).fill("")]),
  ]);
  const jobId = estimateAndConfirm(world.runtime, `A1:A${ROWS + 1}`, {
    options: { ...DEFAULT_REQUEST.options, fields: FIELDS as never },
  });
  const end = driveSteps(world.runtime, jobId);
  expect(end.state).toBe("done");
  const cells = world.runtime.getSheetCells(SHEET);
  return {
    header: cells[0]!.map((cell) => cell.value),
    rows: cells.slice(1).map((row) => row.map((c) => c.value)),
  };
}

describe("enrichment matches readable headers and API field names alike", () => {
  it.each([
    ["readable labels", READABLE],
    ["API field names", API_NAMES],
  ])("under %s: every field lands in its own column, none is added", (_, headers) => {
    const { header, rows } = enrichUnder(headers);
    expect(header).toEqual(headers);
    expect(rows).toHaveLength(ROWS);
    for (const row of rows) {
      expect(
        row.slice(1, 6).every((value) => value !== ""),
        `row ${row.join(" | ")}`,
      ).toBe(true);
      expect(String(row[6])).toMatch(/^ok/);
      expect(row[7]).not.toBe("");
      expect(row.slice(headers.length).every((value) => value === "")).toBe(true);
    }
  });
});

describe("enrichment writes list fields as the List fields setting says", () => {
  it("as readable text by default, and as JSON when the setting says so", () => {
    const withJobs = (rows: unknown[][]) => rows.map((row) => String(row[5])).filter((text) => text !== "");
    const readable = withJobs(enrichUnder(READABLE).rows);
    expect(readable.length).toBeGreaterThan(0);
    for (const text of readable) {
      expect(text.startsWith("[")).toBe(false);
      expect(text).toMatch(/ at /);
    }
    world.runtime.properties.user(USER).setAll({ LIST_CELLS: "json" });
    try {
      const json = withJobs(enrichUnder(READABLE).rows);
      for (const text of json) expect(Array.isArray(JSON.parse(text))).toBe(true);
    } finally {
      world.runtime.properties.user(USER).delete("LIST_CELLS");
    }
  });
});

describe("enrichment heads the columns it appends as the Headers setting says", () => {
  const FIELD_HEADERS = FIELDS.map((field) => LEAD_LABELS[field as keyof typeof LEAD_LABELS]);
  const STATUS_HEADERS = ["Enrichment Status", "Enriched At", "Job Changed", "Previous Job"];
  const STATUS_NAMES = ["enrichment_status", "enriched_at", "job_changed", "previous_job"];
  const headerCells = () => world.runtime.getSheetCells(SHEET)[0]!.filter((cell) => cell.value !== "");

  it("readable by default: labels noted with their fields; a second run adds no column", () => {
    const { header, rows } = enrichUnder(["Profile URL"]);
    expect(header.filter((value) => value !== "")).toEqual([
      "Profile URL",
      ...FIELD_HEADERS,
      ...STATUS_HEADERS,
    ]);
    expect(headerCells().map((cell) => cell.note ?? "")).toEqual(["", ...FIELDS, ...STATUS_NAMES]);
    for (const row of rows) expect(String(row[1 + FIELDS.length])).toMatch(/^ok/);

    const jobId = estimateAndConfirm(world.runtime, `A1:A${ROWS + 1}`, {
      options: { ...DEFAULT_REQUEST.options, fields: FIELDS as never },
    });
    expect(driveSteps(world.runtime, jobId).state).toBe("done");
    expect(headerCells().map((cell) => cell.value)).toEqual([
      "Profile URL",
      ...FIELD_HEADERS,
      ...STATUS_HEADERS,
    ]);
  });

  it("API field names when the setting says so, without notes", () => {
    world.runtime.properties.user(USER).setAll({ SHEET_HEADERS: "api" });
    try {
      // New columns, without the notes an earlier test left on the header row.
      world.runtime.deleteColumns(SHEET, 2, 19);
      world.runtime.insertColumns(SHEET, 2, 19);
      const { header } = enrichUnder(["Profile URL"]);
      expect(header.filter((value) => value !== "")).toEqual(["Profile URL", ...FIELDS, ...STATUS_NAMES]);
      expect(headerCells().every((cell) => (cell.note ?? "") === "")).toBe(true);
    } finally {
      world.runtime.properties.user(USER).delete("SHEET_HEADERS");
    }
  });
});
