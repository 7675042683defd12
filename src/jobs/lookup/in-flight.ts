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
 * A younger marker belongs to a calculation still running (Sheets calculates cells at once: a URL
 * filled down a column, or two cells of the same row asking for other fields): that URL is not
 * sent a second time; the cell waits for the other one's answer (awaitOthers).
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

/**
 * Sheets calculates cells at once, so a key another cell marked less than 30 s ago is being paid
 * for right now: rather than pay again, waits for that cell's answer to reach the shared cache
 * while this execution's deadline allows. What does not come in time shows "not fetched yet", and
 * the next calculation reads it from the cache.
 */
export function awaitOthers<T>(
  keys: string[],
  read: (keys: string[]) => { answers: ReadonlyMap<string, T>; inFlight: ReadonlyMap<string, number> },
  deps: { now(): number; deadline: number; sleep?(ms: number): void },
): Map<string, T> {
  const got = new Map<string, T>();
  let left = keys;
  while (left.length > 0 && deps.sleep && deps.now() + 1000 < deps.deadline) {
    deps.sleep(1000);
    const seen = read(left);
    for (const [key, value] of seen.answers) got.set(key, value);
    // A marker cleared without an answer (not found, an error) or left as abandoned (an answer
    // lost, maybe charged): that cell is done and nothing more will come; stop waiting.
    left = left.filter((key) => !got.has(key) && !isAbandoned(seen.inFlight.get(key) ?? 0, deps.now()));
  }
  return got;
}
