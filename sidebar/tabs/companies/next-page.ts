/**
 * Next page's label. Companies already in the Companies sheet are left out of every search
 * (exclude_ids), so once a page is written the next one starts again near match 1 of what is left:
 * "Next page (from 4)" after matches 1-25 read as the same page again. When the start fell below
 * the end of the page just fetched, the label says which list it counts in.
 */
export function nextPageLabel(nextOffset: number, pageEnd: number): string {
  const from = (nextOffset + 1).toLocaleString("en-US");
  return nextOffset < pageEnd
    ? `Next page (from match ${from} of those not in the sheet)`
    : `Next page (from ${from})`;
}
