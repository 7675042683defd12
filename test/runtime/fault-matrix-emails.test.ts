/**
 * Issue 21, "Done when": the fault matrix covers both email endpoints. The Emails action (find,
 * then validate) run by the built add-on in the emulated runtime against the sandbox, through 500s,
 * a 502/504 or a body cut off after a paid call, throttling, a slow tail past the fetch timeout,
 * an execution cut off mid-run and a second editor without a key. After each, and after Retry
 * failed rows:
 * - no row lost: every row with a person (or an address) has a status that says what happened;
 * - nothing charged twice: no input is in two answers the sandbox sent back with a 200 (a call
 *   whose answer was lost is never sent again by itself, and Retry sends only its rows);
 * - the run's total is the ledger's;
 * - no address in a failure's status, and the user's own columns keep what they held.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import { fetchAllSync } from "../../sandbox/sync-http/index";
import { EMAIL_STATUSES } from "../../src/api/email-answers";
import type { HttpOutcome, HttpRequest } from "../../src/api/ports";
import { PATHS } from "../../src/api/wire";
import type { EmailJobKind } from "../../src/jobs/emails/columns";
import type { EmailEstimate, EmailProgress } from "../../src/rpc/emails";
import { type AddonRuntime, startAddonRuntime } from "./support";

const SHEET = "Sheet1";
const OWNER = "owner@example.com";
const EDITOR = "editor@example.com";
const PEOPLE = 24;
/** The fetch timeout of this runtime: the "slow tail" answers after it (and is charged). */
const FETCH_TIMEOUT_MS = 400;
type Fault = "500s" | "502/504" | "cut body" | "throttling" | "slow tail" | "cut-off" | "second editor";
const FAULTS: Fault[] = [
  "500s",
  "502/504",
  "cut body",
  "throttling",
  "slow tail",
  "cut-off",
  "second editor",
];
const STATUS = new RegExp(`^(${EMAIL_STATUSES.join("|")}|not checked: .+)$`);

let addon: AddonRuntime;
let lose: "status" | "cut" | null = null;
let posts = 0;
/** Each input the sandbox answered with a 200 (charged when it found something), per answer. */
const answeredInputs = new Map<string, number>();

function emailCalls(requests: HttpRequest[], options?: { timeoutMs?: number }): HttpOutcome[] {
  const outcomes = fetchAllSync(requests, options);
  return outcomes.map((outcome, i) => {
    const request = requests[i]!;
    if (!request.url.includes("email_") || outcome.kind !== "response" || outcome.status !== 200)
      return outcome;
    for (const input of JSON.parse(request.payload ?? "[]") as unknown[]) {
      const key = JSON.stringify(input).toLowerCase();
      answeredInputs.set(key, (answeredInputs.get(key) ?? 0) + 1);
    }
    posts += 1;
    // Every second paid answer is lost on the way back: charged, but unread.
    if (lose === null || posts % 2 !== 0) return outcome;
    if (lose === "cut") return { ...outcome, body: outcome.body.slice(0, outcome.body.length >> 1) };
    return { kind: "response", status: posts % 4 === 0 ? 502 : 504, body: "<html>Bad Gateway</html>" };
  });
}

type Answer<T> = { ok: true; value: T } | { ok: false; error: { kind: string; message: string } };
const call = <T>(method: string, arg: unknown, user = OWNER) =>
  addon.runtime.rpc(method, arg, { user }) as Answer<T>;
function value<T>(answer: Answer<T>): T {
  if (!answer.ok) throw new Error(`${answer.error.kind}: ${answer.error.message}`);
  return answer.value;
}

/** The sheet: people to find (A:C) or addresses to check (D), nothing else filled. */
function rows(kind: EmailJobKind): string[][] {
  const header =
    kind === "find"
      ? ["First Name", "Last Name", "Company Website", "", "", ""]
      : ["", "", "", "Email", "", ""];
  const people = Array.from({ length: PEOPLE }, (_, i) =>
    kind === "find"
      ? [`Ana${i}`, `Pérez-Núñez${i}`, `https://www.initech.com/team/${i}`, "", "", ""]
      : ["", "", "", `person${i}@${i % 3 === 0 ? "shop-catchall.com" : "initech.com"}`, "", ""],
  );
  return [header, ...people];
}

async function applyFault(fault: Fault, path: string): Promise<void> {
  const faults =
    fault === "500s"
      ? [{ kind: "server_error" as const, path, rate: 0.34 }]
      : fault === "throttling"
        ? [{ kind: "throttle" as const, path, rate: 0.34 }]
        : fault === "slow tail"
          ? [{ kind: "slow" as const, path, count: 1, delayMs: FETCH_TIMEOUT_MS + 300 }]
          : [];
  await addon.control.configure({ faults, latencyMs: 0 });
  lose = fault === "502/504" ? "status" : fault === "cut body" ? "cut" : null;
}

/** Steps as the sidebar does until the run ends; `cutOff`: the execution dies at its 2nd fetchAll once. */
function drive(jobId: string, cutOff: boolean): EmailProgress {
  let pending = cutOff;
  let progress: EmailProgress | null = null;
  for (let i = 0; i < 60 && (progress === null || progress.state === "running"); i += 1) {
    let fetches = 0;
    const interrupt = pending
      ? (c: { method: string }) => c.method === "UrlFetchApp.fetchAll" && ++fetches === 2
      : undefined;
    try {
      progress = value(
        addon.runtime.rpc("emailsStep", { jobId }, { user: OWNER, interrupt }) as Answer<EmailProgress>,
      );
    } catch (error) {
      expect(String(error)).toMatch(/Exceeded maximum execution time/);
      pending = false;
    }
  }
  expect(pending).toBe(false);
  return progress!;
}

