/**
 * One company search run: check the form, check the most it can cost against the confirmed
 * estimate and the spend cap, send its pages in one parallel batch, append the companies to the
 * Companies sheet (no network_id twice) and remember where "Next page" starts.
 */
import type { ApiError } from "../../api/errors";
import { isRefineAnswer } from "../../api/responses";
import type { Company, CompanySearchRequest, CompanySearchResponse } from "../../api/wire";
import { COMPANY_FIELDS } from "../../sheet/lead-fields";
import { readableUtc } from "../../sheet/sheet-time";
import { JobError } from "../enrich/deps";
import { columnLetters } from "../enrich/progress";
import { clearKept, keepRecords, noteSending, type SendingNote, takeKept, takeSending } from "../kept-rows";
import { chargesSince, markLedger } from "../ledger/run-charges";
import { checkRoom, keptRowsMessage, writeErrorText } from "../paid-rows";
import { trackCancel } from "../search-cancel";
import { firstFieldNamed } from "../server-error-field";
import type { CompanySearchDeps } from "./deps";
import { type CompanySearchForm, type FieldProblems, type FormField, hasProblems, planSearch } from "./form";
import { destinationSheet } from "./leave-out";
import { pagePlan } from "./pages";
import { saveLastSearch } from "./saved";
import { sendCompanyPages } from "./send-pages";
import { appendCompanies, COMPANIES_SHEET, type CompanySheet, type WriteResult } from "./sheet";
import type { CompanyRunResult, PageError } from "./types";

export const DEFAULT_BUDGET_MS = 240_000;
const LOCK_WAIT_MS = 10_000;
const NOTHING_WRITTEN: WriteResult = { written: 0, duplicates: 0, firstRow: 0, lastRow: 0 };

/** Request fields as they may appear in the server's detail, and the form field that shows them. */
const SERVER_FIELDS: Array<[string, FormField]> = [
  ["company_types", "company_types"],
  ["headcounts", "headcounts"],
  ["industries", "industries"],
  ["keywords", "keywords"],
  ["locations", "locations"],
  ["num_of_followers", "num_of_followers"],
  ["revenues_range", "revenue_min"],
  ["limit_by", "limit_by"],
  ["offset_by", "offset_by"],
  ["strict", "strict_locations"],
  ["website_blacklist", "website_blacklist"],
  ["sub_industries", "sub_industries"],
  ["exclude_ids", "exclude_ids"],
  ["exclude_domains", "exclude_domains"],
];

/** The form field a server ValidationError names first (its detail and Hint say what to edit). */
export function serverErrorField(text: string): FormField | null {
  return firstFieldNamed(text, SERVER_FIELDS);
}

function rangeOf(page: CompanySearchRequest): string {
  const from = page.offset_by ?? 0;
  return `${from + 1}-${from + (page.limit_by ?? 0)}`;
}

interface Collected {
  companies: Company[];
  /** The API's count, when an answer carried one (production: only when asked, A1). */
  resultsCount: number | null;
  /** The fewest matches the answers prove: the end of the furthest company returned. */
  atLeast: number;
  /** Whether the answered page furthest down the list came back full (null: none answered). */
  lastPageFull: boolean | null;
  timeCached: string | null;
  refineMessage: string | null;
  errors: PageError[];
  problems: FieldProblems;
  /** Offset of the first page that failed without being charged, or was not reached. */
  retryFrom: number | null;
}

function collect(
  pages: CompanySearchRequest[],
  outcomes: Array<{ ok: true; value: CompanySearchResponse } | { ok: false; error: ApiError } | null>,
): Collected {
  const out: Collected = {
    companies: [],
    resultsCount: null,
    atLeast: 0,
    lastPageFull: null,
    timeCached: null,
    refineMessage: null,
    errors: [],
    problems: {},
    retryFrom: null,
  };
  let answered = false;
  let furthest = -1;
  const retry = (page: CompanySearchRequest) => {
    out.retryFrom ??= page.offset_by ?? 0;
  };
  pages.forEach((page, index) => {
    const outcome = outcomes[index] ?? null;
    if (outcome === null) {
      retry(page);
      return;
    }
    if (outcome.ok) {
      const answer = outcome.value;
      const offset = page.offset_by ?? 0;
      if (answer.results_count !== undefined) {
        out.resultsCount = Math.max(out.resultsCount ?? 0, answer.results_count);
      }
      if (answer.companies.length > 0) out.atLeast = Math.max(out.atLeast, offset + answer.companies.length);
      if (offset > furthest) {
        furthest = offset;
        out.lastPageFull = answer.companies.length >= (page.limit_by ?? 0);
      }
      // The first answered page tells whether this search found the order cached or cached it now
      // (pages sent together: the others may already see the order the first one just cached).
      if (!answered) out.timeCached = answer.time_cached;
      answered = true;
      if (isRefineAnswer(answer)) out.refineMessage ??= answer.message ?? "";
      for (const company of answer.companies) out.companies.push(company);
      return;
    }
    const error = outcome.error;
    if (error.charged === "no") retry(page);
    if (error.kind === "validation" && error.status === 400 && error.hint) {
      const field = serverErrorField(error.hint) ?? "keywords";
      const list = out.problems[field] ?? [];
      if (!list.includes(error.hint)) list.push(error.hint);
      out.problems[field] = list;
      return;
    }
    out.errors.push({
      companies: rangeOf(page),
      message: error.message,
      next: error.next,
      ...(error.hint ? { hint: error.hint } : {}),
      charged: error.charged,
    });
  });
  return out;
}

