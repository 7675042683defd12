/**
 * Headers of one list among several in the same rows. A sheet whose rows hold two lists of people
 * (an account's champion and its buyer, or a list pasted beside another) gives each profile URL
 * column's people columns of their own, headed with that URL column's header before the label
 * ("Buyer URL · Job Title"), so that no run writes one list's people over the other's. A sheet with one
 * list keeps plain labels ("Title"), as before.
 */

export const LIST_SEPARATOR = " · ";

/** The header of a list's column: the list's name, then the label; the label alone for a sheet's only list. */
export function listHeader(list: string, label: string): string {
  return list === "" ? label : `${list}${LIST_SEPARATOR}${label}`;
}

/**
 * The header row as one list sees it: its own columns' labels, every other header blank (so that no
 * field is matched to another list's column, nor to the plain columns that predate the lists).
 */
export function headersOfList(headers: readonly string[], list: string): string[] {
  if (list === "") return [...headers];
  const own = `${list}${LIST_SEPARATOR}`;
  return headers.map((header) => (header.startsWith(own) ? header.slice(own.length) : ""));
}

/** What a header says of its field, after any list's name: "Buyer URL · Job Title" -> "Job Title". */
export function labelOfHeader(header: string): string {
  const at = header.lastIndexOf(LIST_SEPARATOR);
  return at < 0 ? header : header.slice(at + LIST_SEPARATOR.length);
}

/** The list a header belongs to: "Buyer URL · Job Title" -> "Buyer URL"; "" for a plain header. */
export function listOfHeader(header: string): string {
  const at = header.lastIndexOf(LIST_SEPARATOR);
  return at < 0 ? "" : header.slice(0, at);
}

/**
 * The list the selection belongs to when the rows hold several lists of people (an account's
 * champion and buyer, each with columns headed "Buyer URL · ..."): the list named in a selected
 * column's header, or a selected column that names a list (its URL column). "" for plain columns.
 */
export function listOfSelection(
  headers: readonly string[],
  selected: { left: number; right: number } | null,
): string {
  if (selected === null) return "";
  for (let column = selected.left; column <= selected.right; column += 1) {
    const header = String(headers[column - 1] ?? "");
    const list = listOfHeader(header);
    if (list !== "") return list;
    if (
      header !== "" &&
      headers.some((other) => String(other ?? "").startsWith(`${header}${LIST_SEPARATOR}`))
    )
      return header;
  }
  return "";
}
