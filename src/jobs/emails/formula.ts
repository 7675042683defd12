/**
 * =FIND_EMAIL and =VALIDATE_EMAIL's logic, through ports, with =LOOKUP_LEAD's rules (formula.ts of
 * jobs/lookup): a range is one execution and one client batch; answers are cached in the same
 * shelves (6 hours; errors never), so recalculation and duplicates spend nothing; a row whose call
 * was cut off by the 30-second limit is not sent again until its marker expires; the spend cap per
 * execution and the owner's daily formula budget count the most a call may charge (1 credit a row,
 * the per-row rule: PRODUCTION.md A16 does not say which rule the API follows).
 *
 * Row-level trouble becomes a message in that row's first column; only a wrong argument (ranges
 * of different lengths, a block) fails the whole formula.
 */
import type { CallWindow } from "../../api/client-core";
import type { EmailFinding } from "../../api/email-answers";
import type { EmailBatchResult } from "../../api/emails";
import type { ApiError, Problem } from "../../api/errors";
import { emailAddressIn, validateEmailAddress, validateEmailFinder } from "../../api/validate";
import type { EmailFinderRequest } from "../../api/wire";
import { type CellValue, toCellValue } from "../../sheet/cell-value";
import { NO_BUDGET } from "../formula-budget/budget";
import type { CellArgument } from "../lookup/arguments";
import { MESSAGES as LOOKUP_MESSAGES, type LookupFormulaDeps } from "../lookup/formula";
import { awaitOthers, isAbandoned, retryAfter } from "../lookup/in-flight";
import { createShelves } from "../lookup/shelves";
import { cellText, finderKey, finderRequestOf, isBlankPerson, validatorKey } from "./person";
import { sharedSiteNote, sharedSiteOf } from "./shared-sites";

/** The part of the API client the email formulas need. */
export interface EmailPort {
  findEmails(requests: EmailFinderRequest[], options: CallWindow): EmailBatchResult;
  validateEmails(addresses: string[], options: CallWindow): EmailBatchResult;
}

export type EmailFormulaDeps = Omit<LookupFormulaDeps, "connect" | "lists"> & { connect(): EmailPort | null };

/** Distinct people or addresses one formula takes (as =LOOKUP_LEAD: the cache must keep them). */
export const MAX_FORMULA_EMAILS = 2000;

/**
 * =LOOKUP_LEAD's way round a row it did not send is Enrich, which refreshes profile URLs; an email
 * row's is the Emails action, which finds and validates the emails of selected rows.
 */
const EMAILS_ACTION = "use the Emails action (Extensions > Prospecting)";
const viaEmailsAction = (text: string) => text.replace(/use Enrich\.?$/, `${EMAILS_ACTION}.`);

export const MESSAGES = {
  ...LOOKUP_MESSAGES,
  notFetched: `not fetched yet: recalculate or ${EMAILS_ACTION}`,
  overCap: (cap: number) => viaEmailsAction(LOOKUP_MESSAGES.overCap(cap)),
  overBudget: (limit: number) => viaEmailsAction(LOOKUP_MESSAGES.overBudget(limit)),
  tooMany: (count: number) =>
    `This range holds ${count.toLocaleString("en-US")} distinct rows; an email formula takes at most ${MAX_FORMULA_EMAILS.toLocaleString("en-US")}. For larger ranges use the Emails action on the Enrich tab.`,
  lengths: (lengths: number[]) =>
    `Give first names, last names and domains as single cells or ranges of the same length (these have ${lengths.join(", ")} cells).`,
  block: (rows: number, width: number) =>
    `Give one column or one row: this range is ${rows} rows by ${width} columns.`,
  abandoned: (time: string) =>
    `The last check of this row got no answer in time (a formula may run 30 s) or none the add-on could read, and may have been charged: recalculate after ${time} to try again.`,
} as const;

/** Cells of one argument, one per output row; a block of several rows and columns is refused. */
function cellsOf(input: CellArgument): unknown[] {
  if (!Array.isArray(input)) return [input];
  const rows = input.map((row) => (Array.isArray(row) ? row : [row]));
  // A loop, not Math.max(...): a range of 130,000 rows would overflow the call stack.
  let width = 0;
  for (const row of rows) width = Math.max(width, row.length);
  if (rows.length > 1 && width > 1) throw new Error(MESSAGES.block(rows.length, width));
  return rows.flat();
}

