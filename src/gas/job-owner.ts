/**
 * Who a run belongs to (issue 12.6). Every step spends the key of whoever calls it, so a run
 * records the editor who confirmed it, and only that editor's sidebar may step, pause, resume or
 * cancel it; anyone else sees it read-only and may take it over explicitly (its own estimate and
 * confirmation, src/gas/enrich-handlers.ts). Users are told apart by Session's temporary active
 * user key (the same for one user of this script for 30 days, and not their address); the label
 * shown to others is the address when Apps Script gives it, else "another editor".
 */
import { JobError } from "../jobs/enrich/deps";
import type { RunOwner } from "../rpc/enrich";
import { documentStore } from "./job-store";

const OWNER_KEY = "enrich.owner";

interface OwnerRecord {
  jobId: string;
  userKey: string;
  label: string;
}

/** The user running this execution: their temporary key, and the label others see. */
export function activeUser(): { userKey: string; label: string } {
  let label = "";
  try {
    label = Session.getActiveUser().getEmail();
  } catch {
    // Not shared across domains: the label stays generic.
  }
  return { userKey: Session.getTemporaryActiveUserKey(), label: label || "another editor" };
}

function recordOf(jobId: string, key: string): OwnerRecord | null {
  const text = documentStore().get(key);
  if (text === null) return null;
  try {
    const record = JSON.parse(text) as Partial<OwnerRecord>;
    return record.jobId === jobId && typeof record.userKey === "string"
      ? { jobId, userKey: record.userKey, label: String(record.label ?? "another editor") }
      : null;
  } catch {
    return null;
  }
}

/**
 * The current user now owns `jobId` (confirmed it, or took it over). `key`: the document property
 * of the kind of run (Enrich's by default; the Emails action keeps its own, so one does not
 * overwrite the other's owner).
 */
export function claimRun(jobId: string, key = OWNER_KEY): void {
  documentStore().set(key, JSON.stringify({ jobId, ...activeUser() }));
}

/** Mine, or someone else's (by label); null for a run nobody confirmed yet (or from before owners). */
export function ownerOf(jobId: string, key = OWNER_KEY): RunOwner | null {
  const record = recordOf(jobId, key);
  return record === null ? null : { mine: record.userKey === activeUser().userKey, label: record.label };
}

/** Refuses to act on someone else's run: it would spend this user's key on their run. */
export function checkOwner(jobId: string, key = OWNER_KEY): void {
  const owner = ownerOf(jobId, key);
  if (owner === null || owner.mine) return;
  throw new JobError(
    "not_owner",
    `This run belongs to ${owner.label}, who confirmed it: it spends their key. You can watch its progress here.`,
    "To go on with your own key instead, press Take over: it shows what the rest would cost you and asks first.",
  );
}
