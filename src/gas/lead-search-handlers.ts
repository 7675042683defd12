/**
 * The Leads tab's server methods: the selection, settings and sheets come from Apps Script here;
 * the work is src/jobs/lead-search/'s, through ports.
 */
import { searchesLeftNote, searchParallel } from "../api/account";
import { chunkLimit } from "../api/client";
import type { Problem } from "../api/errors";
import type { LeadSearchRequest } from "../api/wire";
import { JobError } from "../jobs/enrich/deps";
import { type CompanySelection, isCompanyHeader, selectedCompanies } from "../jobs/lead-search/companies";
import type { LeadSearchForm } from "../jobs/lead-search/form";
import {
  type KnownLeads,
  knownLeads,
  NO_KNOWN_LEADS,
  withKnownLeadsExcluded,
} from "../jobs/lead-search/known-leads";
import { DEFAULT_LEAD_COLUMNS, LEADS_SHEET } from "../jobs/lead-search/leads-sheet";
import { nextUnfetchedOffset } from "../jobs/lead-search/next-page";
import { nextPageRequest } from "../jobs/lead-search/pages";
import { planSearches } from "../jobs/lead-search/plan";
import { runLeadSearches } from "../jobs/lead-search/run";
import { checkRoom } from "../jobs/paid-rows";
import { deletePersonaPreset, loadPersonaPresets, savePersonaPreset } from "../jobs/presets/personas";
import type { RpcHandlers } from "../rpc";
import type { LeadsCompanySelection } from "../rpc/leads";
import { companyChoicesFor } from "./company-choices";
import { sheetGrid } from "./grid";
import { appsScriptClock } from "./http";
import { documentStore } from "./job-store";
import { documentLock } from "./lock";
import { accountOrNull, accountReading, connectClient, hasApiKey } from "./settings-client";
import { readSettings } from "./settings-store";
import { appendRoom, spareSheet } from "./sheet-room";

/** Searches stop starting after this much of the 6-minute execution (a search may take 60 s). */
const RUN_BUDGET_MS = 4 * 60 * 1000;
/** Searches per run: four fetchAll chunks of 50 fit the budget even when each takes a minute. */
export const MAX_SEARCHES_PER_RUN = 200;

function selection(): LeadsCompanySelection {
  const range = SpreadsheetApp.getActiveRange();
  const empty = (sheetName: string, note: string): LeadsCompanySelection => ({
    sheetName,
    companies: [],
    skipped: [],
    note,
  });
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
  };
}

function formOf(arg: unknown): LeadSearchForm {
  const form = (Object(arg) as { form?: unknown }).form;
  if (typeof form !== "object" || form === null || !Array.isArray((form as LeadSearchForm).personas)) {
    throw new JobError("bad_request", "The search form did not reach the server.");
  }
  return form as LeadSearchForm;
}

