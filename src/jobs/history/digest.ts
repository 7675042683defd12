/**
 * The job-change digest, built from the change history (never stored twice): a person changed
 * jobs when a run replaced a non-empty Title or Company cell with a different one, or kept such a
 * cell (fill mode) although its answer showed a different one (a row marked kept, columns.ts).
 * Name, title and company that the run did not record are read from the sheet as it is now.
 */
import { canonicalProfileUrl } from "../../api/profile-url";
import { headerNamesField } from "../../sheet/columns";
import { linkTarget } from "../../sheet/hyperlink";
import { headersOfList, labelOfHeader, listOfHeader } from "../../sheet/list-headers";
import type { Grid } from "../enrich/ports";
import { extent } from "../extent";
import { jobFieldChanged, jobKey } from "../job-text";
import { type HistoryRow, isUndoId, parseCell, parseKeptCell, shownText, UNDO_PREFIX } from "./columns";
import type { HistoryDeps } from "./ports";
import { byTrust, changesBetween, rowsOfRun, runColumn, runsAndTimes, undoneRuns } from "./read";
import { isFreezeRun } from "./run-kind";
import { historyKeys } from "./signature";

export interface JobChange {
  runId: string;
  time: string;
  sheet: string;
  row: number;
  name: string;
  url: string;
  oldTitle: string;
  newTitle: string;
  oldCompany: string;
  newCompany: string;
  /**
   * Why the sheet still shows the old job ("fill mode": the run did not overwrite the filled
   * Title/Company cells); "" when the run wrote the new one.
   */
  kept: string;
  /**
   * The work email the run replaced (the Enrich run's work-email pass) and the one it wrote ("" when
   * none was found); absent when the run did not change the row's Email cell.
   */
  oldEmail?: string;
  newEmail?: string;
  /**
   * Seen in an answer from the API's cache (the run had Fresh data off): often the cache still
   * showing a previous job, so not to be trusted before a fresh look. False for fresh answers and
   * for histories written before freshness was recorded.
   */
  cached?: boolean;
}

export { emailChangeText } from "./email-change";

type Field = "full_name" | "job_title" | "company_name";
const FIELDS: readonly Field[] = ["full_name", "job_title", "company_name"];

/** The list a recorded cell belongs to: its sheet, and the list's name when the rows hold several. */
const listKey = (entry: HistoryRow) => `${entry.sheet}\n${listOfHeader(entry.header)}`;

/** The field a recorded header names, after any list's name ("Buyer URL · Job Title": job_title). */
const fieldOf = (header: string): Field | null =>
  FIELDS.find((field) => headerNamesField(labelOfHeader(header), field)) ?? null;

/**
 * The columns of fields no recorded cell shows (a Name, or a Company the run kept or rewrote with
 * the same value), from the sheet's header row: the nearest row above `top` whose cell in a
 * recorded column holds that column's recorded header. Two reads, only when a column is missing.
 */
function missingColumns(
  grid: Grid,
  sheetColumns: Map<Field, number>,
  label: { column: number; header: string },
  top: number,
  width: number,
): void {
  if (FIELDS.every((field) => sheetColumns.has(field)) || top <= 1) return;
  const above = grid.read(1, label.column, top - 1, 1).map((row) => String(row[0] ?? ""));
  const headerRow = above.lastIndexOf(label.header) + 1;
  if (headerRow === 0) return;
  // The recorded column's list's own columns only, when the rows hold several lists.
  const row = (grid.read(headerRow, 1, 1, width)[0] ?? []).map((value) => String(value ?? ""));
  const headers = headersOfList(row, listOfHeader(label.header));
  for (const field of FIELDS) {
    const index = headers.findIndex((header) => headerNamesField(header, field));
    if (!sheetColumns.has(field) && index >= 0) sheetColumns.set(field, index + 1);
  }
}

/** The key a profile URL's spellings share ("" for a cell that is no profile URL); a =HYPERLINK cell is its URL. */
const urlKey = (text: string) => {
  const target = linkTarget(text.trim());
  return target.includes("/in/") ? (canonicalProfileUrl(target) ?? "") : "";
};

/** The first row (1-based) holding each profile URL in a sheet's cells: built once, when first asked. */
function rowsByUrl(block: readonly (readonly unknown[])[]): () => Map<string, number> {
  let rows: Map<string, number> | undefined;
  return () => {
    if (!rows) {
      rows = new Map();
      block.forEach((cells, index) => {
        for (const cell of cells) {
          const key = urlKey(String(cell ?? ""));
          if (key !== "" && !rows!.has(key)) rows!.set(key, index + 1);
        }
      });
    }
    return rows;
  };
}

