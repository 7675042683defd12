/**
 * Runs lead searches and appends their leads to the Leads sheet: searches go out in fetchAll
 * chunks of at most the parallel limit (50), and each chunk's new leads are written in one block
 * right after it, so a cut-off never loses what was paid for. Through ports only.
 */
import type { CallWindow } from "../../api/client-core";
import { estimateLeadSearchCost } from "../../api/cost";
import type { ApiError } from "../../api/errors";
import { leadSearchCredits } from "../../api/responses";
import type { LeadSearchRequest, LeadSearchResponse } from "../../api/wire";
import type { CellValue } from "../../sheet/cell-value";
import { headerCells, LEAD_LABELS } from "../../sheet/field-labels";
import { DEFAULT_SHEET_FORMAT, type SheetFormat } from "../../sheet/sheet-format";
import type { Grid, Store } from "../enrich/ports";
import { writeHeaderCells } from "../header-cells";
import { clearKept, keepRecords, noteSending, type SendingNote, takeKept, takeSending } from "../kept-rows";
import { chargesByKindSince, type LedgerReader, markLedger, type RunCharges } from "../ledger/run-charges";
import { keptRowsMessage, writeErrorText } from "../paid-rows";
import { trackCancel } from "../search-cancel";
import { type ResolvedCompany, resolvedCompany } from "./company-match";
import {
  EMAIL_HEADER,
  EMAIL_NOT_CHECKED,
  EMAIL_STATUS_HEADER,
  emailColumns,
  findLeadEmails,
  type LeadEmailFinder,
} from "./lead-emails";
import { existingKeys, LEADS_SHEET, type LeadsLayout, leadsLayout, newLeadRows } from "./leads-sheet";
import { nextPageRequest } from "./pages";

export interface LeadSearchClient {
  searchLeads(
    requests: LeadSearchRequest[],
    options: CallWindow,
  ): {
    outcomes: Array<{ ok: true; value: LeadSearchResponse } | { ok: false; error: ApiError } | null>;
    stoppedBy: ApiError | null;
    spent: number;
    /** 429 answers met; the client slowed down for them (batch.ts). */
    throttled?: number;
  };
}

export interface PlannedSearch {
  /** What the report calls it: the company's name, or "Search". */
  label: string;
  request: LeadSearchRequest;
}

/** What went wrong, as the sidebar shows it; `hint` is the server's detail or Hint verbatim. */
export interface SearchFailure {
  kind: string;
  message: string;
  next: string;
  hint?: string;
  /**
   * "maybe": the search was sent and its answer lost (a gateway's 5xx, a cut body, a timeout):
   * the API may have charged for leads that are in no sheet. Absent: nothing was charged.
   */
  charged?: "maybe";
}

export interface SearchReport {
  label: string;
  state: "ok" | "failed" | "not run";
  leads: number;
  written: number;
  results_count: string;
  /** The API's status (its own words; the sidebar says them plainly, status-text.ts). */
  status: string;
  spent: number;
  error?: SearchFailure;
  /** The company name the search asked for, as sent: what a no-match status names. */
  companyName?: string;
  /** A search by company name: the company the API used, from its leads (issue 14.2). */
  company?: ResolvedCompany;
}

export interface LeadSearchSummary {
  searches: SearchReport[];
  written: number;
  duplicates: number;
  spent: number;
  /** Out of credits, a refused key or Cancel: the searches after it were not sent. */
  stoppedBy: SearchFailure | null;
  /** Cancel was seen before every search (and email) went out: the rest were not sent. */
  cancelled: boolean;
  /** Sheet rows written, e.g. 2..41; null when nothing was written. */
  rows: { first: number; last: number } | null;
  /**
   * Where Next page starts (offset_by): past the page just fetched when a search came back full
   * (more may match), so the first page is not paid for again; null otherwise.
   */
  nextOffset: number | null;
  /**
   * 429 answers met: the account allows fewer parallel searches than the spec (PRODUCTION.md A10),
   * so the client slowed down to it; every search was still sent once per charge.
   */
  throttled: number;
  /** Rows written first from leads an earlier run paid for and was cut off before writing. */
  recovered: number;
  /**
   * A search an earlier run sent and was cut off right after, before its answer could be kept
   * (kept-rows.ts): it may have been charged, up to `maxCredits`; its leads are lost. Said once.
   */
  lostEarlier?: SendingNote;
  /**
   * What the API's ledger says the run's searches charged (issue 23.4): searches whose answer was
   * lost included. Null when the ledger could not be read: `spent` (answers read) is all there is.
   */
  charges: RunCharges | null;
  /** Searches sent whose answer was lost: they may have been charged (their reports say so). */
  maybeCharged: number;
  fetchAllChunks: number;
  sheetWrites: number;
  /** The work emails asked for (issue 21.6); null when the run did not ask for them. */
  emails: LeadEmailsSummary | null;
}

