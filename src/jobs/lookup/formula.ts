/**
 * =LOOKUP_LEAD's logic, through ports: read the arguments, answer what the cache holds, fetch the
 * distinct remaining URLs in one client batch (parallel fetches) while time and the spend cap
 * allow, cache what came back, and give exactly one row per URL cell, one column per field.
 *
 * Row-level trouble (a bad URL, a lead not found, no key, out of time) becomes a message in that
 * row's first column, never a failed formula: the other rows still show. Only a wrong argument
 * (unknown field or option, a block of several rows and columns) fails the whole formula, because
 * no row could be right.
 */
import { estimateLookupCost } from "../../api/cost";
import type { ApiError } from "../../api/errors";
import { answerKey, canonicalProfileUrl, normalizeProfileUrl, profileSite } from "../../api/profile-url";
import {
  type Lead,
  type LeadLookupRequest,
  type LeadLookupResponse,
  type LookupOption,
  PAID_LOOKUP_OPTIONS,
} from "../../api/wire";
import { type CellValue, toCellValue } from "../../sheet/cell-value";
import { type LeadField, parseFieldList } from "../../sheet/lead-fields";
import type { ListStyle } from "../../sheet/sheet-format";
import { type FormulaBudget, NO_BUDGET } from "../formula-budget/budget";
import { type PaidExtrasHowTo, paidExtrasProblem } from "../paid-extras";
import { type CellArgument, fieldListInput, urlCells } from "./arguments";
import { leadCacheKey, type TextCache } from "./cache";
import { awaitOthers, isAbandoned, retryAfter } from "./in-flight";
import { optionFlags, parseLookupOptions } from "./options";
import { createShelves, type ShelfLock, type Shelves } from "./shelves";

export type LookupOutcome = { ok: true; value: LeadLookupResponse } | { ok: false; error: ApiError } | null;

/** The part of the API client the formula needs (createClient's lookupLeads). */
export interface LeadLookupPort {
  lookupLeads(
    requests: LeadLookupRequest[],
    options: { deadline: number },
  ): { outcomes: LookupOutcome[]; stoppedBy: ApiError | null; spent: number };
}

export interface LookupFormulaDeps {
  /** The client for the saved key, or null when no key is saved (cached answers still show). */
  connect(): LeadLookupPort | null;
  cache: TextCache;
  /** Keeps two formula cells from rewriting the same cache items at once (LockService). */
  lock?: ShelfLock;
  /** Epoch ms after which no fetch starts (the custom function's 30 s, less a margin). */
  deadline: number;
  /** Credits one execution may spend. */
  spendCap: number;
  /** Epoch ms now (the in-flight markers' times). */
  now(): number;
  /** Utilities.sleep: waiting for another cell's answer to the same URL (in-flight.ts). */
  sleep?(ms: number): void;
  /** A time of day as the user reads it, e.g. "14:05" in the spreadsheet's time zone. */
  formatTime(epochMs: number): string;
  /** The owner's daily budget for this spreadsheet's formulas (none: no daily limit). */
  budget?: FormulaBudget;
  /**
   * List fields (jobs, educations, ...) as readable text or JSON: the owner's List fields setting,
   * rendered as Enrich renders it (toCellValue). JSON when unset. Applied to the cached lead at
   * every calculation, so a changed setting needs no new lookup.
   */
  lists?: ListStyle;
}

