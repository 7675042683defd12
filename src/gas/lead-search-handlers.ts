/**
 * The Leads tab's server methods: the selection, settings and sheets come from Apps Script here;
 * the work is src/jobs/lead-search/'s, through ports.
 */
import { searchesLeftNote, searchParallel } from "../api/account";
import { chunkLimit } from "../api/client";
import type { Problem } from "../api/errors";
import type { LeadSearchRequest } from "../api/wire";
import { JobError } from "../jobs/enrich/deps";
import { apiFieldProblems } from "../jobs/lead-search/api-problems";
import {
  type CompanySelection,
  isCompanyHeader,
  readSelectionPin,
  selectedCompanies,
  selectionPin,
} from "../jobs/lead-search/companies";
import type { LeadSearchForm } from "../jobs/lead-search/form";
import {
  type KnownLeads,
  knownLeads,
  NO_KNOWN_LEADS,
  withKnownLeadsExcluded,
} from "../jobs/lead-search/known-leads";
import { DEFAULT_LEAD_COLUMNS, LEADS_SHEET } from "../jobs/lead-search/leads-sheet";
import { type LeadLeaveOut, leadLeaveOut } from "../jobs/lead-search/leave-out";
import { nextUnfetchedOffset } from "../jobs/lead-search/next-page";
import { nextPageRequest } from "../jobs/lead-search/pages";
import { planSearches } from "../jobs/lead-search/plan";
import { runLeadSearches } from "../jobs/lead-search/run";
import { checkRoom } from "../jobs/paid-rows";
import { deletePersonaPreset, loadPersonaPresets, savePersonaPreset } from "../jobs/presets/personas";
import { destinationName } from "../jobs/sheet-choice";
import { destinationProblem } from "../jobs/sheet-kind";
import type { RpcHandlers } from "../rpc";
import type { LeadsCompanySelection } from "../rpc/leads";
import { companyChoicesFor } from "./company-choices";
import { sheetGrid } from "./grid";
import { appsScriptClock } from "./http";
import { documentStore } from "./job-store";
import { documentLock } from "./lock";
import { cancelSearch, endSearch, runIdOf, startSearch } from "./search-cancel";
import { accountOrNull, accountReading, connectClient, hasApiKey } from "./settings-client";
import { readSettings } from "./settings-store";
import { appendRoom, spareSheet } from "./sheet-room";
import { sheetsByName } from "./sheets-by-name";

/** Searches stop starting after this much of the 6-minute execution (a search may take 60 s). */
const RUN_BUDGET_MS = 4 * 60 * 1000;
/** Searches per run: four fetchAll chunks of 50 fit the budget even when each takes a minute. */
export const MAX_SEARCHES_PER_RUN = 200;

/**
 * The selected company rows: the ones the sidebar pinned with Use selection (the target's value),
 * else the active range. The pin keeps the estimate and the run on the rows the tab showed.
 */
function selection(pinned = ""): LeadsCompanySelection {
  const empty = (sheetName: string, note: string): LeadsCompanySelection => ({
    sheetName,
    companies: [],
    skipped: [],
    note,
    pin: "",
  });
  const pin = readSelectionPin(pinned);
  const pinnedSheet = pin ? SpreadsheetApp.getActiveSpreadsheet().getSheetByName(pin.sheet) : null;
  if (pin && !pinnedSheet) {
    return empty(
      pin.sheet,
      `${pin.sheet} is not there any more: select company rows, then press Use selection.`,
    );
  }
  const range = pin && pinnedSheet ? pinnedSheet.getRange(pin.a1) : SpreadsheetApp.getActiveRange();
  if (!range) return empty("", "Nothing is selected: select rows of the Companies sheet.");
  const sheet = range.getSheet();
  const grid = sheetGrid(sheet);
  const width = Math.max(1, grid.lastColumn());
  const headers = grid.read(1, 1, 1, width)[0] ?? [];
  if (!isCompanyHeader(headers)) {
    return empty(
      sheet.getName(),
      `${sheet.getName()} has no network_id or network_link column: select rows of the Companies sheet.`,
    );
  }
  const rows = grid.read(range.getRow(), 1, range.getNumRows(), width);
  const found: CompanySelection = selectedCompanies(headers, rows, range.getRow());
  return {
    sheetName: sheet.getName(),
    ...found,
    note: found.companies.length === 0 ? "The selected rows name no company: select company rows." : "",
    pin: selectionPin(sheet.getName(), range.getA1Notation()),
  };
}

