/**
 * The sandbox's bulk enrich jobs (PRODUCTION.md A19): each submitted lead is worked on by one of a
 * key's workers (the `bulkWorkers` control: how many leads the server works on at once) for its
 * own modelled latency, in submission order. Completion times are fixed at submission, so the
 * job's progress is a pure function of the clock: nothing runs in the background, and a status
 * read (or the stats) at any time sees the leads done by then, charged once each.
 */
import { randomUUID } from "node:crypto";

/** Jobs are kept this long after submission; then the status endpoint answers 404 (A19). */
export const JOB_RETENTION_MS = 24 * 3_600_000;

export type BulkMode = "realtime" | "database";

export interface BulkItem {
  /** The input object as the client sent it (echoed verbatim in the answer). */
  input: Record<string, unknown>;
  /** The lead's index in the data set, or null when no one matches (free). */
  leadIndex: number | null;
  /** The URL the lead is known by, for the ledger's description. */
  label: string;
  doneAt: number;
  charged: boolean;
}

export interface BulkJob {
  id: string;
  key: string;
  mode: BulkMode;
  /** The spec path the job was submitted to (the ledger's path). */
  path: string;
  createdAt: number;
  items: BulkItem[];
}

export interface BulkSubmission {
  input: Record<string, unknown>;
  leadIndex: number | null;
  label: string;
  latencyMs: number;
}

export class BulkJobs {
  private readonly jobs = new Map<string, BulkJob>();
  /** Per key: when each worker is free again (epoch ms). */
  private readonly workers = new Map<string, number[]>();

  reset(): void {
    this.jobs.clear();
    this.workers.clear();
  }

  /** Found leads not yet charged: reserved against the balance (A19: reserved on submit). */
  reserved(key: string): number {
    let count = 0;
    for (const job of this.jobs.values()) {
      if (job.key !== key) continue;
      for (const item of job.items) if (item.leadIndex !== null && !item.charged) count++;
    }
    return count;
  }

  submit(
    key: string,
    mode: BulkMode,
    path: string,
    submissions: readonly BulkSubmission[],
    now: number,
    workerCount: number,
  ): BulkJob {
    const size = Math.max(1, Math.floor(workerCount));
    let free = this.workers.get(key) ?? [];
    if (free.length !== size) free = Array.from({ length: size }, (_, i) => free[i] ?? 0);
    this.workers.set(key, free);
    const items = submissions.map((submission) => {
      // The worker free first takes the lead: with fewer workers than leads, leads queue.
      let slot = 0;
      for (let i = 1; i < free.length; i++) if (free[i]! < free[slot]!) slot = i;
      const start = Math.max(now, free[slot]!);
      const doneAt = start + Math.max(0, submission.latencyMs);
      free[slot] = doneAt;
      return {
        input: submission.input,
        leadIndex: submission.leadIndex,
        label: submission.label,
        doneAt,
        charged: false,
      };
    });
    const job: BulkJob = { id: randomUUID(), key, mode, path, createdAt: now, items };
    this.jobs.set(job.id, job);
    return job;
  }

  /** The job of this key, or null: unknown, another key's, or past its retention (then dropped). */
  find(id: string, key: string, now: number): BulkJob | null {
    const job = this.jobs.get(id);
    if (job === undefined || job.key !== key) return null;
    if (now - job.createdAt > JOB_RETENTION_MS) {
      this.jobs.delete(id);
      return null;
    }
    return job;
  }

  /** Calls `charge` once for every found lead done by `now` and not charged yet. */
  advance(now: number, charge: (job: BulkJob, item: BulkItem) => void): void {
    for (const job of this.jobs.values()) {
      for (const item of job.items) {
        if (item.charged || item.leadIndex === null || item.doneAt > now) continue;
        item.charged = true;
        charge(job, item);
      }
    }
  }
}

/** The job's status as production names it (A19: pending, processing, completed). */
export function jobStatus(
  job: BulkJob,
  now: number,
): {
  status: "pending" | "processing" | "completed";
  processed: number;
  found: number;
} {
  let processed = 0;
  let found = 0;
  for (const item of job.items) {
    if (item.doneAt > now) continue;
    processed++;
    if (item.leadIndex !== null) found++;
  }
  const status = processed === 0 ? "pending" : processed < job.items.length ? "processing" : "completed";
  return { status, processed, found };
}
