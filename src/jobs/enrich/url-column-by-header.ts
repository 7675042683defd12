/**
 * A selection of rows rather than of URL cells: the names of a few leads in the Leads sheet, or
 * whole rows. The Emails action works on the selected rows whatever their column; Enrich then
 * takes the same rows' profile URLs from the column whose header names them ("LinkedIn URL",
 * "Profile URL", network_url), found in the sheet's first row or the selection's first row; a
 * second list's cells (src/sheet/list-headers.ts) take that list's URL column.
 */
import { normalizeProfileUrl } from "../../api/profile-url";
import { headerNamesField } from "../../sheet/columns";
import { listOfSelection } from "../../sheet/list-headers";
import type { SelectionBox } from "./plan";
import type { Grid, GridValue } from "./ports";
import { cellText, urlCellText } from "./urls";

const isUrl = (value: GridValue | undefined) => normalizeProfileUrl(urlCellText(value)) !== null;

/**
 * The selection moved onto the URL column of its rows (one column wide), or null when no header
 * names one or its cells in these rows hold no profile URL.
 */
export function urlColumnOfRows(grid: Grid, selection: SelectionBox, lastRow: number): SelectionBox | null {
  const width = grid.lastColumn();
  if (width < 1 || lastRow < selection.top) return null;
  const headerRows = [...new Set([1, selection.top])];
  for (const row of headerRows) {
    const headers = (grid.read(row, 1, 1, width)[0] ?? []).map((value) => cellText(value));
    // A second list's cells selected (its names, "Buyer URL · Full Name"): that list's URL column.
    const list = listOfSelection(headers, {
      left: selection.left,
      right: selection.left + selection.width - 1,
    });
    const index =
      list !== ""
        ? headers.indexOf(list)
        : headers.findIndex((text) => headerNamesField(text, "network_url"));
    if (index < 0) continue;
    const column = index + 1;
    const cells = grid.read(selection.top, column, lastRow - selection.top + 1, 1);
    if (cells.some((cell) => isUrl(cell[0]))) return { ...selection, left: column, width: 1 };
  }
  return null;
}