/** The form, its sheet named as the spreadsheet spells it ("leads" -> the Leads sheet). */
function formOf(arg: unknown): LeadSearchForm {
  const form = (Object(arg) as { form?: unknown }).form;
  if (typeof form !== "object" || form === null || !Array.isArray((form as LeadSearchForm).personas)) {
    throw new JobError("bad_request", "The search form did not reach the server.");
  }
  const typed = form as LeadSearchForm;
  return { ...typed, sheet_name: destinationName(typed.sheet_name ?? "", LEADS_SHEET, sheetsByName.names()) };
}

/** The sheet the form writes to (formOf has named it). */
const destinationOf = (form: LeadSearchForm) => form.sheet_name || LEADS_SHEET;

/** A destination sheet of companies, or with its headers below a title, takes no leads (sheet-kind.ts). */
function destinationProblems(form: LeadSearchForm): Problem[] {
  const name = destinationOf(form);
  const problem = destinationProblem(name, sheetsByName.grid(name), "leads");
  return problem ? [{ path: "sheet_name", ...problem }] : [];
}

/** The form's leave-out column (a CRM export), read; its problems at their fields. */
function leaveOutOf(form: LeadSearchForm): LeadLeaveOut | null | Problem[] {
  const read = leadLeaveOut(
    { leave_out_sheet: form.leave_out_sheet ?? "", leave_out_column: form.leave_out_column ?? "" },
    sheetsByName,
  );
  if (read === null || !("problems" in read)) return read;
  return Object.entries(read.problems).flatMap(([path, messages]) =>
    // The sidebar shows "message. hint": the sentence without its full stop.
    (messages ?? []).map((message) => ({ path, message: message.replace(/\.$/, ""), hint: "" })),
  );
}

/** Search credits at most, and email credits at most (one a lead written, when asked for). */
function creditsOf(form: LeadSearchForm, searchCredits: number) {
  const emailCredits = form.find_emails ? searchCredits : 0;
  return { searchCredits, emailCredits, maxCredits: searchCredits + emailCredits };
}

function plan(form: LeadSearchForm) {
  const companies = form.target.kind === "selected_companies" ? selection(form.target.value).companies : [];
  const planned = planSearches(form, companies);
  if (planned.searches.length > MAX_SEARCHES_PER_RUN) {
    planned.problems.push({
      path: "selected_companies",
      message: `${planned.searches.length} companies are selected, more than ${MAX_SEARCHES_PER_RUN} per run`,
      hint: `Select at most ${MAX_SEARCHES_PER_RUN} company rows at a time.`,
    });
  }
  return planned;
}

function capProblem(maxCredits: number, cap: number, searches: number, emails: boolean): Problem {
  // With emails, each lead may cost a credit for its search and one for its email.
  const perSearch = Math.floor(cap / Math.max(1, searches) / (emails ? 2 : 1));
  return {
    path: "limit_by",
    message: `up to ${maxCredits} credits is more than your spend cap of ${cap}`,
    hint:
      perSearch >= 1
        ? `Set Max leads per search to ${perSearch} or less, or raise the spend cap in Settings.`
        : "Select fewer companies, or raise the spend cap in Settings.",
  };
}

function connected() {
  const settings = readSettings();
  if (!hasApiKey(settings)) {
    throw new JobError(
      "auth",
      "No API key is saved yet.",
      "Open Settings, paste your API key and press Save.",
    );
  }
  return { settings, client: connectClient(settings) };
}