export const MESSAGES = {
  notFetched: "not fetched yet: recalculate or use Enrich",
  // Formulas run with the owner's properties (G5): an editor's own saved key does not count.
  noKey:
    "No API key yet: formulas spend the spreadsheet owner's key; the owner saves one in Extensions > Prospecting > Open sidebar > Settings.",
  overCap: (cap: number) =>
    `Not fetched: this range would spend more than the spreadsheet owner's cap of ${cap} credits per run: the owner raises it in Settings, or use Enrich.`,
  notProfileUrl: (text: string) =>
    `Not a profile URL: "${text.length > 80 ? `${text.slice(0, 80)}…` : text}". Use a profile link such as https://…/in/jane-doe.`,
  overBudget: (limit: number) =>
    `Not fetched: today's formula budget of ${limit} credits for this spreadsheet is used up (the owner sets it in Settings). Recalculate tomorrow, or use Enrich.`,
  // The key and the credits a formula spends are the owner's, whoever typed it (G5): an editor
  // told "paste your API key" or "your account is out of credits" would look at their own.
  ownerKeyRefused:
    "The spreadsheet owner's API key was not accepted: formulas spend the owner's key; the owner pastes it again in Extensions > Prospecting > Open sidebar > Settings.",
  ownerOutOfCredits:
    "The spreadsheet owner's account is out of credits: formulas spend the owner's key; recalculate once the owner has topped it up.",
  /** The owner's key refused or out of credits, in those words; null for any other error. */
  ownerProblem: (error: ApiError): string | null => {
    if (error.kind === "auth") return MESSAGES.ownerKeyRefused;
    return error.kind === "insufficient_funds" ? MESSAGES.ownerOutOfCredits : null;
  },
  apiError: (error: ApiError): string =>
    MESSAGES.ownerProblem(error) ??
    (error.charged === "maybe" && !/may have been charged/.test(error.message)
      ? `${error.message} It was sent and may have been charged: a recalculation asks again only 10 minutes later, and pays again if it was. Check the Credits tab first.`
      : `${error.message} ${error.next}`),
  tooManyUrls: (count: number, max: number) =>
    `This range holds ${count.toLocaleString("en-US")} distinct profile URLs; a formula takes at most ${max.toLocaleString("en-US")}${max < MAX_FORMULA_URLS ? " with posts, comments, reactions or similar" : ""} (Apps Script's cache could not keep more answers, and a recalculation would pay again). For larger ranges select the URLs and use Extensions > Prospecting > Enrich selected profile URLs.`,
  abandoned: (time: string) =>
    `The last lookup of this URL got no answer in time (a formula may run 30 s) or none the add-on could read, and may have been charged: use Enrich for this URL, or recalculate after ${time} to try again.`,
} as const;

/**
 * Distinct URLs one formula takes. Their answers must stay in the document cache (packed into at
 * most 256 items, about 25 MB: shelves.ts) for a recalculation to be free, and fetching them must
 * fit in 30 s; Enrich has neither limit.
 */
export const MAX_FORMULA_URLS = 2000;
/** With posts, comments or similar profiles (up to 20 items each) an answer is several times larger. */
export const MAX_FORMULA_URLS_WITH_EXTRAS = 500;

/** The paid options: each adds up to 20 items to an answer. */
const EXTRAS: readonly LookupOption[] = PAID_LOOKUP_OPTIONS;

function maxFormulaUrls(options: readonly LookupOption[]): number {
  return EXTRAS.some((extra) => options.includes(extra)) ? MAX_FORMULA_URLS_WITH_EXTRAS : MAX_FORMULA_URLS;
}

export interface LookupArguments {
  url: CellArgument;
  fields?: CellArgument;
  options?: CellArgument;
}

/** What one URL cell asks for. */
type Wanted = { kind: "blank" } | { kind: "bad"; text: string } | { kind: "lead"; id: string };

/** One distinct lead to answer: the URL to send (its canonical spelling) and its cache key. */
interface Distinct {
  url: string;
  cacheKey: string;
}

function isBlank(cell: unknown): boolean {
  return cell === null || cell === undefined || (typeof cell === "string" && cell.trim() === "");
}

function classify(
  cell: unknown,
  distinct: Map<string, Distinct>,
  options: LookupOption[],
  sites: Map<string, string>,
): Wanted {
  if (isBlank(cell)) return { kind: "blank" };
  const text = typeof cell === "string" ? cell.trim() : String(cell);
  // Another site's copy of a person is asked on its own (the API answers it "Bad url", A3)...
  const id = typeof cell === "string" ? answerKey(text, sites) : null;
  if (id === null) return { kind: "bad", text };
  // ...and shares the person's cache entry (only answers found are cached). The canonical
  // spelling, not the first typed: a capitalised copy must not fail its twin.
  if (!distinct.has(id))
    distinct.set(id, {
      url: canonicalProfileUrl(text) ?? text,
      cacheKey: leadCacheKey(normalizeProfileUrl(text)!, options),
    });
  return { kind: "lead", id };
}

/**
 * Whether a cached answer answers `url`. Another site's copy of a person shares the person's cache
 * entry, and only found answers are cached: the network's. The API answers a URL on any other
 * host "Bad url" (PRODUCTION.md A3), so such a URL must not show the network's person from the
 * cache, as it did once a recalculation found them there. The answer's input_url is the URL that
 * was asked (lookup answers carry it); without one, the answer is shared as before.
 */
function answersUrl(lead: Lead, url: string): boolean {
  const asked = typeof lead.input_url === "string" ? profileSite(lead.input_url) : null;
  return asked === null || asked === profileSite(url);
}

function requestFor(url: string, options: readonly LookupOption[]): LeadLookupRequest {
  return { url, ...optionFlags(options) };
}