/** What the email finder did for the run's leads, and what the ledger says it charged. */
export interface LeadEmailsSummary {
  /** Rows per Email status: valid, catch-all, not found, unknown, not checked. */
  counts: Record<string, number>;
  /** Rows whose finder call was sent and its answer lost: they may have been charged. */
  maybeCharged: number;
  /** What the ledger says the finder charged in the run's window; null when it could not be read. */
  charges: RunCharges | null;
  /** A refused key or no credits left: the emails after it were not asked for. */
  stoppedBy: SearchFailure | null;
}

export interface RunDeps {
  client: LeadSearchClient;
  /** The sheet the leads are written to (the Leads sheet, or the one the form names). */
  grid: Grid;
  /** Its name, for messages; the Leads sheet when absent. */
  sheetName?: string;
  /** Keys (leads-sheet.ts) of leads another sheet holds (a CRM export): never written. */
  leftOut?: readonly string[];
  /** Finds each new lead's work email before its row is written; absent: no emails asked for. */
  emails?: LeadEmailFinder;
  /** Where paid leads wait between their answer and their write (document properties). */
  store?: Store;
  /** A new sheet for paid rows the Leads sheet could not take (protected, deleted, full). */
  spareGrid?: () => { name: string; grid: Grid };
  /** Searches per fetchAll: the setting, capped at the spec's 50. */
  chunkSize: number;
  /** Epoch ms: no chunk starts that cannot end before it. */
  deadline: number;
  /** The time now (epoch ms): when a chunk is sent, for the note kept-rows.ts keeps. */
  now?: () => number;
  /** Headers and list cells: readable (the default) or the API's forms (settings). */
  format?: SheetFormat;
  /** The API's ledger: the run's total is read from it (absent: the answers read are added up). */
  ledger?: LedgerReader;
  /**
   * Whether Cancel was pressed (another execution's request, search-cancel.ts): asked before
   * every fetchAll of searches and emails. Absent: the run cannot be cancelled.
   */
  cancelAsked?: () => boolean;
}

/**
 * A search sent and never read: the API may have found and charged its leads (issue 18.4), so
 * "try again" alone would pay for them twice.
 */
function lostAnswer(error: ApiError): Pick<SearchFailure, "message" | "next" | "charged"> {
  const what =
    error.kind === "timeout"
      ? "The search was sent but its answer did not come back in time"
      : error.kind === "malformed"
        ? "The search was sent but its answer came back cut off or unreadable"
        : "The search was sent but the API's gateway answered with an error";
  return {
    message: `${what}: it may have been charged, and the leads it found are not in the sheet.`,
    next: "Check the run's total (read from the API's ledger) or the Credits tab before running it again: a new search pays again for what it finds.",
    charged: "maybe",
  };
}

/** An API error in words that fit a lead search (the client's not_found text speaks of profiles). */
export function searchFailure(error: ApiError): SearchFailure {
  // The client reads a lead search's 404 as the API's "company not found" (spec: "an error").
  const companyNotFound = error.kind === "not_found";
  const failure: SearchFailure = companyNotFound
    ? {
        kind: error.kind,
        message: "The company was not found.",
        next: "Check the company's id or profile link in the Companies sheet.",
      }
    : error.charged === "maybe"
      ? { kind: error.kind, ...lostAnswer(error) }
      : { kind: error.kind, message: error.message, next: error.next };
  return error.hint ? { ...failure, hint: error.hint } : failure;
}

