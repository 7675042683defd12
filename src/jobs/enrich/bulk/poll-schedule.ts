/**
 * When to ask for a bulk job's status again. The first poll goes right after the submit (a job of
 * stored data may be done already); then the waits grow, since a real-time lead takes seconds to
 * about a minute (PRODUCTION.md A4) and each poll is one URL Fetch call of the day's quota (G1).
 */
const WAITS_MS = [2_000, 4_000, 8_000, 15_000, 30_000] as const;

/** The wait before poll number `polls + 1` (polls already made). */
export function pollWaitMs(polls: number): number {
  return WAITS_MS[Math.min(polls, WAITS_MS.length - 1)]!;
}

/** Most bulk jobs a run keeps submitted at once: 2,000 URLs, and the job record under 9 KB. */
export const MAX_OPEN_JOBS = 40;

/**
 * How long one step may wait for its next poll before it hands back progress: the sidebar shows
 * movement every half minute, and a step stays far below Apps Script's 6 minutes.
 */
export const STEP_WAIT_MS = 25_000;
