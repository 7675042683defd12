/**
 * Records -> rows: one row per record, one cell per field, every cell made safe by toCellValue.
 */
import type { Job, Lead } from "../api/wire";
import { type CellOptions, type CellValue, toCellValue } from "./cell-value";

/** A record's own field: never an inherited name such as `toString` or `__proto__`. */
export function recordValue(record: object, field: string): unknown {
  // Not Object.hasOwn: a built-in newer than ES2020 that Google does not promise.
  return Object.prototype.hasOwnProperty.call(record, field)
    ? (record as Record<string, unknown>)[field]
    : undefined;
}

/** The job a lead holds now: the first one still worked at, else the first listed. */
function currentJob(lead: object): Job | undefined {
  const jobs = recordValue(lead, "jobs");
  if (!Array.isArray(jobs)) return undefined;
  const isJob = (job: unknown): job is Job => typeof job === "object" && job !== null;
  return jobs.find((job): job is Job => isJob(job) && job.job_still_working === true) ?? jobs.find(isJob);
}

/**
 * A lead's value for a field. The spec flattens the current job into the lead (job_title,
 * company_name, ...); when an answer lacks such a field but carries `jobs`, the current job's
 * value stands in, so a column never goes empty only because of where the API put it.
 */
export function leadValue(lead: Lead | object, field: string): unknown {
  const own = recordValue(lead, field);
  if (own !== undefined) return own;
  const job = currentJob(lead);
  return job === undefined ? undefined : recordValue(job, field);
}

/** Rows of safe cell values, `fields` in order; `readField` defaults to the record's own field. */
export function recordsToRows(
  records: readonly object[],
  fields: readonly string[],
  options: CellOptions & { readField?: (record: object, field: string) => unknown } = {},
): CellValue[][] {
  const read = options.readField ?? recordValue;
  return records.map((record) => fields.map((field) => toCellValue(read(record, field), options)));
}

/** Rows of leads, current-job fields filled from `jobs` where the lead lacks them. */
export function leadsToRows(leads: readonly object[], fields: readonly string[], options: CellOptions = {}) {
  return recordsToRows(leads, fields, { ...options, readField: leadValue });
}
