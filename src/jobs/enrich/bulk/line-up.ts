/**
 * A completed bulk job's answers lined up with the profiles it was sent. The API documents one
 * `{input, lead}` per input, in order (PRODUCTION.md A19); each answer also names the URL it was
 * asked for. Lined up by position alone, a list in another order wrote one person's role and
 * company into another person's row (60 of 60 rows, reversed, in the test). So each profile takes
 * the answer whose input is the very URL sent for it, when every profile finds one; an API that
 * echoes the URL in another spelling falls back to the documented order.
 */
import type { BulkJobItem } from "../../../api/bulk-enrich";
import { inputUrl } from "./drain";

/**
 * For each URL of `sent`, the answer whose input names that very URL, or undefined: what a list
 * that left some profiles out still answers (answers that name no URL, or another spelling, match none).
 */
export function answersByUrl(
  sent: readonly string[],
  items: readonly BulkJobItem[],
): Array<BulkJobItem | undefined> {
  const byUrl = new Map<string, BulkJobItem[]>();
  for (const item of items) {
    const url = inputUrl(item.input);
    if (url === null) continue;
    const same = byUrl.get(url);
    if (same) same.push(item);
    else byUrl.set(url, [item]);
  }
  return sent.map((url) => byUrl.get(url)?.shift());
}

/** The answers in the order of `sent` (the URLs the job was sent, in order); null when their count differs. */
export function lineUp(sent: readonly string[], items: readonly BulkJobItem[]): BulkJobItem[] | null {
  if (items.length !== sent.length) return null;
  if (items.some((item) => inputUrl(item.input) === null)) return [...items];
  const lined = answersByUrl(sent, items);
  return lined.every((item) => item !== undefined) ? (lined as BulkJobItem[]) : [...items];
}
