/**
 * Sheets' own guards on a script's writes, met by the runs that pay before they write (Enrich,
 * the Emails action). A protected range (Data > Protect sheets and ranges) lets only the owner and
 * its editors write: anyone else's setValues throws after the answers are paid, so a run asks
 * first (Range.canEdit, free) and stops before it spends. A column whose data validation rejects
 * input cannot be asked that way: its write throws for the whole block, after the payment, and
 * the run stops saying what the sheet said (refusedWriteMessage). Sources: the emulated runtime's
 * sandbox/gas/edit-rules.ts.
 */

import type { ChangeLog, Grid } from "./enrich/ports";
import { columnLetters } from "./enrich/progress";
import { HISTORY_SHEET } from "./history/columns";

/** A block of cells a run writes. */
export type Block = { top: number; left: number; height: number; width: number };

export interface StopMessage {
  kind: string;
  message: string;
  next?: string;
}

const blockA1 = (b: Block) => {
  const start = `${columnLetters(b.left)}${b.top}`;
  const end = `${columnLetters(b.left + b.width - 1)}${b.top + b.height - 1}`;
  return start === end ? start : `${start}:${end}`;
};

/**
 * The first block the user may not edit, narrowed to its first such column; null when they may
 * edit them all (or the grid cannot tell: a refused write is then caught when it happens).
 */
function refusedBlock(grid: Grid, blocks: readonly Block[]): Block | null {
  if (!grid.canEdit) return null;
  const canEdit = (b: Block) =>
    b.height <= 0 || b.width <= 0 || grid.canEdit!(b.top, b.left, b.height, b.width);
  const run = blocks.find((b) => !canEdit(b));
  if (!run) return null;
  const columns = Array.from({ length: run.width }, (_, i) => ({ ...run, left: run.left + i, width: 1 }));
  return columns.find((b) => !canEdit(b)) ?? run;
}

/** The change history's sheet, which a run writes for Undo before the rows it changes. */
const HISTORY_WHERE = `the ${HISTORY_SHEET} sheet (the change history kept for Undo)`;

/** Where a run writes: "CRM!B2:B7". */
const blockIn = (sheetName: string, block: Block) => `${sheetName}!${blockA1(block)}`;

/** The stop for a run that would write `where` (blockIn, or a sheet named), which the user may not edit. */
function protectedMessage(where: string, action: string): StopMessage {
  return {
    kind: "protected",
    message: `You may not edit ${where}, where this run writes: it is protected (Data > Protect sheets and ranges) and you are not among its editors. Nothing was sent.`,
    next: `Ask the spreadsheet's owner to add you to that range's editors (or to run ${action} on it), then Resume; or Cancel.`,
  };
}

/** The stop for a write the sheet refused after its rows' answers were paid. */
export function refusedWriteMessage(rows: number, reason: string, action: string): StopMessage {
  return {
    kind: "write_refused",
    message: `The sheet refused this run's write: ${reason} The answers for ${rows} row${rows === 1 ? "" : "s"} were paid and not written.`,
    next: `Let the column's data validation accept them (Data > Data validation: Show a warning, or widen the list), or ask the owner for edit rights to the range; then select those rows and run ${action} again (they are charged again).`,
  };
}

/**
 * The stop for a run about to write `blocks` of `sheetName`, and the change history it keeps for
 * Undo, where its user may not edit; null when they may write everywhere.
 */
export function protectedStopFor(
  grid: Grid,
  sheetName: string,
  blocks: readonly Block[],
  action: string,
  changes?: ChangeLog,
): StopMessage | null {
  const refused = refusedBlock(grid, blocks);
  if (refused) return protectedMessage(blockIn(sheetName, refused), action);
  return changes?.canRecord?.() === false ? protectedMessage(HISTORY_WHERE, action) : null;
}