/** Job changes in these rows (one run or several), in the order they were recorded. */
export function jobChangesIn(
  deps: Pick<HistoryDeps, "gridByName" | "gridById">,
  rows: readonly HistoryRow[],
): JobChange[] {
  // Per run, list and row: the cells of the three fields; per list, where those fields' columns
  // are. A list is a sheet, or one of the lists of people a sheet's rows hold (list-headers.ts).
  const people = new Map<
    string,
    { first: HistoryRow; list: string; row: number; cells: Map<Field, HistoryRow> }
  >();
  const columns = new Map<string, Map<Field, number>>();
  // Per list, one recorded column and its header text: finds the header row (missingColumns).
  const labels = new Map<string, { column: number; header: string }>();
  const undone = new Set(
    rows.filter((row) => row.runId.startsWith(UNDO_PREFIX)).map((row) => row.runId.slice(UNDO_PREFIX.length)),
  );
  // Per run, list and row: the Email cell the run changed (kept apart: FIELDS decides the reads).
  const emails = new Map<string, HistoryRow>();
  for (const entry of rows) {
    // A freeze writes the values formulas showed: no one changed jobs.
    if (isUndoId(entry.runId) || undone.has(entry.runId) || isFreezeRun(entry.runId)) continue;
    const list = listKey(entry);
    const emailAt = headerNamesField(labelOfHeader(entry.header), "email") ? parseCell(entry.cell) : null;
    if (emailAt) emails.set(`${entry.runId}\n${list}\n${emailAt.row}`, entry);
    const field = fieldOf(entry.header);
    const at = parseCell(entry.cell) ?? parseKeptCell(entry.cell);
    if (!field || !at) continue;
    const listColumns = columns.get(list) ?? new Map<Field, number>();
    columns.set(list, listColumns);
    listColumns.set(field, at.column);
    if (!labels.has(list)) labels.set(list, { column: at.column, header: entry.header });
    const key = `${entry.runId}\n${list}\n${at.row}`;
    const person = people.get(key) ?? {
      first: entry,
      list,
      row: at.row,
      cells: new Map<Field, HistoryRow>(),
    };
    people.set(key, person);
    person.cells.set(field, entry);
  }
  // A person whose URL stands in several rows (or spelt with other capitals) changed jobs once.
  const seen = new Set<string>();
  // Title and Company cells that held a job and were replaced, or kept, with another one.
  const changedCells = (person: { cells: Map<Field, HistoryRow> }): HistoryRow[] =>
    (["job_title", "company_name"] as const).flatMap((field) => {
      const cell = person.cells.get(field);
      return cell && jobFieldChanged(field, shownText(cell.before), shownText(cell.after)) ? [cell] : [];
    });
  const moved = [...people.values()].filter((person) => {
    const changed = changedCells(person).length > 0;
    const who = `${person.first.runId}\n${canonicalProfileUrl(person.first.url) ?? person.first.url}`;
    if (!changed || seen.has(who)) return false;
    seen.add(who);
    return true;
  });
  // What the run left alone is what the sheet shows now: one read per list.
  const current = new Map<
    string,
    { rowNow(row: number, url: string): number; value(row: number, field: Field): string }
  >();
  for (const list of new Set(moved.map((person) => person.list))) {
    const first = moved.find((person) => person.list === list)!.first;
    // A compact row names its sheet by id too: found after a rename.
    const grid =
      (first.sheetId !== undefined ? deps.gridById(first.sheetId)?.grid : null) ??
      deps.gridByName(first.sheet);
    const listColumns = columns.get(list) ?? new Map<Field, number>();
    const listRows = moved.filter((person) => person.list === list).map((person) => person.row);
    const { min: top, max: bottom } = extent(listRows);
    const width = Math.max(1, grid?.lastColumn() ?? 1);
    const label = labels.get(list);
    if (grid && label) missingColumns(grid, listColumns, label, top, width);
    // The whole sheet: a person is read from the row holding their URL now (a sort since the run
    // moved them; the row the run wrote then holds someone else, whose name was listed).
    const block = grid ? grid.read(1, 1, Math.max(bottom, grid.lastRow()), width) : [];
    const rowOf = rowsByUrl(block);
    const holds = (row: number, key: string) =>
      (block[row - 1] ?? []).some((cell) => urlKey(String(cell ?? "")) === key);
    current.set(list, {
      rowNow(row, url) {
        const key = urlKey(url);
        // The row the run wrote while it still holds them (the common case: no index built).
        return key === "" || holds(row, key) ? row : (rowOf().get(key) ?? row);
      },
      value(row, field) {
        const column = listColumns.get(field);
        return column ? String(block[row - 1]?.[column - 1] ?? "") : "";
      },
    });
  }
  return moved.map((person) => {
    const sheet = current.get(person.list)!;
    // Where the person is now: the Job changes sheet's Row, and the row their unrecorded fields are read from.
    const row = sheet.rowNow(person.row, person.first.url);
    const email = emails.get(`${person.first.runId}\n${person.list}\n${person.row}`);
    const value = (field: Field, side: "before" | "after") => {
      const cell = person.cells.get(field);
      return cell ? shownText(cell[side]) : sheet.value(row, field);
    };
    return {
      runId: person.first.runId,
      time: person.first.time,
      sheet: person.first.sheet,
      row,
      name: value("full_name", "after"),
      url: person.first.url,
      oldTitle: value("job_title", "before"),
      newTitle: value("job_title", "after"),
      oldCompany: value("company_name", "before"),
      newCompany: value("company_name", "after"),
      kept:
        changedCells(person)
          .map((cell) => parseKeptCell(cell.cell)?.reason ?? "")
          .find(Boolean) ?? "",
      ...(email ? { oldEmail: shownText(email.before), newEmail: shownText(email.after) } : {}),
      cached: changedCells(person).some((cell) => cell.fresh === false),
    };
  });
}

