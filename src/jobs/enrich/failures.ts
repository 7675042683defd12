/**
 * The rows of a run that were not enriched, read back from the sheet's own enrichment_status
 * column: counted by reason, in rows (a URL on three rows counts three), and listed for "Select
 * failed rows". Rows skipped in fill mode (nothing to fill) are no failure and are left out.
 */
import type { EnrichJob } from "./job-types";
import type { Grid } from "./ports";
import { isOkStatus, STATUS_TEXT } from "./row-writer";
import { URL_STATE } from "./url-states";
import { cellText, type DistinctUrls, distinctUrls } from "./urls";

export interface FailureCount {
  reason: string;
  rows: number;
}

/** A status in a few words, one per kind of failure: the details stay in the row. */
export function failureReason(status: string): string {
  if (status === STATUS_TEXT.notFound) return "not found (free)";
  if (status === STATUS_TEXT.invalid) return "not a profile URL (nothing sent)";
  if (status.startsWith("interrupted")) return "interrupted by a cut-off (may have been charged)";
  if (status.startsWith("not enriched yet: "))
    return status.slice("not enriched yet: ".length).split(";")[0]!;
  const text = status.startsWith("error: ") ? status.slice("error: ".length) : status;
  const first = text.split(/ \(|\. /)[0]!.replace(/\.$/, "");
  return /may have been charged/.test(status) ? `${first} (may have been charged)` : first;
}

/**
 * The sheet rows (1-based) of this run that hold a failure status, with their statuses. `read`:
 * the URL column as the step read it already (its fingerprint the job's), not read again.
 */
export function failedRows(
  grid: Grid,
  job: EnrichJob,
  states: string,
  read?: DistinctUrls,
): Array<{ row: number; status: string }> {
  const height = job.lastRow - job.firstRow + 1;
  const statusColumn = job.layout.status.enrichment_status;
  if (height <= 0 || statusColumn <= 0) return [];
  const urls =
    read ??
    distinctUrls(
      grid.read(job.firstRow, job.urlColumn, height, 1).map((row) => row[0] ?? ""),
      job.firstRow,
    );
  const statuses = grid.read(job.firstRow, statusColumn, height, 1).map((row) => cellText(row[0]));
  const rows = [...urls.invalidRows];
  urls.rows.forEach((rowsOfUrl, index) => {
    const state = states[index];
    if (state !== URL_STATE.skipped && state !== URL_STATE.ok) for (const row of rowsOfUrl) rows.push(row);
  });
  return rows
    .sort((a, b) => a - b)
    .map((row) => ({ row, status: statuses[row - job.firstRow] ?? "" }))
    .filter(({ status }) => status !== "" && !isOkStatus(status));
}

/** Failures by reason, most rows first. */
export function failureCounts(failed: ReadonlyArray<{ status: string }>): FailureCount[] {
  const counts = new Map<string, number>();
  for (const { status } of failed) {
    const reason = failureReason(status);
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  return [...counts]
    .map(([reason, rows]) => ({ reason, rows }))
    .sort((a, b) => b.rows - a.rows || a.reason.localeCompare(b.reason));
}

/** Rows as A1 ranges of the URL column, adjacent rows joined: "B4:B6", "B9". */
export function rowRanges(rows: readonly number[], columnLetters: string): string[] {
  const ranges: string[] = [];
  let start = -1;
  let end = -1;
  const flush = () => {
    if (start < 0) return;
    ranges.push(
      start === end ? `${columnLetters}${start}` : `${columnLetters}${start}:${columnLetters}${end}`,
    );
  };
  for (const row of rows) {
    if (row === end + 1) end = row;
    else {
      flush();
      start = row;
      end = row;
    }
  }
  flush();
  return ranges;
}