function reportOf(
  search: PlannedSearch,
  outcome: { ok: true; value: LeadSearchResponse } | { ok: false; error: ApiError } | null,
  written: number,
): SearchReport {
  if (outcome === null) {
    return {
      label: search.label,
      state: "not run",
      leads: 0,
      written: 0,
      results_count: "",
      status: "",
      spent: 0,
    };
  }
  if (!outcome.ok) {
    return {
      label: search.label,
      state: "failed",
      leads: 0,
      written: 0,
      results_count: "",
      status: "",
      spent: 0,
      error: searchFailure(outcome.error),
    };
  }
  const { value } = outcome;
  const company = search.request.company_name === undefined ? null : resolvedCompany(value.leads);
  return {
    ...(company ? { company } : {}),
    ...(search.request.company_name === undefined ? {} : { companyName: search.request.company_name }),
    label: search.label,
    state: "ok",
    leads: value.leads.length,
    written,
    results_count: String(value.results_count ?? ""),
    status: String(value.status ?? ""),
    // The no-match answer's amount -1 is no charge (PRODUCTION.md A6).
    spent: leadSearchCredits(value),
  };
}

class LeadsSheetWriter {
  private layout: LeadsLayout | null = null;
  private seen = new Set<string>();
  private nextRow = 2;
  /** Where Email and Email status go (0-based), when the run finds emails. */
  private emailAt: { email: number; status: number } | null = null;
  writes = 0;
  first: number | null = null;

  constructor(
    private readonly grid: Grid,
    private readonly format: SheetFormat = DEFAULT_SHEET_FORMAT,
    private readonly options: { leftOut?: readonly string[]; emails?: boolean } = {},
  ) {}

  /** Reads the header and the key columns once, before the first write. */
  private open(): LeadsLayout {
    if (this.layout) return this.layout;
    try {
      return this.openSheet();
    } catch (error) {
      // The Leads sheet cannot be read (deleted meanwhile): the paid rows go to a spare sheet.
      this.kept = { reason: writeErrorText(error), name: null, rows: 0 };
      this.layout = leadsLayout([]);
      return this.layout;
    }
  }

  private openSheet(): LeadsLayout {
    const lastRow = this.grid.lastRow();
    const width = Math.max(1, this.grid.lastColumn());
    const headers = lastRow >= 1 ? this.grid.read(1, 1, 1, width)[0]!.map(String) : [];
    const layout = this.withEmails(headers, leadsLayout(headers));
    if (lastRow >= 2) this.seen = existingKeys(layout, this.grid.read(2, 1, lastRow - 1, width));
    for (const key of this.options.leftOut ?? []) this.seen.add(key);
    if (layout.appended.length > 0) {
      writeHeaderCells(this.grid, layout.firstNewColumn, layout.appended, LEAD_LABELS, this.format.headers);
      this.writes++;
    }
    this.nextRow = Math.max(2, lastRow + 1);
    this.layout = layout;
    return layout;
  }

  /**
   * The layout with the Email and Email status columns when the run finds emails: the sheet's own
   * (by header, case aside), else added after the layout's columns.
   */
  private withEmails(headers: readonly string[], layout: LeadsLayout): LeadsLayout {
    if (!this.options.emails) return layout;
    const own = headers.slice(0, layout.firstNewColumn - 1);
    const added = headerCells(layout.appended, LEAD_LABELS, this.format.headers).headers;
    const columns = emailColumns([...own, ...added], layout.width);
    this.emailAt = { email: columns.email, status: columns.status };
    return {
      ...layout,
      appended: [...layout.appended, ...columns.added],
      width: layout.width + columns.added.length,
    };
  }

  private pending: CellValue[][] = [];
  private pendingLeads: LeadSearchResponse["leads"] = [];

  /** Takes a search's new leads into the pending block; duplicates (sheet or run) are left out. */
  take(leads: LeadSearchResponse["leads"]): { written: number; duplicates: number } {
    if (leads.length === 0) return { written: 0, duplicates: 0 };
    const {
      rows,
      leads: fresh,
      written,
      duplicates,
    } = newLeadRows(leads, this.open(), this.seen, this.format.lists);
    for (const row of rows) this.pending.push(row);
    for (const lead of fresh) this.pendingLeads.push(lead);
    return { written, duplicates };
  }

  /** Fills the pending rows' Email and Email status cells from `find` (called only with rows). */
  fillEmails(find: (leads: LeadSearchResponse["leads"]) => Array<[CellValue, CellValue]>): void {
    const at = this.emailAt;
    if (at === null || this.pending.length === 0) return;
    const cells = find(this.pendingLeads);
    this.pending.forEach((row, i) => {
      const [email, status] = cells[i] ?? ["", ""];
      row[at.email] = email;
      row[at.status] = status;
    });
  }