/**
 * One run's digest: whether Undo took it back (whole: a partial undo leaves it undoable, and its
 * changes shown), and if not, the job changes it recorded. One read of the Run column for both.
 */
export function digestOfRun(deps: HistoryDeps, runId: string): { undone: boolean; changes: JobChange[] } {
  const runs = runColumn(deps.table);
  const keys = historyKeys(deps.store, deps.table, deps.freshSecret);
  if (undoneRuns(deps.table, runs, keys).has(runId)) return { undone: true, changes: [] };
  const rows = rowsOfRun(deps.table, runs, runId, keys.secret);
  return { undone: false, changes: jobChangesIn(deps, byTrust(rows, keys.legacyRuns).accepted) };
}

/** Whether Undo took this run back (whole). */
export const runWasUndone = (deps: HistoryDeps, runId: string) => digestOfRun(deps, runId).undone;

/** The job changes one run recorded; none once the run was undone (its cells hold the old jobs again). */
export const jobChangesOfRun = (deps: HistoryDeps, runId: string) => digestOfRun(deps, runId).changes;

/**
 * Every job change recorded at or after `since`: epoch ms (the picked day's midnight in the
 * spreadsheet's time zone, history-handlers.ts), or an ISO date or time in UTC. Rows are picked by
 * their time, not their place (the sheet may have been sorted), and read oldest first; runs undone
 * are left out, even by an undo that put nothing back (it recorded no cell to see in these rows).
 */
export function jobChangesSince(deps: HistoryDeps, since: number | string): JobChange[] {
  const from = typeof since === "number" ? since : Date.parse(since);
  // Read as times (a date cell reads as ISO text, older rows hold it), never compared as text.
  const { runs, times } = runsAndTimes(deps.table);
  const inRange = (index: number) => (times[index] ?? Number.NEGATIVE_INFINITY) >= from;
  const first = times.findIndex((_, index) => inRange(index));
  if (first < 0) return [];
  let last = times.length - 1;
  while (!inRange(last)) last -= 1;
  const keys = historyKeys(deps.store, deps.table, deps.freshSecret);
  const undone = undoneRuns(deps.table, runs, keys);
  const rows = changesBetween(deps.table, keys.secret, first + 1, last + 1).filter(
    (row) => inRange(row.origin - 1) && !undone.has(row.runId),
  );
  const at = (row: HistoryRow) => times[row.origin - 1] ?? 0;
  // Stable: one run's rows keep their order.
  const oldestFirst = byTrust(rows, keys.legacyRuns).accepted.sort((a, b) => at(a) - at(b));
  return firstSightings(jobChangesIn(deps, oldestFirst));
}

/**
 * One entry per move: a run that keeps Title and Company (fill mode, or fields without them, as a
 * weekly schedule may) sees the same old job against the same new one every time, and listed it
 * every week. A person's change that repeats the one listed just before for them is that same
 * move: the first run that saw it stays, and a later fresh answer of it clears "cached". (A move
 * back and then again is listed each time.)
 */
function firstSightings(changes: readonly JobChange[]): JobChange[] {
  const listed: JobChange[] = [];
  const latest = new Map<string, { move: string; change: JobChange }>();
  for (const change of changes) {
    const person = JSON.stringify([change.sheet, canonicalProfileUrl(change.url) ?? change.url]);
    const move = JSON.stringify([
      jobKey("job_title", change.oldTitle),
      jobKey("job_title", change.newTitle),
      jobKey("company_name", change.oldCompany),
      jobKey("company_name", change.newCompany),
    ]);
    const before = latest.get(person);
    if (before?.move === move) {
      if (before.change.cached && !change.cached) before.change.cached = false;
      continue;
    }
    const copy = { ...change };
    listed.push(copy);
    latest.set(person, { move, change: copy });
  }
  return listed;
}