function plan(form: LeadSearchForm) {
  const companies = form.target.kind === "selected_companies" ? selection().companies : [];
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

function capProblem(maxCredits: number, cap: number, searches: number): Problem {
  const perSearch = Math.floor(cap / Math.max(1, searches));
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
 * The leads the Leads sheet holds, read without creating it: every search leaves them out by
 * sales id (exclude_ids, PRODUCTION.md A7) or, without one, by name (exclude_names), so a re-run
 * or a people-search URL pays for no lead already there that the API can recognise.
 */
function knownInLeadsSheet(): KnownLeads {
  const sheet = SpreadsheetApp.getActiveSpreadsheet().getSheetByName(LEADS_SHEET);
  if (!sheet || sheet.getLastRow() < 2) return NO_KNOWN_LEADS;
  const grid = sheetGrid(sheet);
  const width = Math.max(1, grid.lastColumn());
  const headers = grid.read(1, 1, 1, width)[0] ?? [];
  return knownLeads(headers, grid.read(2, 1, grid.lastRow() - 1, width));
}

/** What the estimate and the result say of the known leads. */
function knownCounts(known: KnownLeads) {
  return {
    knownExcluded: known.salesIds.length,
    knownByName: known.names.length,
    knownUnexcludable: known.unexcludable,
  };
}

function leadsSheet(): GoogleAppsScript.Spreadsheet.Sheet {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  return spreadsheet.getSheetByName(LEADS_SHEET) ?? spreadsheet.insertSheet(LEADS_SHEET);
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
  "leadsSelection" | "leadsEstimate" | "leadsRun" | "leadsPresets" | "leadsSavePreset" | "leadsDeletePreset"
> = {
  leadsSelection: () => selection(),
  leadsEstimate: (arg) => {
    const planned = plan(formOf(arg));
    if (planned.problems.length > 0) return { ok: false, problems: planned.problems };
    const { settings, client } = connected();
    const { view, account } = accountReading(client.account());
    return {
      ok: true,
      searches: planned.searches.length,
      maxCredits: planned.maxCredits,
      ...view,
      cap: settings.spendCap,
      ...knownCounts(knownInLeadsSheet()),
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
    if (planned.problems.length > 0) return { ok: false, problems: planned.problems };
    const { settings, client } = connected();
    if (planned.maxCredits > settings.spendCap) {
      return {
        ok: false,
        problems: [capProblem(planned.maxCredits, settings.spendCap, planned.searches.length)],
      };
    }
    const confirmed = Number((Object(arg) as { confirmedMaxCredits?: unknown }).confirmedMaxCredits);
    if (!(planned.maxCredits <= confirmed)) {
      throw new JobError(
        "stale",
        `The search now costs up to ${planned.maxCredits} credits, more than you confirmed.`,
        "Press Estimate again (the selection or the form changed).",
      );
    }
    const lock = documentLock();
    if (!lock.tryAcquire(10_000)) {
      throw new JobError("busy", "Another run is writing to this spreadsheet.", "Try again in a minute.");
    }
    try {
      // Before the sheet is created or anything is sent: a full spreadsheet costs nothing.
      const existing = SpreadsheetApp.getActiveSpreadsheet().getSheetByName(LEADS_SHEET);
      const width = Math.max(existing?.getLastColumn() ?? 0, DEFAULT_LEAD_COLUMNS.length);
      checkRoom(appendRoom(LEADS_SHEET, planned.maxCredits, width), `up to ${planned.maxCredits} more leads`);
      // Under the lock: what the Leads sheet holds now is what must not be charged again.
      const known = knownInLeadsSheet();
      const searches = planned.searches.map((search) => ({
        ...search,
        request: withKnownLeadsExcluded(search.request, known),
      }));
      const sheet = leadsSheet();
      const summary = runLeadSearches(
        {
          client,
          grid: sheetGrid(sheet),
          store: documentStore(),
          spareGrid: () => {
            const spare = spareSheet(LEADS_SHEET);
            return { name: spare.getName(), grid: sheetGrid(spare) };
          },
          // At the account's parallel limit from the first chunk (users/me), not the spec's 50.
          chunkSize: searchParallel(chunkLimit("leadSearch", settings.chunkSize), accountOrNull(client)),
          deadline: appsScriptClock.now() + RUN_BUDGET_MS,
          format: settings.sheetFormat,
          ledger: client,
        },
        searches,
      );
      try {
        if (sheet.getFrozenRows() === 0 && sheet.getLastRow() >= 1) sheet.setFrozenRows(1);
      } catch {
        // Deleted during the run: its rows went to a spare sheet (summary.stoppedBy says which).
      }
      return {
        ok: true,
        sheetName: sheet.getName(),
        ...summary,
        nextOffset: nextUnfetchedOffset(summary),
        companyChoices: companyChoicesFor(form),
        ...knownCounts(known),
      };
    } finally {
      lock.release();
    }
  },
  leadsPresets: () => loadPersonaPresets(documentStore()),
  // The argument's shape is checked at the door (src/rpc/guards.ts); the name is checked here.
  leadsSavePreset: (preset) => savePersonaPreset(documentStore(), preset.name, preset.personas),
  leadsDeletePreset: ({ name }) => deletePersonaPreset(documentStore(), name),
};