function stateOf(
  c: Collected,
  stopped: boolean,
  notReached: number,
  cancelled: boolean,
): CompanyRunResult["state"] {
  if (hasProblems(c.problems)) return "invalid";
  if (c.refineMessage !== null) return "refine";
  if (stopped) return "stopped";
  // Cancel seen before every page went out; one seen after the last page changes nothing.
  if (cancelled && notReached > 0) return "cancelled";
  return c.errors.length > 0 || notReached > 0 ? "partial" : "done";
}

/**
 * Where Next page starts. With the API's count, until the count; without one (production counts
 * only when asked), while the last page came back full: a short page means the matches ended.
 */
function nextOffsetOf(c: Collected, end: number): number | null {
  const next = c.retryFrom ?? end;
  if (c.refineMessage !== null) return null;
  if (next >= 1599) return null;
  if (c.retryFrom !== null) return next;
  if (c.resultsCount !== null) return next >= c.resultsCount ? null : next;
  return c.lastPageFull === true ? next : null;
}

/**
 * Production answers a search with no match `{amount: 0, companies: []}`, without a count even
 * when asked (PRODUCTION.md A1): every page of a window from the first match answered, empty.
 */
function countOf(c: Collected, offset: number, notReached: number): number | null {
  if (c.resultsCount !== null) return c.resultsCount;
  const nothing = c.companies.length === 0 && c.errors.length === 0 && !hasProblems(c.problems);
  return offset === 0 && nothing && notReached === 0 && c.lastPageFull !== null ? 0 : null;
}

/**
 * The pages as sent: the first asks for the total (get_max_companies), a flag without a price in
 * production's reference; the API then answers results_count (PRODUCTION.md A1).
 */
function withTotalAsked(pages: CompanySearchRequest[]): CompanySearchRequest[] {
  return pages.map((page, index) => (index === 0 ? { ...page, get_max_companies: true } : page));
}

/** A run that sent nothing: the form's own problems. */
function notSent(form: CompanySearchForm, problems: FieldProblems): CompanyRunResult {
  return {
    state: "invalid",
    problems,
    resultsCount: null,
    matchesAtLeast: 0,
    returned: 0,
    written: 0,
    duplicates: 0,
    spent: 0,
    timeCached: null,
    refineMessage: null,
    errors: [],
    sheetName: destinationSheet(form.sheet_name),
    range: "",
    offset: form.offset_by,
    total: form.limit_by,
    nextOffset: null,
    pagesSent: 0,
    pagesNotReached: 0,
    throttled: 0,
  };
}

const KEPT = "companies";

/** A search cut off after it was sent and before its answer was kept (kept-rows.ts), in words. */
function lostSearch(note: SendingNote): PageError {
  return {
    companies: "earlier",
    message: `A search sent at ${readableUtc(note.at)} was cut off after it was sent: it may have been charged (up to ${note.maxCredits} credits), and its companies could not be kept.`,
    next: "The Credits tab's transaction list shows what it cost. Its companies are not in the sheet, so searching again may buy them again.",
    charged: "maybe",
  };
}

/** Writes what a search cut off before its write left kept; answers how many it held. */
function writeKeptCompanies(deps: CompanySearchDeps): number {
  const kept = takeKept(deps.store, KEPT) as Company[];
  if (kept.length === 0) return 0;
  appendCompanies(deps.sheet(), kept, deps.format);
  clearKept(deps.store, KEPT);
  return kept.length;
}

/**
 * Appends the paid companies to the Companies sheet; if it cannot take them (protected, deleted
 * meanwhile, full), to a spare sheet, with a note among the errors saying where and what was spent.
 */