/**
 * Sends `pending` in one client batch: the client splits it into parallel fetches of `chunkSize`
 * and starts a fetch only when the longest one so far would still end before the deadline, so the
 * formula returns in time with the rows it has instead of being cut off with nothing.
 */
function fetchPending(
  pending: Array<[string, Distinct]>,
  options: readonly LookupOption[],
  port: LeadLookupPort,
  deadline: number,
): {
  answers: Map<string, Lead>;
  messages: Map<string, string>;
  maybeCharged: Set<string>;
  spent: number;
  unread: number;
} {
  const answers = new Map<string, Lead>();
  const messages = new Map<string, string>();
  const maybeCharged = new Set<string>();
  // Nothing left to send when other cells are fetching all of it (in-flight.ts).
  const batch = pending.length
    ? port.lookupLeads(
        pending.map(([, d]) => requestFor(d.url, options)),
        { deadline },
      )
    : { outcomes: [], stoppedBy: null, spent: 0 };
  const stopped = batch.stoppedBy === null ? null : MESSAGES.apiError(batch.stoppedBy);
  pending.forEach(([id], i) => {
    const outcome = batch.outcomes[i] ?? null;
    if (outcome?.ok) answers.set(id, outcome.value.lead);
    else if (outcome !== null) {
      messages.set(id, MESSAGES.apiError(outcome.error));
      if (outcome.error.charged === "maybe") maybeCharged.add(id);
    } else if (stopped !== null) messages.set(id, stopped);
  });
  // Lookups sent and never read may have been charged: the budget keeps them reserved.
  return { answers, messages, maybeCharged, spent: batch.spent, unread: maybeCharged.size };
}

/**
 * Answers what the cache did not: as many as the spend cap allows (the rest get a message), with
 * the saved key (none saved: a message), then caches the new answers.
 */
function answerPending(
  pending: Array<[string, Distinct]>,
  options: readonly LookupOption[],
  deps: LookupFormulaDeps,
  shelves: Shelves,
  inFlight: ReadonlyMap<string, number>,
): { answers: Map<string, Lead>; messages: Map<string, string> } {
  const messages = new Map<string, string>();
  const affordable = Math.max(0, Math.floor(deps.spendCap / estimateLookupCost(1, optionFlags(options))));
  for (const [id] of pending.slice(affordable)) messages.set(id, MESSAGES.overCap(deps.spendCap));
  const toFetch = pending.slice(0, affordable);
  if (toFetch.length === 0) return { answers: new Map(), messages };
  const port = deps.connect();
  if (port === null) {
    for (const [id] of toFetch) messages.set(id, MESSAGES.noKey);
    return { answers: new Map(), messages };
  }
  const skipped = skipAbandoned(toFetch, inFlight, deps);
  for (const [id, message] of skipped.abandoned) messages.set(id, message);
  const budget = deps.budget ?? NO_BUDGET;
  const perUrl = estimateLookupCost(1, optionFlags(options));
  const reserved = budget.reserve(skipped.send.length * perUrl);
  const send = skipped.send.slice(0, Math.floor(reserved / perUrl));
  for (const [id] of skipped.send.slice(send.length))
    messages.set(id, MESSAGES.overBudget(budget.limit ?? 0));
  if (send.length === 0) {
    budget.settle(reserved, 0);
    return { answers: new Map(), messages };
  }
  // One marker per cache entry: two sites of one person share it, and a second mark would read busy.
  const busy = shelves.markInFlight([...new Set(send.map(([, d]) => d.cacheKey))], deps.now());
  const mine = send.filter(([, d]) => !busy.includes(d.cacheKey));
  const fetched = fetchPending(mine, options, port, deps.deadline);
  // Cut off before this line, the reservation stays counted: the budget errs towards spending less.
  // A lookup sent and never read (a timeout, a gateway's 5xx) may still be billed: it keeps its
  // reservation, so the day's count holds what may have been charged, not only what was read.
  budget.settle(reserved, fetched.spent + fetched.unread * perUrl);
  // Reached only if Apps Script did not cut this execution off: every answer (or error) is in.
  const byKey = new Map<string, Lead>();
  for (const [id, d] of mine) {
    const lead = fetched.answers.get(id);
    if (lead !== undefined) byKey.set(d.cacheKey, lead);
  }
  // A lookup that may have been charged (a gateway's 502/504, a timeout) keeps its in-flight
  // marker, so a recalculation does not send it again blindly until the marker expires.
  const keyOf = ([, d]: [string, Distinct]) => d.cacheKey;
  const lost = mine.filter(([id]) => fetched.maybeCharged.has(id));
  const settled = mine.filter(([id]) => !fetched.maybeCharged.has(id)).map(keyOf);
  shelves.settle(byKey, settled, deps.now(), lost.map(keyOf));
  const waited = awaitOthers(busy, (keys) => shelves.read(keys, deps.now()), deps);
  for (const [id, d] of send) {
    const lead = waited.get(d.cacheKey);
    if (lead && answersUrl(lead, d.url)) fetched.answers.set(id, lead);
  }
  for (const [id, message] of fetched.messages) messages.set(id, message);
  return { answers: fetched.answers, messages };
}

