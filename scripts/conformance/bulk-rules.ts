/**
 * Contract checks of the current generation's bulk lead enrichment (PRODUCTION.md A19): submit
 * and status shapes, the error envelope, `Job not found`, and a whole job's life. The refusals are
 * free; the one paid rule sends at most 2 leads (a profile that exists, when given, and nobody).
 */
import { setTimeout as sleep } from "node:timers/promises";
import { call, isRecord, PATHS, type Reply } from "./http.ts";
import { type Context, check, expectError, free, type Rule, record, recordCount, show } from "./rules.ts";

/** The profile URL field in the API's names (`<name>_url`, A14). */
const urlField = (context: Context) => `${context.target.networkName}_url`;

const nobody = (context: Context) =>
  `https://${context.profileHost}/in/conformance-nobody-${Date.now().toString(36)}-zzqxv`;

function meta(reply: Reply): Record<string, unknown> {
  const body = record(reply);
  check(isRecord(body.meta), `no meta: ${show(reply)}`);
  return body.meta;
}

/** Polls the job every 2 s until completed (or the run's per-request timeout has passed). */
async function completed(context: Context, jobId: string): Promise<Reply> {
  const until = Date.now() + context.target.timeoutMs;
  for (;;) {
    const reply = await call(context.target, "GET", `${PATHS.bulkStatus}${encodeURIComponent(jobId)}/`);
    check(reply.status === 200, `status: ${show(reply)}`);
    const m = meta(reply);
    check(["pending", "processing", "completed"].includes(String(m.status)), `meta.status: ${show(reply)}`);
    for (const field of ["processed", "total"])
      check(typeof m[field] === "number", `meta.${field} is not a number: ${show(reply)}`);
    if (m.status === "completed") return reply;
    check(record(reply).data === null, `data before completion: ${show(reply)}`);
    check(Date.now() < until, `not completed within ${context.target.timeoutMs} ms: ${show(reply)}`);
    await sleep(2_000);
  }
}

export const BULK_RULES: Rule[] = [
  {
    id: "A19.bulk-refusals",
    title: "A19: bulk submit without leads, or with 51: 400 with the error body, free",
    cost: 0,
    run: async (context) => {
      const none = await free(context, () => call(context.target, "POST", PATHS.bulkRealtime, {}));
      expectError(none, [400, 403]);
      check(none.status === 400, `403: the key's plan is not entitled to bulk jobs (${show(none)})`);
      const leads = Array.from({ length: 51 }, (_, i) => ({
        [urlField(context)]: `${nobody(context)}-${i}`,
      }));
      expectError(
        await free(context, () => call(context.target, "POST", PATHS.bulkDatabase, { leads })),
        400,
      );
    },
  },
  {
    id: "A19.job-not-found",
    title: 'A19: the status of a job that does not exist: 404 "Job not found", free',
    cost: 0,
    run: async (context) => {
      const reply = await free(context, () =>
        call(context.target, "GET", `${PATHS.bulkStatus}00000000-0000-4000-8000-000000000000/`),
      );
      check(reply.status === 404, `expected 404, got ${show(reply)}`);
      check(/job not found/i.test(String(record(reply).detail)), `detail: ${show(reply)}`);
    },
  },
  {
    id: "A19.bulk-job",
    title:
      "A19: a bulk job answers 202 pending with meta.job_id, then one {input, lead} per input in order; nobody is lead: null and free",
    cost: 2,
    run: async (context) => {
      const field = urlField(context);
      const urls = [...(context.profileUrl === undefined ? [] : [context.profileUrl]), nobody(context)];
      const leads = urls.map((url) => ({ [field]: url }));
      const before = await recordCount(context);
      const submit = await call(context.target, "POST", PATHS.bulkDatabase, { leads });
      check(submit.status === 202, `expected 202, got ${show(submit)}`);
      const m = meta(submit);
      check(typeof m.job_id === "string" && m.job_id !== "", `no meta.job_id: ${show(submit)}`);
      check(m.status === "pending", `meta.status is ${JSON.stringify(m.status)}, not "pending"`);
      const done = await completed(context, String(m.job_id));
      const data = record(done).data;
      check(Array.isArray(data) && data.length === urls.length, `not one item per input: ${show(done)}`);
      data.forEach((item, i) => {
        check(isRecord(item), `item ${i} is not an object`);
        check(JSON.stringify(item.input) === JSON.stringify(leads[i]), `item ${i}'s input is not as sent`);
      });
      const last = data[data.length - 1] as Record<string, unknown>;
      check(last.lead === null, `nobody's lead is not null: ${JSON.stringify(last.lead).slice(0, 200)}`);
      if (context.profileUrl !== undefined) {
        const lead = (data[0] as Record<string, unknown>).lead;
        check(isRecord(lead), "the profile's lead is not an object");
        check(typeof lead[field] === "string", `the lead has no ${field}`);
        check(Number(meta(done).amount_charged) > 0, "amount_charged is 0 for a lead found");
      }
      const charged = (await recordCount(context)) - before;
      const found = context.profileUrl === undefined ? 0 : 1;
      check(charged <= found, `${charged} transaction record(s) for ${found} lead(s) found`);
    },
  },
];
