/**
 * Writes the outcome of lookups into the rows that hold their URLs, as block writes: rows are
 * grouped into spans of nearby rows; each span is read once (for the earlier values: fill-empty
 * mode and job changes) and written back with one write per run of adjacent job columns. Rows of a
 * span that got no outcome are written back as read (formulas come back as formulas, see Grid).
 */
import type { Lead } from "../../api/wire";
import { toCellValue } from "../../sheet/cell-value";
import type { ColumnLayout } from "./job-types";
import { touchedColumns, writtenColumnRuns } from "./layout";
import type { EnrichMode } from "./options";
import type { Grid, GridValue } from "./ports";
import { cellText } from "./urls";

export type RowOutcome = { kind: "ok"; lead: Lead } | { kind: "status"; status: string };

/** Rows further apart than this go into separate spans, so a far duplicate does not make one huge read. */
const SPAN_GAP = 200;

export const STATUS_TEXT = {
  ok: "ok",
  notFound: "not found",
  invalid: "error: not a profile URL; nothing was sent",
  interrupted:
    "interrupted: the run was cut off while this URL was being fetched, so it may have been charged; select the row and run again to retry",
} as const;

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The changes one outcome makes to one row; `read` is the row's block as read. */
function applyOutcome(
  row: GridValue[],
  read: readonly GridValue[],
  at: (column: number) => number,
  layout: ColumnLayout,
  outcome: RowOutcome,
  mode: EnrichMode,
  now: string,
): void {
  const put = (column: number, value: GridValue) => {
    row[at(column)] = value;
  };
  const before = (column: number) => (column > 0 ? cellText(read[at(column)]) : "");
  put(layout.status.enriched_at, now);
  if (outcome.kind === "status") {
    put(layout.status.enrichment_status, toCellValue(outcome.status));
    return;
  }
  const lead = outcome.lead;
  for (const [field, column] of layout.fields) {
    if (mode === "refresh" || before(column) === "") put(column, toCellValue(lead[field]));
  }
  const oldTitle = before(layout.previous.job_title);
  const oldCompany = before(layout.previous.company_name);
  const changed =
    (oldTitle !== "" && !sameText(oldTitle, String(lead.job_title ?? ""))) ||
    (oldCompany !== "" && !sameText(oldCompany, String(lead.company_name ?? "")));
  put(layout.status.enrichment_status, STATUS_TEXT.ok);
  put(layout.status.job_changed, changed);
  put(
    layout.status.previous_job,
    changed ? toCellValue([oldTitle, oldCompany].filter(Boolean).join(" @ ")) : "",
  );
}

function spans(rows: readonly number[]): Array<{ top: number; bottom: number }> {
  const sorted = [...new Set(rows)].sort((a, b) => a - b);
  const result: Array<{ top: number; bottom: number }> = [];
  for (const row of sorted) {
    const last = result[result.length - 1];
    if (last && row - last.bottom <= SPAN_GAP) last.bottom = row;
    else result.push({ top: row, bottom: row });
  }
  return result;
}

/** Writes every outcome into its rows. Returns the number of grid calls made (reads + writes). */
export function writeOutcomes(
  grid: Grid,
  layout: ColumnLayout,
  outcomes: ReadonlyMap<number, RowOutcome>,
  mode: EnrichMode,
  now: string,
): number {
  if (outcomes.size === 0) return 0;
  const columns = touchedColumns(layout);
  const left = columns[0]!;
  const width = columns[columns.length - 1]! - left + 1;
  const at = (column: number) => column - left;
  const runs = writtenColumnRuns(layout);
  let calls = 0;
  for (const span of spans([...outcomes.keys()])) {
    const height = span.bottom - span.top + 1;
    const read = grid.read(span.top, left, height, width);
    calls += 1;
    const block = read.map((row) => [...row]);
    for (let offset = 0; offset < height; offset += 1) {
      const outcome = outcomes.get(span.top + offset);
      if (outcome) applyOutcome(block[offset]!, read[offset]!, at, layout, outcome, mode, now);
    }
    for (const run of runs) {
      grid.write(
        span.top,
        run.left,
        block.map((row) => row.slice(at(run.left), at(run.left) + run.width)),
      );
      calls += 1;
    }
  }
  return calls;
}

/** Reads the status and time of `rows`: what the sheet itself says was done. */
export function readStatuses(
  grid: Grid,
  layout: ColumnLayout,
  rows: readonly number[],
): Map<number, [string, string]> {
  const result = new Map<number, [string, string]>();
  const statusColumn = layout.status.enrichment_status;
  const timeColumn = layout.status.enriched_at;
  const left = Math.min(statusColumn, timeColumn);
  const width = Math.abs(statusColumn - timeColumn) + 1;
  for (const span of spans(rows)) {
    const block = grid.read(span.top, left, span.bottom - span.top + 1, width);
    for (const row of rows) {
      if (row < span.top || row > span.bottom) continue;
      const cells = block[row - span.top] ?? [];
      result.set(row, [cellText(cells[statusColumn - left]), cellText(cells[timeColumn - left])]);
    }
  }
  return result;
}