  /** Where rows went instead of the Leads sheet, and why; null while the Leads sheet takes them. */
  kept: { reason: string; name: string | null; rows: number } | null = null;
  private spare: { grid: Grid; nextRow: number } | null = null;

  /**
   * Appends the pending rows in one block write. If the Leads sheet throws (a protected range, the
   * sheet deleted, the cell limit), the rows already paid for go to a spare sheet under the
   * layout's field names; the run then sends no more searches.
   */
  flush(spareGrid?: () => { name: string; grid: Grid }): void {
    const rows = this.pending;
    if (rows.length === 0) return;
    this.pending = [];
    this.pendingLeads = [];
    if (this.kept === null) {
      try {
        this.grid.write(this.nextRow, 1, rows);
        this.writes++;
        this.first ??= this.nextRow;
        this.nextRow += rows.length;
        return;
      } catch (error) {
        this.kept = { reason: writeErrorText(error), name: null, rows: 0 };
      }
    }
    this.spare ??= this.openSpare(spareGrid);
    const kept = this.kept;
    kept.rows += rows.length;
    if (this.spare === null) return;
    try {
      this.spare.grid.write(this.spare.nextRow, 1, rows);
      this.spare.nextRow += rows.length;
    } catch {
      this.spare = null;
      kept.name = null;
    }
  }

  private openSpare(spareGrid?: () => { name: string; grid: Grid }): { grid: Grid; nextRow: number } | null {
    if (!spareGrid || !this.layout) return null;
    try {
      const spare = spareGrid();
      const header = new Array<CellValue>(this.layout.width).fill("");
      const notes = new Array<string>(this.layout.width).fill("");
      const fields = this.layout.columns.map((column) => column.field);
      const cells = headerCells(fields, LEAD_LABELS, this.format.headers);
      this.layout.columns.forEach(({ index }, i) => {
        header[index] = cells.headers[i] ?? "";
        notes[index] = cells.notes[i] ?? "";
      });
      // The paid work emails are the run's columns, not the layout's fields: headed as in Leads.
      if (this.emailAt) {
        header[this.emailAt.email] = EMAIL_HEADER;
        header[this.emailAt.status] = EMAIL_STATUS_HEADER;
      }
      spare.grid.write(1, 1, [header]);
      if (this.format.headers === "readable") spare.grid.writeNotes?.(1, 1, [notes]);
      if (this.kept) this.kept.name = spare.name;
      return { grid: spare.grid, nextRow: 2 };
    } catch {
      return null;
    }
  }

  get last(): number {
    return this.nextRow - 1;
  }
}

/** Next page's offset_by: a search with limit_by whose answer was full may have more matches. */
function nextOffsetOf(searches: readonly PlannedSearch[], reports: readonly SearchReport[]): number | null {
  let next: number | null = null;
  searches.forEach((search, index) => {
    const { limit_by: limit, offset_by: offset = 0 } = search.request;
    const report = reports[index];
    if (limit === undefined || report?.state !== "ok" || report.leads < limit) return;
    next = Math.max(next ?? 0, offset + limit);
  });
  return next;
}

/**
 * A search's report over its pages: counts and credits summed; a later page's failure marks the
 * search failed but keeps what the earlier pages paid for.
 */
function mergePage(sofar: SearchReport | null, page: SearchReport): SearchReport {
  if (sofar === null) return page;
  const company = sofar.company ?? page.company;
  return {
    ...(page.state === "ok" ? page : sofar),
    ...(company ? { company } : {}),
    ...(page.error ? { state: page.state, error: page.error } : {}),
    leads: sofar.leads + page.leads,
    written: sofar.written + page.written,
    spent: sofar.spent + page.spent,
  };
}

const KEPT = "leads";

/** What a chunk of pages about to go out notes (kept-rows.ts): when (if known), and the most it may cost. */
function sendingNote(
  slice: ReadonlyArray<{ page: { request: LeadSearchRequest } }>,
  now: number | undefined,
): SendingNote {
  const most = slice.reduce((sum, { page }) => sum + estimateLeadSearchCost(page.request), 0);
  return { at: now === undefined ? "" : new Date(now).toISOString(), maxCredits: most };
}

