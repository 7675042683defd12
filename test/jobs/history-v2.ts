/**
 * History rows as the add-on wrote them before the packed layout (format.ts v3): one compact v2
 * row per changed sheet row, `{"v":2,"run","sheet","sid","url","row","hr","fresh"?,"cells":[[column,
 * header, before, after, kept?]...],"sig"}`. Kept here, frozen, so that tests prove such histories
 * are still read (issue 20.1: no migration). Cells too long for one row are not made here.
 */
import type { RowChanges } from "../../src/jobs/history/format";
import { signed } from "../../src/jobs/history/signature";

/** The seven cells of one v2 row, as the sheet reads them back (the apostrophes not shown). */
export function v2Row(secret: string, changes: RowChanges): string[] {
  const body = JSON.stringify({
    v: 2,
    run: changes.runId,
    sheet: changes.sheet,
    sid: changes.sheetId,
    url: changes.url,
    row: changes.row,
    hr: changes.headerRow,
    ...(changes.fresh === undefined ? {} : { fresh: changes.fresh }),
    cells: changes.cells.map((cell) =>
      cell.kept
        ? [cell.column, cell.header, cell.before, cell.after, cell.kept]
        : [cell.column, cell.header, cell.before, cell.after],
    ),
  });
  const summary = changes.cells.map((cell) => `${cell.header}: ${cell.before} -> ${cell.after}`).join("; ");
  return [
    changes.runId,
    changes.time,
    changes.sheet,
    changes.url,
    summary,
    signed(secret, body),
    changes.time,
  ];
}
