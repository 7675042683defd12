/** An in-memory `Prospecting changes` table that reads back like Sheets: one leading apostrophe hidden. */

import type { GridValue } from "../../src/jobs/enrich/ports";
import type { HistoryTable } from "../../src/jobs/history/ports";
import { cellLiteral } from "../../src/sheet/cell-literal";
import type { CellValue } from "../../src/sheet/cell-value";
import { MemoryGrid } from "./enrich-fakes";

export class MemoryTable implements HistoryTable {
  rows: string[][] = [];
  appends = 0;
  size(): number {
    return this.rows.length;
  }
  append(rows: CellValue[][]): void {
    this.appends += 1;
    for (const row of rows) {
      this.rows.push(
        row.map((value) => (typeof value === "string" ? value.replace(/^'/, "") : String(value))),
      );
    }
  }
  read(first: number, count: number, width: number): string[][] {
    return this.rows.slice(first - 1, first - 1 + count).map((row) => row.slice(0, width));
  }
  remove(first: number, count: number): void {
    this.rows.splice(first - 1, count);
  }
}

/**
 * A grid that keeps what was typed or written (like the emulated runtime's cell input): `read`
 * gives values as getValues does (the apostrophe hidden, a formula as its text), `literals` the
 * input itself.
 */
export class InputGrid extends MemoryGrid {
  override read(top: number, left: number, height: number, width: number): GridValue[][] {
    return super
      .read(top, left, height, width)
      .map((row) => row.map((value) => (typeof value === "string" ? value.replace(/^'/, "") : value)));
  }
  literals(top: number, left: number, height: number, width: number): string[][] {
    return super
      .read(top, left, height, width)
      .map((row) => row.map((value) => (typeof value === "string" ? value : cellLiteral(value))));
  }
}