/** The run saw Cancel: the searches (and pages) not sent by then stay unsent. */
const CANCELLED: SearchFailure = {
  kind: "cancelled",
  message:
    "Cancelled: what had not been sent by then (searches, later pages, emails) was not sent and cost nothing.",
  next: "What was sent and paid for is written. Run the search again for the rest: the leads already in the sheet are left out, so none is paid twice.",
};

/** A search whose later page the run had no time left to send (RUN_BUDGET_MS of the execution). */
const TIME_RAN_OUT: SearchFailure = {
  kind: "time",
  message: "The run's time ran out before this search's next page was sent; the leads it fetched are kept.",
  next: "Run the search again for this company: the leads already in the Leads sheet are left out, so none is paid twice.",
};

export function runLeadSearches(deps: RunDeps, searches: readonly PlannedSearch[]): LeadSearchSummary {
  const mark = deps.ledger ? markLedger(deps.ledger) : null;
  const writer = new LeadsSheetWriter(deps.grid, deps.format, {
    ...(deps.leftOut ? { leftOut: deps.leftOut } : {}),
    emails: deps.emails !== undefined,
  });
  const cancel = trackCancel(deps.cancelAsked);
  const emails = deps.emails ? new EmailPass(deps.emails, deps.deadline, cancel.stop) : null;
  const chunk = Math.max(1, Math.min(50, Math.floor(deps.chunkSize)));
  let stoppedBy: SearchFailure | null = null;
  let duplicates = 0;
  let chunks = 0;
  let throttled = 0;
  let maybeCharged = 0;
  // Leads an earlier run paid for and was cut off before writing: written first (deduplicated).
  const recovered = deps.store ? (takeKept(deps.store, KEPT) as LeadSearchResponse["leads"]) : [];
  let recoveredRows = 0;
  if (recovered.length > 0 && deps.store) {
    recoveredRows = writer.take(recovered).written;
    writer.flush(deps.spareGrid);
    clearKept(deps.store, KEPT);
  }
  const lostEarlier = deps.store ? takeSending(deps.store, KEPT) : null;
  // Rounds of pages (pages.ts): each round sends every unfinished search's next page, so
  // searches still go out in parallel and a company's pages land in order.
  const asked = searches.map(() => 0);
  const finished = searches.map(() => false);
  const merged: Array<SearchReport | null> = searches.map(() => null);
  // A page the batch did not send (the run stopped or its time ran out): the search is not done.
  const unsent = searches.map(() => false);
  while (!stoppedBy) {
    const round = searches.flatMap((search, index) => {
      const request = finished[index] ? null : nextPageRequest(search.request, asked[index]!);
      return request ? [{ index, page: { label: search.label, request } }] : [];
    });
    if (round.length === 0) break;
    for (let start = 0; start < round.length && !stoppedBy; start += chunk) {
      const slice = round.slice(start, start + chunk);
      chunks++;
      if (deps.store) noteSending(deps.store, KEPT, sendingNote(slice, deps.now?.()));
      const result = deps.client.searchLeads(
        slice.map((s) => s.page.request),
        { deadline: deps.deadline, stop: cancel.stop },
      );
      // Paid: kept until written, so a cut-off before the write does not lose them (kept-rows.ts).
      if (deps.store) {
        const paid = result.outcomes.flatMap((outcome) => (outcome?.ok ? outcome.value.leads : []));
        keepRecords(deps.store, KEPT, paid);
      }
      slice.forEach(({ index, page }, i) => {
        const outcome = result.outcomes[i] ?? null;
        const appended = outcome?.ok ? writer.take(outcome.value.leads) : { written: 0, duplicates: 0 };
        duplicates += appended.duplicates;
        const report = reportOf(page, outcome, appended.written);
        if (outcome?.ok === false && outcome.error.charged === "maybe") maybeCharged++;
        if (outcome !== null) merged[index] = mergePage(merged[index] ?? null, report);
        const pageLimit = page.request.limit_by ?? Number.POSITIVE_INFINITY;
        asked[index] = asked[index]! + (page.request.limit_by ?? 0);
        // A short page: no more matches. A failed or unsent page: no later page either.
        if (!outcome?.ok || outcome.value.leads.length < pageLimit) finished[index] = true;
        if (outcome === null) unsent[index] = true;
      });
      if (emails) writer.fillEmails((leads) => emails.find(leads));
      writer.flush(deps.spareGrid);
      if (deps.store) clearKept(deps.store, KEPT);
      throttled += result.throttled ?? 0;
      if (result.stoppedBy) stoppedBy = searchFailure(result.stoppedBy);
      else if (cancel.seen()) stoppedBy = CANCELLED;
      if (writer.kept) {
        // Rows already paid for did not reach the Leads sheet: send no more searches.
        const note = keptRowsMessage({
          sheet: deps.sheetName ?? LEADS_SHEET,
          rows: writer.kept.rows,
          spent: merged.reduce((sum, r) => sum + (r?.spent ?? 0), 0),
          reason: writer.kept.reason,
          keptIn: writer.kept.name,
          ...(emails ? { emailCredits: emails.creditsAtMost() } : {}),
        });
        stoppedBy = { kind: "sheet", ...note };
      }
    }
  }
  const reports = searches.map((search, index) => {
    const report = merged[index] ?? reportOf(search, null, 0);
    // Pages answered, then the run stopped (a daily limit, out of credits, the sheet) or its time
    // ran out before the next page was sent: what was paid is kept, but the search did not get
    // what it asked for.
    const cut =
      unsent[index] || (!finished[index] && nextPageRequest(search.request, asked[index]!) !== null);
    return cut && report.state === "ok"
      ? { ...report, state: "failed" as const, error: stoppedBy ?? TIME_RAN_OUT }
      : report;
  });
  // One read of the run's window for the search's rows and the finder's.
  const charges =
    mark && deps.ledger
      ? chargesByKindSince(
          deps.ledger,
          mark,
          emails === null ? ["lead_search"] : ["lead_search", "email_finder"],
          deps.deadline,
        )
      : null;
  return {
    searches: reports,
    written: reports.reduce((sum, r) => sum + r.written, 0),
    duplicates,
    spent: reports.reduce((sum, r) => sum + r.spent, 0),
    charges: charges?.lead_search ?? null,
    maybeCharged,
    stoppedBy,
    cancelled: stoppedBy === CANCELLED,
    rows: writer.first === null ? null : { first: writer.first, last: writer.last },
    nextOffset: nextOffsetOf(searches, reports),
    throttled,
    recovered: recoveredRows,
    ...(lostEarlier ? { lostEarlier } : {}),
    fetchAllChunks: chunks,
    sheetWrites: writer.writes,
    emails:
      emails === null
        ? null
        : {
            ...emails.summary(),
            charges: charges?.email_finder ?? null,
          },
  };
}

