import { describe, expect, it } from "vitest";
import { urlColumnOfRows } from "../../src/jobs/enrich/url-column-by-header";
import { MemoryGrid } from "./enrich-fakes";

const box = (top: number, height: number) => ({ sheetId: 1, sheetName: "S", top, left: 1, height, width: 1 });

describe("the URL column of selected rows, found by its header", () => {
  it("the Leads sheet's LinkedIn URL column, for rows selected by name", () => {
    const grid = MemoryGrid.fromRows([
      ["Full Name", "Company", "LinkedIn URL"],
      ["Jane Doe", "Acme", "https://www.network.example/in/jane-doe"],
    ]);
    expect(urlColumnOfRows(grid, box(2, 1), 2)).toMatchObject({ top: 2, left: 3, width: 1 });
  });

  it("not the Companies sheet's LinkedIn URL column: company pages are not profiles", () => {
    const grid = MemoryGrid.fromRows([
      ["Company", "LinkedIn URL"],
      ["Acme", "https://www.network.example/company/acme/"],
    ]);
    expect(urlColumnOfRows(grid, box(2, 1), 2)).toBeNull();
  });

  it("none when no header names profile URLs", () => {
    const grid = MemoryGrid.fromRows([
      ["Name", "Notes"],
      ["Jane", "https://www.network.example/in/jane-doe"],
    ]);
    expect(urlColumnOfRows(grid, box(2, 1), 2)).toBeNull();
  });
});
