/**
 * Whether the run's rows hold another list of people besides the selected URL column's: a column
 * whose profile URLs name other people in the same rows (an account sheet's champion and buyer, a
 * list pasted beside another). Such a run writes to columns of its own (src/sheet/list-headers.ts).
 * A column holding the same people under another spelling (a CRM's "LinkedIn URL" and "Profile
 * link") is the same list. One block read of the first rows, at planning time only.
 */
import { normalizeProfileUrl, salesIdOfUrl } from "../../api/profile-url";
import type { Grid, GridValue } from "./ports";
import { urlCellText } from "./urls";

/** Rows compared: a second list fills most of its rows, so a few hundred tell. */
const SAMPLE_ROWS = 200;

interface ProfileKey {
  key: string;
  /** Sales ids and vanity names of one person differ: only keys of one kind are compared. */
  salesId: boolean;
}

function profileKey(value: GridValue | undefined): ProfileKey | null {
  const text = urlCellText(value);
  const key = normalizeProfileUrl(text);
  return key === null ? null : { key, salesId: salesIdOfUrl(text) !== null };
}

/**
 * The columns (1-based) other than `urlColumn` whose profile URLs name other people than the URL
 * column's in more of the compared rows than they name the same person.
 */
export function otherListColumns(
  grid: Grid,
  firstRow: number,
  lastRow: number,
  urlColumn: number,
  width: number,
): number[] {
  const height = Math.min(SAMPLE_ROWS, lastRow - firstRow + 1);
  if (height <= 0 || width <= 1) return [];
  const block = grid.read(firstRow, 1, height, width);
  const tally = new Map<number, { same: number; other: number }>();
  for (const row of block) {
    const own = profileKey(row[urlColumn - 1]);
    if (own === null) continue;
    row.forEach((value, index) => {
      const column = index + 1;
      if (column === urlColumn) return;
      const theirs = profileKey(value);
      if (theirs === null || theirs.salesId !== own.salesId) return;
      const counts = tally.get(column) ?? { same: 0, other: 0 };
      if (theirs.key === own.key) counts.same += 1;
      else counts.other += 1;
      tally.set(column, counts);
    });
  }
  return [...tally]
    .filter(([, counts]) => counts.other > counts.same)
    .map(([column]) => column)
    .sort((a, b) => a - b);
}
