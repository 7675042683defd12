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
import { canonicalProfileUrl, normalizeProfileUrl } from "../../api/profile-url";
import type { Lead, LeadLookupRequest, LeadLookupResponse, LookupOption } from "../../api/wire";
import { type CellValue, toCellValue } from "../../sheet/cell-value";
import { type LeadField, parseFieldList } from "../../sheet/lead-fields";
import { type PaidExtrasHowTo, paidExtrasProblem } from "../paid-extras";
import { type CellArgument, fieldListInput, urlCells } from "./arguments";
import { decodeLead, encodeLead, LEAD_CACHE_SECONDS, leadCacheKey, type TextCache } from "./cache";
import { clearInFlight, inFlightKey, isAbandoned, markInFlight, readInFlight, retryAfter } from "./in-flight";
import { optionFlags, parseLookupOptions } from "./options";

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
  /** Epoch ms after which no fetch starts (the custom function's 30 s, less a margin). */
  deadline: number;
  /** Credits one execution may spend. */
  spendCap: number;
  /** Epoch ms now (the in-flight markers' times). */
  now(): number;
  /** A time of day as the user reads it, e.g. "14:05" in the spreadsheet's time zone. */
  formatTime(epochMs: number): string;
}

export const MESSAGES = {
  notFetched: "not fetched yet: recalculate or use Enrich",
  noKey: "No API key yet: open Extensions > Prospecting > Open sidebar > Settings and save your key.",
  overCap: (cap: number) =>
    `Not fetched: this range would spend more than your cap of ${cap} credits per run. Raise the cap in Settings, or use Enrich.`,
  notProfileUrl: (text: string) =>
    `Not a profile URL: "${text.length > 80 ? `${text.slice(0, 80)}…` : text}". Use a profile link such as https://…/in/jane-doe.`,
  apiError: (error: ApiError) => `${error.message} ${error.next}`,
  abandoned: (time: string) =>
    `The last lookup of this URL took longer than a formula may run (30 s) and may have been charged: use Enrich for this URL, or recalculate after ${time} to try again.`,
} as const;

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
  cacheKey: string | null;
}

function isBlank(cell: unknown): boolean {
  return cell === null || cell === undefined || (typeof cell === "string" && cell.trim() === "");
}

function classify(cell: unknown, distinct: Map<string, Distinct>, options: LookupOption[]): Wanted {
  if (isBlank(cell)) return { kind: "blank" };
  const text = typeof cell === "string" ? cell.trim() : String(cell);
  const id = typeof cell === "string" ? normalizeProfileUrl(text) : null;
  if (id === null) return { kind: "bad", text };
  // The canonical spelling, not the first typed: a capitalised copy must not fail its twin.
  if (!distinct.has(id))
    distinct.set(id, { url: canonicalProfileUrl(text) ?? text, cacheKey: leadCacheKey(id, options) });
  return { kind: "lead", id };
}

function readCache(cache: TextCache, distinct: Map<string, Distinct>): Map<string, Lead> {
  const keys = [...distinct.values()].flatMap((d) => (d.cacheKey === null ? [] : [d.cacheKey]));
  const found = keys.length === 0 ? {} : cache.getAll(keys);
  const answers = new Map<string, Lead>();
  for (const [id, d] of distinct) {
    const text = d.cacheKey === null ? undefined : found[d.cacheKey];
    const lead = text === undefined ? null : decodeLead(text);
    if (lead !== null) answers.set(id, lead);
  }
  return answers;
}

