/**
 * Plain text on the clipboard as Sheets pastes it: one row a line, one cell a tab. A cell that
 * starts with a double quote is quoted as Sheets copies cells holding a line break or a quote:
 * `"a""b"` is `a"b` and a line break inside the quotes stays in the cell. A text copied from
 * elsewhere (a list of URLs from an email, a column of a CSV opened as text) has no tabs: each
 * line is one cell of one column. Line ends may be \n or \r\n; the last line break is not a row.
 */
export function parseClipboardText(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let i = 0;
  const endCell = () => {
    row.push(cell);
    cell = "";
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  while (i < text.length) {
    if (cell === "" && text[i] === '"') {
      const quoted = readQuoted(text, i);
      if (quoted !== null) {
        cell = quoted.cell;
        i = quoted.end;
        continue;
      }
    }
    const char = text[i]!;
    if (char === "\t") endCell();
    else if (char === "\n") endRow();
    else if (char === "\r" && text[i + 1] === "\n") {
      endRow();
      i += 1;
    } else cell += char;
    i += 1;
  }
  if (cell !== "" || row.length > 0) endRow();
  return rows;
}

/**
 * A quoted cell from `start` (its opening quote), or null when the quotes do not close right
 * before a tab, a line end or the end (then the quote is the cell's own text, as Sheets keeps it).
 */
function readQuoted(text: string, start: number): { cell: string; end: number } | null {
  let cell = "";
  let i = start + 1;
  while (i < text.length) {
    if (text[i] === '"') {
      if (text[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      const next = text[i + 1];
      const closes = next === undefined || next === "\t" || next === "\n" || next === "\r";
      return closes ? { cell, end: i + 1 } : null;
    }
    cell += text[i];
    i += 1;
  }
  return null;
}