/**
 * The leads the destination sheet holds, read without creating it: every search leaves them out
 * by sales id (exclude_ids, PRODUCTION.md A7) or, without one, by name (exclude_names), so a re-run
 * or a people-search URL pays for no lead already there that the API can recognise.
 */
function knownInSheet(name: string): KnownLeads {
  const sheet = SpreadsheetApp.getActiveSpreadsheet().getSheetByName(name);
  if (!sheet || sheet.getLastRow() < 2) return NO_KNOWN_LEADS;
  const grid = sheetGrid(sheet);
  const width = Math.max(1, grid.lastColumn());
  const headers = grid.read(1, 1, 1, width)[0] ?? [];
  return knownLeads(headers, grid.read(2, 1, grid.lastRow() - 1, width));
}

/** What the estimate and the result say of the known leads, and of the leave-out column's. */
function knownCounts(known: KnownLeads, leaveOut: LeadLeaveOut | null) {
  return {
    knownExcluded: known.salesIds.length,
    knownByName: known.names.length,
    knownUnexcludable: known.unexcludable,
    leaveOut: leaveOut
      ? {
          sheet: leaveOut.sheet,
          column: leaveOut.column,
          excluded: leaveOut.salesIds.length,
          unexcludable: leaveOut.unexcludable,
          unmatched: leaveOut.unmatched,
        }
      : null,
  };
}

/** The destination's known leads and the leave-out column's sales ids, as one exclusion list. */
function withLeftOut(known: KnownLeads, leaveOut: LeadLeaveOut | null): KnownLeads {
  if (leaveOut === null) return known;
  return { ...known, salesIds: [...new Set([...known.salesIds, ...leaveOut.salesIds])] };
}

function destinationSheet(name: string): GoogleAppsScript.Spreadsheet.Sheet {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  return spreadsheet.getSheetByName(name) ?? spreadsheet.insertSheet(name);
}

/**
 * The requests a search sends at most: one, or one per page when it asks for more leads than one
 * request returns (pages.ts). Each counts against the account's daily searches.
 */
function requestsOf(request: LeadSearchRequest): number {
  let requests = 0;
  let asked = 0;
  for (let page = nextPageRequest(request, 0); page !== null; page = nextPageRequest(request, asked)) {
    requests++;
    const size = page.limit_by ?? 0;
    if (size <= 0) break;
    asked += size;
  }
  return requests;
}

export const leadSearchHandlers: Pick<
  RpcHandlers,
  | "leadsSelection"
  | "leadsEstimate"
  | "leadsRun"
  | "leadsCancel"
  | "leadsPresets"
  | "leadsSavePreset"
  | "leadsDeletePreset"