function writeCompanies(
  deps: CompanySearchDeps,
  collected: Collected,
  spent: number,
): { write: WriteResult; sheet: CompanySheet; sheetName: string } | null {
  let reason: string;
  try {
    const sheet = deps.sheet();
    return {
      write: appendCompanies(sheet, collected.companies, deps.format),
      sheet,
      sheetName: sheetNameOf(deps),
    };
  } catch (error) {
    reason = writeErrorText(error);
  }
  let kept: { write: WriteResult; sheet: CompanySheet; sheetName: string } | null = null;
  try {
    const spare = deps.spareSheet?.();
    if (spare)
      kept = {
        write: appendCompanies(spare.sheet, collected.companies, deps.format),
        ...spare,
        sheetName: spare.name,
      };
  } catch {
    kept = null;
  }
  const note = keptRowsMessage({
    sheet: sheetNameOf(deps),
    rows: collected.companies.length,
    spent,
    reason,
    keptIn: kept?.sheetName ?? null,
  });
  collected.errors.unshift({ companies: "all", ...note, charged: "no" });
  return kept;
}

/**
 * The filters with what must not be charged again left out: the destination sheet's ids and the
 * leave-out sheet's (exclude_ids, numbers when numeric, as the form sends), and the leave-out
 * sheet's domains (exclude_domains).
 */
function withKnownExcluded(
  filters: CompanySearchRequest,
  known: readonly string[],
  domains: readonly string[],
): CompanySearchRequest {
  const ids = [...(filters.exclude_ids ?? [])];
  const seen = new Set(ids.map(String));
  for (const id of known) {
    if (seen.has(id)) continue;
    seen.add(id);
    ids.push(/^\d{1,15}$/.test(id) ? Number(id) : id);
  }
  const excluded = { ...filters, exclude_ids: ids };
  if (domains.length === 0) return excluded;
  const allDomains = [...(filters.exclude_domains ?? [])];
  const seenDomains = new Set(allDomains);
  for (const domain of domains) {
    if (seenDomains.has(domain)) continue;
    seenDomains.add(domain);
    allDomains.push(domain);
  }
  return { ...excluded, exclude_domains: allDomains };
}

/**
 * How many matches from `offset` the pages ask for: the total, or more when a page of 1 went out
 * as 2 (limit_by must exceed 1). The result's match range and Next page count the extra one, which
 * came back and was paid for.
 */
function windowSpan(pages: readonly CompanySearchRequest[], offset: number, total: number): number {
  const end = pages.reduce((most, page) => Math.max(most, (page.offset_by ?? 0) + (page.limit_by ?? 0)), 0);
  return Math.max(total, end - offset);
}

/** The sheet the run writes to (the form's choice), the Companies sheet when none was named. */
const sheetNameOf = (deps: CompanySearchDeps) => deps.sheetName ?? COMPANIES_SHEET;

/**
 * Next page with exclusions: every company this run returned is in the Companies sheet now
 * (written, or there already), so it drops out of the match list the next search sees (excluded
 * then), and the first unfetched match moves up by those returned before `next`. Without
 * exclusions (`pages` empty) `next` stays.
 */
function firstUnfetched(
  next: number | null,
  pages: readonly CompanySearchRequest[],
  outcomes: ReadonlyArray<{ ok: true; value: CompanySearchResponse } | { ok: false; error: ApiError } | null>,
): number | null {
  if (next === null) return null;
  let before = 0;
  pages.forEach((page, index) => {
    const outcome = outcomes[index];
    if (outcome?.ok && (page.offset_by ?? 0) < next) before += outcome.value.companies.length;
  });
  return Math.max(0, next - before);
}

/**
 * Runs the search the user confirmed. `confirmedCredits` is the estimate the user saw: a form that
 * would now cost more (edited since) is refused, as is anything above the spend cap.
 */
