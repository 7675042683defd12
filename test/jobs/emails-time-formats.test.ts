/**
 * The Emails action's Checked At: the date-time format set only where the sheet does not show it
 * already (src/jobs/enrich/time-formats.ts, issue 20), read only when the column was there before
 * the run (one the run appends has no format yet). Fakes: the grid counts format reads and calls.
 */
import { describe, expect, it } from "vitest";
import type { EmailBatchResult } from "../../src/api/emails";
import type { EmailFinderRequest } from "../../src/api/wire";
import type { EmailJobDeps } from "../../src/jobs/emails/deps";
import { confirmRun, estimateRun, stepRun } from "../../src/jobs/emails/job";
import { DATE_TIME_FORMAT } from "../../src/sheet/sheet-time";
import { ManualClock, MemoryLock, MemoryStore } from "./enrich-fakes";
import { InputGrid } from "./history-fakes";

class FormatGrid extends InputGrid {
  formatReads = 0;
  formatCalls = 0;
  readNumberFormats(top: number, left: number, height: number, width: number): string[][] {
    this.formatReads += 1;
    return Array.from({ length: height }, (_, r) =>
      Array.from({ length: width }, (_, c) => this.numberFormats.get(`${top + r}:${left + c}`) ?? "General"),
    );
  }
  override setNumberFormat(top: number, left: number, height: number, width: number, format: string): void {
    this.formatCalls += 1;
    super.setNumberFormat(top, left, height, width, format);
  }
}

const finder = {
  findEmails: (requests: EmailFinderRequest[]): EmailBatchResult => ({
    outcomes: requests.map((r) => ({
      ok: true as const,
      value: { status: "valid" as const, email: `${r.first_name}@${r.domain}`.toLowerCase() },
    })),
    stoppedBy: null,
    rowsAnswered: requests.length,
    rowsMaybeCharged: 0,
  }),
  validateEmails: (): EmailBatchResult => ({
    outcomes: [],
    stoppedBy: null,
    rowsAnswered: 0,
    rowsMaybeCharged: 0,
  }),
};

function find(rows: string[][], formatted: number[] = [], column = 0): FormatGrid {
  const grid = new FormatGrid(rows.map((row) => [...row]));
  for (const row of formatted) grid.numberFormats.set(`${row}:${column}`, DATE_TIME_FORMAT);
  const clock = new ManualClock();
  const deps: EmailJobDeps = {
    store: new MemoryStore(),
    lock: new MemoryLock(),
    clock,
    grid: () => grid,
    client: () => finder,
    spendCap: 1000,
  };
  const planned = estimateRun(deps, "find", { sheetId: 1, sheetName: "CRM", top: 1, height: rows.length });
  confirmRun(deps, planned.job.id);
  clock.time += 3_000;
  let progress = stepRun(deps, planned.job.id);
  for (let step = 0; step < 20 && progress.state === "running"; step += 1)
    progress = stepRun(deps, planned.job.id);
  expect(progress.state).toBe("done");
  return grid;
}

const PEOPLE = [
  ["Ann", "Lee", "acme.com"],
  ["Bob", "Stone", "acme.com"],
  ["Cy", "Young", "initech.com"],
];

describe("Emails: Checked At's format", () => {
  it("a Checked At column whose cells show the format already: none set again (main: one call a rectangle)", () => {
    const rows = [["First Name", "Last Name", "Website", "Checked At"], ...PEOPLE.map((p) => [...p, ""])];
    const grid = find(rows, [2, 3, 4], 4);
    expect(grid.column("Checked At").every((value) => value instanceof Date)).toBe(true);
    expect(grid.formatReads).toBeGreaterThan(0);
    expect(grid.formatCalls).toBe(0);
  });

  it("the same column with one row lacking it: that row alone is formatted", () => {
    const rows = [["First Name", "Last Name", "Website", "Checked At"], ...PEOPLE.map((p) => [...p, ""])];
    const grid = find(rows, [2, 4], 4);
    expect(grid.formatCalls).toBe(1);
    expect([2, 3, 4].map((row) => grid.numberFormats.get(`${row}:4`))).toEqual([
      DATE_TIME_FORMAT,
      DATE_TIME_FORMAT,
      DATE_TIME_FORMAT,
    ]);
  });

  it("a Checked At column the run appends: formatted without reading its formats", () => {
    const grid = find([["First Name", "Last Name", "Website"], ...PEOPLE]);
    const column = (grid.cells[0] as string[]).indexOf("Checked At") + 1;
    expect(column).toBeGreaterThan(3);
    expect(grid.formatReads).toBe(0);
    expect(grid.formatCalls).toBeGreaterThan(0);
    expect([2, 3, 4].every((row) => grid.numberFormats.get(`${row}:${column}`) === DATE_TIME_FORMAT)).toBe(
      true,
    );
  });
});
