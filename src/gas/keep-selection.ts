/**
 * Sheets' insertSheet activates the new sheet, and setActiveSheet selects A1 of the sheet it goes
 * back to: a sheet the add-on makes in passing (the change history) would leave the user on their
 * sheet with their selection gone, and the next Enrich would read a selection they never made.
 * Call before the insert; the function it returns puts the sheet and every selected range back.
 */
export function keepSelection(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): () => void {
  const sheet = spreadsheet.getActiveSheet();
  const ranges = spreadsheet.getActiveRangeList()?.getRanges() ?? [];
  const selected = ranges.map((range) => range.getA1Notation());
  return () => {
    spreadsheet.setActiveSheet(sheet);
    if (selected.length > 0) sheet.getRangeList(selected).activate();
  };
}