/** Caches the answers among `fetched` (errors never reach the cache). */
function writeCache(cache: TextCache, fetched: Array<[string, Distinct]>, answers: Map<string, Lead>): void {
  const values: Record<string, string> = {};
  for (const [id, d] of fetched) {
    const lead = answers.get(id);
    const text = lead === undefined || d.cacheKey === null ? null : encodeLead(lead);
    if (d.cacheKey !== null && text !== null) values[d.cacheKey] = text;
  }
  if (Object.keys(values).length > 0) cache.putAll(values, LEAD_CACHE_SECONDS);
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
): { answers: Map<string, Lead>; messages: Map<string, string> } {
  const answers = new Map<string, Lead>();
  const messages = new Map<string, string>();
  const batch = port.lookupLeads(
    pending.map(([, d]) => requestFor(d.url, options)),
    { deadline },
  );
  const stopped = batch.stoppedBy === null ? null : MESSAGES.apiError(batch.stoppedBy);
  pending.forEach(([id], i) => {
    const outcome = batch.outcomes[i] ?? null;
    if (outcome?.ok) answers.set(id, outcome.value.lead);
    else if (outcome !== null) messages.set(id, MESSAGES.apiError(outcome.error));
    else if (stopped !== null) messages.set(id, stopped);
  });
  return { answers, messages };
}

/**
 * Answers what the cache did not: as many as the spend cap allows (the rest get a message), with
 * the saved key (none saved: a message), then caches the new answers.
 */
function answerPending(
  pending: Array<[string, Distinct]>,
  options: readonly LookupOption[],
  deps: LookupFormulaDeps,
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
  const { send, abandoned } = skipAbandoned(toFetch, deps);
  for (const [id, message] of abandoned) messages.set(id, message);
  if (send.length === 0) return { answers: new Map(), messages };
  const markers = send.flatMap(([, d]) => {
    const key = inFlightKey(d.cacheKey);
    return key === null ? [] : [key];
  });
  markInFlight(deps.cache, markers, deps.now());
  const fetched = fetchPending(send, options, port, deps.deadline);
  // Reached only if Apps Script did not cut this execution off: every answer (or error) is in.
  writeCache(deps.cache, send, fetched.answers);
  clearInFlight(deps.cache, markers);
  for (const [id, message] of fetched.messages) messages.set(id, message);
  return { answers: fetched.answers, messages };
}

/**
 * Leaves out the URLs whose last lookup was cut off by the 30-second limit (see in-flight.ts):
 * sending them again would pay again for an answer that may already have been charged.
 */
function skipAbandoned(
  toFetch: Array<[string, Distinct]>,
  deps: LookupFormulaDeps,
): { send: Array<[string, Distinct]>; abandoned: Map<string, string> } {
  const keys = toFetch.flatMap(([, d]) => {
    const key = inFlightKey(d.cacheKey);
    return key === null ? [] : [key];
  });
  const started = readInFlight(deps.cache, keys);
  const now = deps.now();
  const send: Array<[string, Distinct]> = [];
  const abandoned = new Map<string, string>();
  for (const entry of toFetch) {
    const key = inFlightKey(entry[1].cacheKey);
    const at = key === null ? undefined : started.get(key);
    if (at !== undefined && isAbandoned(at, now)) {
      abandoned.set(entry[0], MESSAGES.abandoned(deps.formatTime(retryAfter(at))));
    } else send.push(entry);
  }
  return { send, abandoned };
}

function leadRow(lead: Lead, fields: readonly LeadField[]): CellValue[] {
  return fields.map((field) => toCellValue(lead[field], { target: "customFunction" }));
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
  const wanted = cells.cells.map((cell) => classify(cell, distinct, options));
  const answers = readCache(deps.cache, distinct);

  const pending = [...distinct].filter(([id]) => !answers.has(id));
  const fetched = answerPending(pending, options, deps);
  for (const [id, lead] of fetched.answers) answers.set(id, lead);

  const width = fields.length;
  return wanted.map((w) => {
    if (w.kind === "blank") return Array<CellValue>(width).fill("");
    if (w.kind === "bad") return messageRow(MESSAGES.notProfileUrl(w.text), width);
    const lead = answers.get(w.id);
    if (lead !== undefined) return leadRow(lead, fields);
    return messageRow(fetched.messages.get(w.id) ?? MESSAGES.notFetched, width);
  });
}
