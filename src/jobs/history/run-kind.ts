/**
 * Which action a run of the history was. Enrich and the Emails action write answers; Freeze turns
 * formulas into the values they show. Their runs are undone alike, but their questions and the
 * job-change digest differ: a frozen Title cell is no job change, and undoing a freeze brings
 * formulas back, not old values. The id is inside each row's signed JSON, so a hand-typed one
 * cannot make a run pass for another kind.
 */
const FREEZE_RUN_PREFIX = "freeze-";

/** A new Freeze run's id: unique enough within one document's history, like Enrich's. */
export const freezeRunId = (now: number) =>
  `${FREEZE_RUN_PREFIX}${now.toString(36)}-${Math.floor(Math.random() * 1e9).toString(36)}`;

/** Whether a run (or its undo) is a Freeze. */
export const isFreezeRun = (runId: string) =>
  runId.replace(/^undo(-partial)?:/, "").startsWith(FREEZE_RUN_PREFIX);
