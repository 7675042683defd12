/**
 * "In flight" markers: protection against paying twice for a lookup whose formula was cut off.
 *
 * A custom function may run 30 s, but UrlFetchApp waits up to about 60 s for an answer and cannot
 * be told to give up sooner. When the API is slower than 30 s, Apps Script kills the formula while
 * the request is out: the API answers (and charges) but nothing reaches the cell or the cache, and
 * the next calculation would send and pay again. So before sending, each URL's answer key is
 * marked in flight (with the time) in the document cache (shelves.ts); the marker is cleared when this
 * execution gets its answers back. A marker older than the custom-function limit can only belong
 * to an execution that died: that URL is not sent again automatically until the marker expires.
 *
 * A younger marker belongs to a calculation still running (two cells asking for the same URL at
 * once); that URL is sent all the same, as before markers existed, so such cells never stay empty.
 */

/** Apps Script ends a custom function after 30 s. */
export const CUSTOM_FUNCTION_LIMIT_MS = 30_000;
/** How long a cut-off lookup blocks its URL from being re-sent by a formula. */
export const IN_FLIGHT_SECONDS = 10 * 60;

/** True when the marker can only be from an execution Apps Script has already ended. */
export function isAbandoned(startedAt: number, now: number): boolean {
  return now - startedAt > CUSTOM_FUNCTION_LIMIT_MS;
}

/** When an abandoned marker expires and a recalculation sends the URL again. */
export function retryAfter(startedAt: number): number {
  return startedAt + IN_FLIGHT_SECONDS * 1000;
}