export function runCompanySearch(
  deps: CompanySearchDeps,
  form: CompanySearchForm,
  confirmedCredits: number,
  /** Problems the form has beyond its filters (a leave-out sheet that is not there). */
  otherProblems: FieldProblems = {},
): CompanyRunResult {
  const planned = planSearch(form);
  const problems: FieldProblems = { ...planned.problems, ...otherProblems };
  if (hasProblems(problems)) return notSent(form, problems);
  const plan = pagePlan(planned.filters, planned.offset, planned.total, deps.settings.parallel);
  if (plan.maxCredits > deps.settings.spendCap) {
    throw new JobError(
      "spend_cap",
      `This search can cost up to ${plan.maxCredits} credits, above your spend cap of ${deps.settings.spendCap}.`,
      "Lower how many companies to fetch, or raise the spend cap in Settings.",
    );
  }
  if (!(plan.maxCredits <= confirmedCredits)) {
    throw new JobError(
      "changed",
      `The search changed since the estimate (now up to ${plan.maxCredits} credits).`,
      "Press Estimate again and confirm the new figure.",
    );
  }
  if (!deps.lock.tryAcquire(LOCK_WAIT_MS)) {
    throw new JobError(
      "busy",
      "Another search or run is writing to this spreadsheet.",
      "Try again in a moment.",
    );
  }
  try {
    const client = deps.client();
    checkRoom(deps.room?.(plan.total, COMPANY_FIELDS.length) ?? null, `${plan.total} more companies`);
    const recovered = writeKeptCompanies(deps);
    const lost = takeSending(deps.store, KEPT);
    const deadline = deps.clock.now() + (deps.budgetMs ?? DEFAULT_BUDGET_MS);
    // Read under the lock: what the sheet holds now is what must not be charged again.
    const known = deps.knownIds?.() ?? [];
    const domains = deps.knownDomains?.() ?? [];
    const sent =
      known.length === 0 && domains.length === 0
        ? plan
        : pagePlan(
            withKnownExcluded(planned.filters, known, domains),
            planned.offset,
            planned.total,
            deps.settings.parallel,
          );
    const pages = withTotalAsked(sent.pages);
    const span = windowSpan(pages, planned.offset, plan.total);
    const ledger = deps.ledger?.() ?? null;
    const mark = ledger ? markLedger(ledger) : null;
    const cancel = trackCancel(deps.cancelAsked);
    noteSending(deps.store, KEPT, {
      at: new Date(deps.clock.now()).toISOString(),
      maxCredits: plan.maxCredits,
    });
    const batch = sendCompanyPages(client, pages, deadline, cancel.stop);
    const collected = collect(pages, batch.outcomes);
    if (batch.stoppedBy) {
      collected.errors.unshift({
        companies: "the rest",
        message: batch.stoppedBy.message,
        next: batch.stoppedBy.next,
        ...(batch.stoppedBy.hint ? { hint: batch.stoppedBy.hint } : {}),
        charged: "no",
      });
    }
    // Paid: kept until written, so a cut-off before the write does not lose them (kept-rows.ts).
    keepRecords(deps.store, KEPT, collected.companies);
    if (lost) collected.errors.unshift(lostSearch(lost));
    if (recovered > 0) {
      collected.errors.unshift({
        companies: "earlier",
        message: `${recovered} companies paid for by a search that was cut off before writing them were written first.`,
        next: "Nothing was charged again for them.",
        charged: "no",
      });
    }
    // Nothing came back (refine answer, errors): the sheet is not created or touched.
    const written = collected.companies.length > 0 ? writeCompanies(deps, collected, batch.spent) : null;
    clearKept(deps.store, KEPT);
    const write = written?.write ?? NOTHING_WRITTEN;
    const notReached = batch.outcomes.filter((o) => o === null).length;
    const width = Math.max(written?.sheet.lastColumn() ?? 1, 1);
    // Cancelled before any page went out: nothing fetched, so no Next page (it would be this same
    // search again, "from 1"), and the last search's own Next page is kept.
    const nothingSent = cancel.seen() && notReached === pages.length;
    const nextMatch = nothingSent ? null : nextOffsetOf(collected, planned.offset + span);
    const result: CompanyRunResult = {
      state: stateOf(collected, batch.stoppedBy !== null, notReached, cancel.seen()),
      problems: collected.problems,
      resultsCount: countOf(collected, planned.offset, notReached),
      matchesAtLeast: collected.atLeast,
      returned: collected.companies.length,
      written: write.written,
      duplicates: write.duplicates,
      spent: batch.spent,
      timeCached: collected.timeCached,
      refineMessage: collected.refineMessage,
      errors: collected.errors,
      sheetName: written?.sheetName ?? sheetNameOf(deps),
      range: write.written > 0 ? `A${write.firstRow}:${columnLetters(width)}${write.lastRow}` : "",
      offset: planned.offset,
      total: span,
      nextOffset: firstUnfetched(
        nextMatch,
        deps.knownIds !== undefined && written?.sheetName === sheetNameOf(deps) ? pages : [],
        batch.outcomes,
      ),
      nextMatch,
      knownExcluded: known.length,
      pagesSent: plan.pages.length - notReached,
      pagesNotReached: notReached,
      throttled: batch.throttled ?? 0,
      charges: ledger && mark ? chargesSince(ledger, mark, "company_search", deadline) : null,
    };
    if (!nothingSent) {
      saveLastSearch(deps.store, {
        form,
        nextOffset: result.nextOffset,
        nextMatch: result.nextMatch ?? null,
        resultsCount: result.resultsCount,
        at: new Date(deps.clock.now()).toISOString(),
      });
    }
    return result;
  } finally {
    deps.lock.release();
  }
}
