/**
 * Writes the header cells of the columns a job adds: one block write of the labels (or field
 * names), and one of their notes naming each API field, so a person reads "Headcount" and still
 * finds `headcount_range` on hovering.
 */
import { safeText } from "../sheet/cell-value";
import { type FieldLabels, type HeaderStyle, headerCells } from "../sheet/field-labels";
import { listHeader } from "../sheet/list-headers";
import type { Grid } from "./enrich/ports";

export function writeHeaderCells(
  grid: Grid,
  firstColumn: number,
  fields: readonly string[],
  labels: FieldLabels,
  style: HeaderStyle,
  headerRow = 1,
  /** The list the columns belong to, when the rows hold several (src/sheet/list-headers.ts). */
  list = "",
): void {
  if (fields.length === 0) return;
  const { headers, notes } = headerCells(fields, labels, style);
  // A list's name is the user's header text ('+Buyer): kept literal, as every text from outside.
  grid.write(headerRow, firstColumn, [headers.map((header) => safeText(listHeader(list, header)))]);
  if (style === "readable") grid.writeNotes?.(headerRow, firstColumn, [notes]);
}