/**
 * Arguments as rows of equal length: a single cell stands for every row (a fixed domain, say), and
 * `own` tells which arguments have a cell of their own in each row.
 */
function alignedRows(args: CellArgument[]): { rows: unknown[][]; own: boolean[] } {
  const columns = args.map(cellsOf);
  let length = 0;
  for (const column of columns) length = Math.max(length, column.length);
  if (columns.some((c) => c.length !== 1 && c.length !== length))
    throw new Error(MESSAGES.lengths(columns.map((c) => c.length)));
  return {
    rows: Array.from({ length }, (_, row) => columns.map((c) => (c.length === 1 ? c[0] : c[row]))),
    own: columns.map((c) => c.length === length),
  };
}

type Wanted<I> = { kind: "blank" } | { kind: "bad"; message: string } | { kind: "ask"; key: string; item: I };

interface Answers {
  findings: Map<string, EmailFinding>;
  messages: Map<string, string>;
}

const messageOf = (error: ApiError) => MESSAGES.apiError(error);

/**
 * Answers the distinct items the cache does not hold, within the cap, the budget and the time,
 * and caches what came back (findings only; errors are asked again next time).
 */
function answer<I>(
  distinct: Map<string, I>,
  send: (port: EmailPort, items: I[], deadline: number) => EmailBatchResult,
  deps: EmailFormulaDeps,
): Answers {
  const shelves = createShelves<EmailFinding>(deps.cache, deps.lock);
  const cached = shelves.read([...distinct.keys()], deps.now());
  const findings = new Map(cached.answers);
  const messages = new Map<string, string>();
  const pending = [...distinct].filter(([key]) => !findings.has(key));
  // The most a row may cost is 1 credit (per row sent); the cap counts that.
  const affordable = Math.max(0, Math.floor(deps.spendCap));
  for (const [key] of pending.slice(affordable)) messages.set(key, MESSAGES.overCap(deps.spendCap));
  const toSend = pending.slice(0, affordable);
  if (toSend.length === 0) return { findings, messages };
  const port = deps.connect();
  if (port === null) {
    for (const [key] of toSend) messages.set(key, MESSAGES.noKey);
    return { findings, messages };
  }
  const now = deps.now();
  const fresh = toSend.filter(([key]) => {
    const at = cached.inFlight.get(key);
    if (at === undefined || !isAbandoned(at, now)) return true;
    messages.set(key, MESSAGES.abandoned(deps.formatTime(retryAfter(at))));
    return false;
  });
  const budget = deps.budget ?? NO_BUDGET;
  const reserved = budget.reserve(fresh.length);
  const sending = fresh.slice(0, reserved);
  for (const [key] of fresh.slice(sending.length)) messages.set(key, MESSAGES.overBudget(budget.limit ?? 0));
  if (sending.length === 0) {
    budget.settle(reserved, 0);
    return { findings, messages };
  }
  const busy = shelves.markInFlight(
    sending.map(([key]) => key),
    now,
  );
  const mine = sending.filter(([key]) => !busy.includes(key));
  const keys = mine.map(([key]) => key);
  const result: EmailBatchResult = mine.length
    ? send(
        port,
        mine.map(([, item]) => item),
        deps.deadline,
      )
    : { outcomes: [], stoppedBy: null, rowsAnswered: 0, rowsMaybeCharged: 0 };
  // What may have been charged, at the per-row rule: the budget errs towards spending less.
  budget.settle(reserved, result.rowsAnswered + result.rowsMaybeCharged);
  const stopped = result.stoppedBy === null ? null : messageOf(result.stoppedBy);
  const found = new Map<string, EmailFinding>();
  // A row whose call may have been charged (a 5xx, a timeout, an unreadable answer) keeps its
  // in-flight marker: a recalculation does not send it again blindly until the marker expires.
  const maybeCharged = new Set<string>();
  mine.forEach(([key], i) => {
    const outcome = result.outcomes[i] ?? null;
    if (outcome?.ok) found.set(key, outcome.value);
    else if (outcome !== null) {
      messages.set(key, messageOf(outcome.error));
      if (outcome.error.charged === "maybe") maybeCharged.add(key);
    } else if (stopped !== null) messages.set(key, stopped);
  });
  shelves.settle(
    found,
    keys.filter((key) => !maybeCharged.has(key)),
    deps.now(),
    [...maybeCharged],
  );
  for (const [key, finding] of found) findings.set(key, finding);
  for (const [key, finding] of awaitOthers(busy, (k) => shelves.read(k, deps.now()), deps))
    findings.set(key, finding);
  return { findings, messages };
}

