/**
 * A mover's email change in words, for the job-change digest, the Job changes sheet and the
 * sidebar (its own module: the sidebar imports it without the history's readers).
 */

/** "jane@old.com -> jane@new.com" (or "-> none found"); "" when the run did not change the email. */
export function emailChangeText(change: { oldEmail?: string; newEmail?: string }): string {
  if (change.oldEmail === undefined && change.newEmail === undefined) return "";
  return `${change.oldEmail || "(no email)"} -> ${change.newEmail || "none found"}`;
}