/**
 * The run's email finding, chunk by chunk: once the finder stops the run's emails (a refused key,
 * no credits), the later rows are marked not sent instead of asked.
 */
class EmailPass {
  private counts: Record<string, number> = {};
  private maybeCharged = 0;
  /** Rows the finder answered: each may have been charged (a valid email found, PRODUCTION.md A16). */
  private answered = 0;
  private stoppedBy: SearchFailure | null = null;

  constructor(
    private readonly finder: LeadEmailFinder,
    private readonly deadline: number,
    private readonly stop: () => boolean,
  ) {}

  find(leads: LeadSearchResponse["leads"]): Array<[CellValue, CellValue]> {
    if (this.stoppedBy !== null) {
      this.count("not checked", leads.length);
      return leads.map(() => ["", EMAIL_NOT_CHECKED.notSent]);
    }
    const found = findLeadEmails(this.finder, leads, this.deadline, this.stop);
    for (const [status, rows] of Object.entries(found.counts)) this.count(status, rows);
    this.maybeCharged += found.maybeCharged;
    this.answered += found.sent;
    if (found.stoppedBy) this.stoppedBy = searchFailure(found.stoppedBy);
    return found.cells;
  }

  private count(status: string, rows: number): void {
    this.counts[status] = (this.counts[status] ?? 0) + rows;
  }

  /** Credits the run's emails may have charged: every row answered or sent without an answer. */
  creditsAtMost(): number {
    return this.answered + this.maybeCharged;
  }

  summary(): Omit<LeadEmailsSummary, "charges"> {
    return { counts: this.counts, maybeCharged: this.maybeCharged, stoppedBy: this.stoppedBy };
  }
}