/**
 * Leaves out the URLs whose last lookup was cut off by the 30-second limit (see in-flight.ts):
 * sending them again would pay again for an answer that may already have been charged.
 */
function skipAbandoned(
  toFetch: Array<[string, Distinct]>,
  inFlight: ReadonlyMap<string, number>,
  deps: LookupFormulaDeps,
): { send: Array<[string, Distinct]>; abandoned: Map<string, string> } {
  const now = deps.now();
  const send: Array<[string, Distinct]> = [];
  const abandoned = new Map<string, string>();
  for (const entry of toFetch) {
    const at = inFlight.get(entry[1].cacheKey);
    if (at !== undefined && isAbandoned(at, now)) {
      abandoned.set(entry[0], MESSAGES.abandoned(deps.formatTime(retryAfter(at))));
    } else send.push(entry);
  }
  return { send, abandoned };
}

function leadRow(lead: Lead, fields: readonly LeadField[], lists: ListStyle): CellValue[] {
  return fields.map((field) => toCellValue(lead[field], { target: "customFunction", lists }));
}

function messageRow(message: string, width: number): CellValue[] {
  return [toCellValue(message, { target: "customFunction" }), ...Array<CellValue>(width - 1).fill("")];
}

/** The how-to of paidExtrasProblem's message, in the formula's terms. */
const FORMULA_HOW_TO: PaidExtrasHowTo = {
  addOptions: (options) =>
    `add ${options.length > 1 ? "them" : "it"} as the third argument, for example =LOOKUP_LEAD(A2, "full_name, ${options[0]}", "${options.join(", ")}")`,
  addFields: (fields) =>
    `add ${fields.length > 1 ? "them" : "it"} to the fields, for example =LOOKUP_LEAD(A2, "full_name, ${fields.join(", ")}", "${fields.join(", ")}")`,
};

/** The formula's answer: one row per URL cell, `fields.length` columns each. Throws for a wrong argument. */
export function lookupLeadFormula(args: LookupArguments, deps: LookupFormulaDeps): CellValue[][] {
  const cells = urlCells(args.url);
  if ("error" in cells) throw new Error(cells.error);
  const fieldList = parseFieldList(fieldListInput(args.fields));
  if ("error" in fieldList) throw new Error(fieldList.error);
  const parsed = parseLookupOptions(args.options);
  if ("error" in parsed) throw new Error(parsed.error);
  const { fields } = fieldList;
  const { options } = parsed;
  // Paid data that no cell would show: refused before anything is charged.
  const unseen = paidExtrasProblem(fields, options, FORMULA_HOW_TO);
  if (unseen !== null) throw new Error(unseen);

  const distinct = new Map<string, Distinct>();
  const sites = new Map<string, string>();
  const wanted = cells.cells.map((cell) => classify(cell, distinct, options, sites));
  const max = maxFormulaUrls(options);
  if (distinct.size > max) throw new Error(MESSAGES.tooManyUrls(distinct.size, max));
  const shelves = createShelves(deps.cache, deps.lock);
  const cached = shelves.read(
    [...distinct.values()].map((d) => d.cacheKey),
    deps.now(),
  );
  const answers = new Map<string, Lead>();
  for (const [id, d] of distinct) {
    const lead = cached.answers.get(d.cacheKey);
    if (lead !== undefined && answersUrl(lead, d.url)) answers.set(id, lead);
  }

  const pending = [...distinct].filter(([id]) => !answers.has(id));
  const fetched = answerPending(pending, options, deps, shelves, cached.inFlight);
  for (const [id, lead] of fetched.answers) answers.set(id, lead);

  const width = fields.length;
  return wanted.map((w) => {
    if (w.kind === "blank") return Array<CellValue>(width).fill("");
    if (w.kind === "bad") return messageRow(MESSAGES.notProfileUrl(w.text), width);
    const lead = answers.get(w.id);
    if (lead !== undefined) return leadRow(lead, fields, deps.lists ?? "json");
    return messageRow(fetched.messages.get(w.id) ?? MESSAGES.notFetched, width);
  });
}