async function charged(path: string): Promise<number> {
  return ledgerCredits(addon.control, path);
}

beforeAll(async () => {
  addon = await startAddonRuntime({
    timeouts: { fetchMs: FETCH_TIMEOUT_MS },
    runtime: { user: OWNER, fetchAll: emailCalls },
  });
  addon.runtime.properties.user(EDITOR).setAll({ API_BASE_URL: addon.sandboxUrl });
});
afterAll(async () => {
  await addon?.close();
});
beforeEach(async () => {
  await addon.control.reset();
  addon.runtime.properties.document.clear();
  lose = null;
  posts = 0;
  answeredInputs.clear();
});

describe.each(["find", "validate"] as EmailJobKind[])("fault matrix: emails, %s", (kind) => {
  const path = kind === "find" ? PATHS.emailFinder : PATHS.emailValidator;

  it.each(FAULTS)(
    "%s",
    async (fault) => {
      const start = rows(kind);
      addon.runtime.setValues(SHEET, "A1", start);
      await applyFault(fault, path);
      addon.runtime.select(SHEET, kind === "find" ? `A1:C${PEOPLE + 1}` : `D1:D${PEOPLE + 1}`);
      const estimate = value(call<EmailEstimate>("emailsEstimate", { kind }));
      expect(estimate.rowsToSend).toBe(PEOPLE);
      if (fault === "second editor") {
        const refused = call<EmailProgress>("emailsConfirm", { jobId: estimate.progress.jobId }, EDITOR);
        expect(refused.ok).toBe(false);
        expect(answeredInputs.size).toBe(0);
        expect(await charged(path)).toBe(0);
        return;
      }
      value(call<EmailProgress>("emailsConfirm", { jobId: estimate.progress.jobId }));
      let end = drive(estimate.progress.jobId, fault === "cut-off");
      if (fault === "slow tail") await new Promise((resolve) => setTimeout(resolve, FETCH_TIMEOUT_MS + 600));
      expect(end.state).toBe("done");

      // Every row says what happened; no address in a failure's words.
      const header = addon.runtime.getValues(SHEET, "A1:H1")[0]!.map(String);
      const status = header.indexOf("Email Status");
      expect(status).toBeGreaterThan(-1);
      const statuses = () =>
        addon.runtime.getValues(SHEET, `A2:H${PEOPLE + 1}`).map((row) => String(row[status]));
      for (const text of statuses()) expect(text).toMatch(STATUS);
      for (const text of statuses().filter((t) => t.startsWith("not checked")))
        expect(text).not.toContain("@");

      // Nothing charged twice: no input answered (charged) by the sandbox twice.
      expect([...answeredInputs.values()].filter((n) => n > 1)).toEqual([]);

      // Retry failed rows finishes the list. Rows whose call may have been charged are left out
      // unless the user ticks them (then only they may be charged a second time).
      const maybe = statuses().filter((t) => t.includes("may have been charged")).length;
      if (statuses().some((t) => t.startsWith("not checked"))) {
        await addon.control.configure({ faults: [] });
        lose = null;
        const retry = value(call<EmailEstimate>("emailsRetryEstimate", { jobId: end.jobId }));
        expect(retry).toMatchObject({ maybeCharged: maybe, maybeChargedIncluded: false, onlyFailed: true });
        const unasked = value(call<EmailEstimate>("emailsEstimate", { kind }));
        expect(unasked).toMatchObject({ maybeCharged: maybe, maybeChargedIncluded: false });
        const ticked = value(
          call<EmailEstimate>("emailsRetryEstimate", {
            jobId: unasked.progress.jobId,
            includeMaybeCharged: true,
          }),
        );
        expect(ticked.maybeChargedIncluded).toBe(true);
        value(call<EmailProgress>("emailsConfirm", { jobId: ticked.progress.jobId }));
        end = drive(ticked.progress.jobId, false);
        expect(end.state).toBe("done");
        expect(statuses().filter((t) => t.startsWith("not checked"))).toEqual([]);
      }
      // Answered twice: at most the rows the user chose to send again.
      expect([...answeredInputs.values()].filter((n) => n > 1).length).toBeLessThanOrEqual(maybe);
      // The user's own columns are as typed.
      const own = kind === "find" ? "A2:C" : "D2:D";
      const kept = addon.runtime.getValues(SHEET, `${own}${PEOPLE + 1}`).map((row) => row.map(String));
      const typed = start.slice(1).map((row) => (kind === "find" ? row.slice(0, 3) : row.slice(3, 4)));
      expect(kept).toEqual(typed);
      // The last run's total is the ledger's for its own window (the sandbox's ledger since reset
      // holds both runs: at least what the last one says).
      expect(end.summary).toMatch(/credits? charged \(the API's ledger\)/);
      // At most a credit an input, and a second one only for the rows the user chose to send again.
      expect(await charged(path)).toBeLessThanOrEqual(PEOPLE + maybe);
    },
    60_000,
  );
});