function rowsOf<I>(
  wanted: Wanted<I>[],
  answers: Answers,
  width: number,
  cells: (f: EmailFinding) => CellValue[],
): CellValue[][] {
  const message = (text: string) => [
    toCellValue(text, { target: "customFunction" }),
    ...Array<CellValue>(width - 1).fill(""),
  ];
  return wanted.map((w) => {
    if (w.kind === "blank") return Array<CellValue>(width).fill("");
    if (w.kind === "bad") return message(w.message);
    const finding = answers.findings.get(w.key);
    if (finding !== undefined) return cells(finding);
    return message(answers.messages.get(w.key) ?? MESSAGES.notFetched);
  });
}

function distinctOf<I>(wanted: Wanted<I>[]): Map<string, I> {
  const distinct = new Map<string, I>();
  for (const w of wanted) if (w.kind === "ask" && !distinct.has(w.key)) distinct.set(w.key, w.item);
  if (distinct.size > MAX_FORMULA_EMAILS) throw new Error(MESSAGES.tooMany(distinct.size));
  return distinct;
}

/** Why the API would refuse this row, in the user's words (never quoting an address). */
function problemText(problems: readonly Problem[]): string {
  return problems.map((p) => `${p.path.replace("_", " ")} ${p.message}. ${p.hint}`).join(" ");
}

export interface FindEmailArguments {
  first: CellArgument;
  last?: CellArgument;
  domain: CellArgument;
}

/** =FIND_EMAIL's answer: one row per person, [email, status]. Throws for a wrong argument. */
export function findEmailFormula(args: FindEmailArguments, deps: EmailFormulaDeps): CellValue[][] {
  if (args.first === undefined || args.domain === undefined)
    throw new Error(
      'Give a first name, a last name and a company domain, for example =FIND_EMAIL(A2, B2, C2) or =FIND_EMAIL(A2:A50, B2:B50, "acme.com").',
    );
  const { rows, own } = alignedRows([args.first, args.last ?? "", args.domain]);
  const wanted = rows.map((row): Wanted<EmailFinderRequest> => {
    const [first, last, website] = row;
    // A row whose own cells are blank is no person, whatever the one domain given for every row
    // (=FIND_EMAIL(A2:A200, , "acme.com") over a list that ends before row 200).
    const ownCell = (i: number) => (own[i] ? row[i] : "");
    if (isBlankPerson(ownCell(0), ownCell(1), ownCell(2))) return { kind: "blank" };
    const request = finderRequestOf(first, last, website);
    const problems = validateEmailFinder(request);
    if (problems.length > 0) return { kind: "bad", message: problemText(problems) };
    // An address "at" a shared site's page or a free mail domain is someone else's, and charged:
    // skipped for free, in the Emails action's words.
    const site = sharedSiteOf(cellText(website));
    if (site !== null) return { kind: "bad", message: sharedSiteNote(site) };
    return { kind: "ask", key: finderKey(request), item: request };
  });
  const answers = answer(
    distinctOf(wanted),
    (port, items, deadline) => port.findEmails(items, { deadline }),
    deps,
  );
  return rowsOf(wanted, answers, 2, (f) => [
    toCellValue(f.email ?? "", { target: "customFunction" }),
    f.status,
  ]);
}

/** =VALIDATE_EMAIL's answer: one status per address. Throws for a wrong argument. */
export function validateEmailFormula(address: CellArgument, deps: EmailFormulaDeps): CellValue[][] {
  if (address === undefined)
    throw new Error(
      "Give an email address or a range of them, for example =VALIDATE_EMAIL(D2) or =VALIDATE_EMAIL(D2:D200).",
    );
  const wanted = cellsOf(address).map((cell): Wanted<string> => {
    if (cellText(cell) === "") return { kind: "blank" };
    // A mailto: link or "Jane <jane@acme.com>" is checked as the address in it.
    const address = emailAddressIn(cellText(cell));
    const problems = validateEmailAddress(address);
    if (problems.length > 0) return { kind: "bad", message: problemText(problems) };
    return { kind: "ask", key: validatorKey(address), item: address };
  });
  const answers = answer(
    distinctOf(wanted),
    (port, items, deadline) => port.validateEmails(items, { deadline }),
    deps,
  );
  return rowsOf(wanted, answers, 1, (f) => [f.status]);
}