> = {
  leadsSelection: () => selection(),
  leadsEstimate: (arg) => {
    const form = formOf(arg);
    const planned = plan(form);
    const leaveOut = leaveOutOf(form);
    const problems = [
      ...planned.problems,
      ...(Array.isArray(leaveOut) ? leaveOut : []),
      ...destinationProblems(form),
    ];
    if (problems.length > 0) return { ok: false, problems };
    const left = Array.isArray(leaveOut) ? null : leaveOut;
    const { settings, client } = connected();
    const { view, account } = accountReading(client);
    return {
      ok: true,
      searches: planned.searches.length,
      ...creditsOf(form, planned.maxCredits),
      sheetName: destinationOf(form),
      ...view,
      cap: settings.spendCap,
      ...knownCounts(knownInSheet(destinationOf(form)), left),
      parallel: searchParallel(chunkLimit("leadSearch", settings.chunkSize), account),
      searchesLeft: searchesLeftNote(
        planned.searches.reduce((sum, search) => sum + requestsOf(search.request), 0),
        account,
      ),
    };
  },
  leadsRun: (arg) => {
    const form = formOf(arg);
    const planned = plan(form);
    const leaveOut = leaveOutOf(form);
    const problems = [
      ...planned.problems,
      ...(Array.isArray(leaveOut) ? leaveOut : []),
      ...destinationProblems(form),
    ];
    if (problems.length > 0) return { ok: false, problems };
    const left = Array.isArray(leaveOut) ? null : leaveOut;
    const { settings, client } = connected();
    const { maxCredits } = creditsOf(form, planned.maxCredits);
    if (maxCredits > settings.spendCap) {
      return {
        ok: false,
        problems: [
          capProblem(maxCredits, settings.spendCap, planned.searches.length, form.find_emails === true),
        ],
      };
    }
    const confirmed = Number((Object(arg) as { confirmedMaxCredits?: unknown }).confirmedMaxCredits);
    if (!(maxCredits <= confirmed)) {
      throw new JobError(
        "stale",
        `The search now costs up to ${maxCredits} credits, more than you confirmed.`,
        "Press Estimate again (the selection or the form changed).",
      );
    }
    const runId = runIdOf(arg);
    const cancelAsked = startSearch(runId);
    const lock = documentLock();
    if (!lock.tryAcquire(10_000)) {
      throw new JobError("busy", "Another run is writing to this spreadsheet.", "Try again in a minute.");
    }
    try {
      // Before the sheet is created or anything is sent: a full spreadsheet costs nothing.
      const name = destinationOf(form);
      const existing = SpreadsheetApp.getActiveSpreadsheet().getSheetByName(name);
      // Two more columns when emails are found (Email, Email status).
      const width = Math.max(existing?.getLastColumn() ?? 0, DEFAULT_LEAD_COLUMNS.length) + 2;
      checkRoom(appendRoom(name, planned.maxCredits, width), `up to ${planned.maxCredits} more leads`);
      // Under the lock: what the sheet holds now is what must not be charged again.
      const known = knownInSheet(name);
      const excluded = withLeftOut(known, left);
      const searches = planned.searches.map((search) => ({
        ...search,
        request: withKnownLeadsExcluded(search.request, excluded),
      }));
      const sheet = destinationSheet(name);
      const summary = runLeadSearches(
        {
          client,
          grid: sheetGrid(sheet),
          sheetName: name,
          ...(left ? { leftOut: left.keys } : {}),
          ...(form.find_emails ? { emails: client } : {}),
          store: documentStore(),
          spareGrid: () => {
            const spare = spareSheet(name);
            return { name: spare.getName(), grid: sheetGrid(spare) };
          },
          // At the account's parallel limit from the first chunk (users/me), not the spec's 50.
          chunkSize: searchParallel(chunkLimit("leadSearch", settings.chunkSize), accountOrNull(client)),
          deadline: appsScriptClock.now() + RUN_BUDGET_MS,
          now: () => appsScriptClock.now(),
          format: settings.sheetFormat,
          ledger: client,
          ...(cancelAsked ? { cancelAsked } : {}),
        },
        searches,
      );
      let sheetName = name;
      try {
        sheetName = sheet.getName();
        if (sheet.getFrozenRows() === 0 && sheet.getLastRow() >= 1) sheet.setFrozenRows(1);
        // A sheet this run made and wrote nothing to (refused, cancelled, no match) is not left behind.
        if (!existing && sheet.getLastRow() === 0) SpreadsheetApp.getActiveSpreadsheet().deleteSheet(sheet);
      } catch {
        // Deleted during the run: its rows went to a spare sheet (summary.stoppedBy says which).
      }
      return {
        ok: true,
        sheetName,
        ...summary,
        nextOffset: nextUnfetchedOffset(summary),
        companyChoices: companyChoicesFor(form),
        ...knownCounts(known, left),
        problems: apiFieldProblems(summary.searches),
      };
    } finally {
      lock.release();
      endSearch(runId);
    }
  },
  leadsCancel: (arg) => cancelSearch(runIdOf(arg)),
  leadsPresets: () => loadPersonaPresets(documentStore()),
  // The argument's shape is checked at the door (src/rpc/guards.ts); the name is checked here.
  leadsSavePreset: (preset) => savePersonaPreset(documentStore(), preset.name, preset.personas),
  leadsDeletePreset: ({ name }) => deletePersonaPreset(documentStore(), name),
};
