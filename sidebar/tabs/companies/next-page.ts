/**
 * Next page's label. Companies already in the Companies sheet are left out of every search
 * (exclude_ids), so once a page is written the next one starts again near match 1 of what is left:
 * "Next page (from 4)" after matches 1-25 read as the same page again. When the start moved down
 * because the companies fetched before it are in the sheet now (`nextOffset` below `nextMatch`, the
 * first match not fetched in the search just run), the label says which list it counts in.
 */
export function nextPageLabel(nextOffset: number, nextMatch: number): string {
  const from = (nextOffset + 1).toLocaleString("en-US");
  return nextOffset < nextMatch
    ? `Next page (from match ${from} of those not in the sheet)`
    : `Next page (from ${from})`;
}
