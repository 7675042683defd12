/**
 * The Companies tab's server methods: settings, the Companies sheet and document properties come
 * from Apps Script here; the search itself is src/jobs/company-search/ through its ports.
 */
import { type AccountState, searchesLeftNote, searchParallel } from "../api/account";
import { chunkLimit } from "../api/client";
import type { CompanySearchDeps } from "../jobs/company-search/deps";
import { type CompanySearchForm, hasProblems, planSearch } from "../jobs/company-search/form";
import {
  type CompanySheet,
  deletePreset,
  estimateCompanySearch,
  loadLastSearch,
  loadPresets,
  readForm,
  runCompanySearch,
  savePreset,
} from "../jobs/company-search/index";
import {
  destinationSheet,
  type Exclusions,
  exclusionsOf,
  unidentifiedDomains,
} from "../jobs/company-search/leave-out";
import { COMPANIES_SHEET, companyIdsInSheet } from "../jobs/company-search/sheet";
import { JobError } from "../jobs/enrich/deps";
import { destinationName } from "../jobs/sheet-choice";
import type { RpcHandlers } from "../rpc";
import { sheetGrid } from "./grid";
import { appsScriptClock } from "./http";
import { documentStore } from "./job-store";
import { documentLock } from "./lock";
import { cancelSearch, endSearch, runIdOf, startSearch } from "./search-cancel";
import { accountOrNull, connectClient, hasApiKey, savedKeyAccount } from "./settings-client";
import { readSettings } from "./settings-store";
import { appendRoom, spareSheet } from "./sheet-room";
import { sheetsByName } from "./sheets-by-name";

function noKey(): JobError {
  return new JobError(
    "auth",
    "No API key is saved yet.",
    "Open Settings, paste your API key and press Save.",
  );
}

const companySheet = (sheet: GoogleAppsScript.Spreadsheet.Sheet): CompanySheet => ({
  ...sheetGrid(sheet),
  freezeHeader: () => sheet.setFrozenRows(1),
});

/** The sheet a search writes to (the Companies sheet, or the form's), created empty when missing. */
function destinationGrid(name: string): CompanySheet {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  return companySheet(spreadsheet.getSheetByName(name) ?? spreadsheet.insertSheet(name));
}

/** What the form's search leaves out: its sheet's companies, and the leave-out sheet's column. */
const exclusions = (form: CompanySearchForm): Exclusions =>
  exclusionsOf(form, sheetsByName, companyIdsInSheet);

/** The form with its sheet named as the spreadsheet spells it ("japan accounts" -> "Japan accounts"). */
const withSheetNamed = (form: CompanySearchForm): CompanySearchForm => ({
  ...form,
  sheet_name: destinationName(form.sheet_name, COMPANIES_SHEET, sheetsByName.names()),
});

/**
 * The settings, and the pages sent at once: the account's parallel-search limit (users/me) within
 * Settings' batch size, so the pages start at the pace the account allows instead of meeting 429s.
 */
function searchSettings(account: AccountState | null) {
  const settings = readSettings();
  const parallel = searchParallel(chunkLimit("companySearch", settings.chunkSize), account);
  return { settings, limits: { parallel, spendCap: settings.spendCap } };
}

function deps(form: CompanySearchForm, excluded: Exclusions): CompanySearchDeps {
  const saved = readSettings();
  const { settings, limits } = searchSettings(hasApiKey(saved) ? accountOrNull(connectClient(saved)) : null);
  const name = destinationSheet(form.sheet_name);
  const leaveOut = excluded.leaveOut;
  return {
    client: () => {
      if (!hasApiKey(settings)) throw noKey();
      return connectClient(settings);
    },
    sheet: () => destinationGrid(name),
    sheetName: name,
    // Read again under the run's lock: what the sheet holds now is what must not be charged again.
    knownIds: () => [...companyIdsInSheet(destinationGrid(name)), ...(leaveOut?.ids ?? [])],
    knownDomains: () => [...unidentifiedDomains(destinationGrid(name)), ...(leaveOut?.domains ?? [])],
    room: (rows, width) => appendRoom(name, rows, width),
    spareSheet: () => {
      const sheet = spareSheet(name);
      return { name: sheet.getName(), sheet: companySheet(sheet) };
    },
    store: documentStore(),
    lock: documentLock(),
    clock: appsScriptClock,
    settings: limits,
    format: settings.sheetFormat,
    ledger: () => (hasApiKey(settings) ? connectClient(settings) : null),
  };
}

function nameOf(arg: unknown): string {
  const name = (Object(arg) as { name?: unknown }).name;
  return typeof name === "string" ? name : "";
}

export const companyHandlers: Pick<
  RpcHandlers,
  | "companyEstimate"
  | "companyRun"
  | "companyCancel"
  | "companyLastSearch"
  | "companyPresets"
  | "companySavePreset"
  | "companyDeletePreset"
> = {
  companyEstimate: (arg) => {
    const form = withSheetNamed(readForm(arg));
    const excluded = exclusions(form);
    // A form with problems sends nothing, not even the free account read.
    const { view, account } =
      hasProblems(planSearch(form).problems) || hasProblems(excluded.problems)
        ? { view: { balance: null, balanceError: null }, account: null }
        : savedKeyAccount();
    const estimate = estimateCompanySearch(form, searchSettings(account).limits, () => view, excluded);
    return { ...estimate, searchesLeft: searchesLeftNote(estimate.pages, account) };
  },
  companyRun: (arg) => {
    const { form: raw, confirmedCredits } = Object(arg) as { form?: unknown; confirmedCredits?: unknown };
    if (!hasApiKey(readSettings())) throw noKey();
    const form = withSheetNamed(readForm(raw));
    const excluded = exclusions(form);
    const confirmed = typeof confirmedCredits === "number" ? confirmedCredits : 0;
    const runId = runIdOf(arg);
    const cancelAsked = startSearch(runId);
    try {
      const searchDeps = { ...deps(form, excluded), ...(cancelAsked ? { cancelAsked } : {}) };
      return runCompanySearch(searchDeps, form, confirmed, excluded.problems);
    } finally {
      endSearch(runId);
    }
  },
  companyCancel: (arg) => cancelSearch(runIdOf(arg)),
  companyLastSearch: () => loadLastSearch(documentStore()),
  companyPresets: () => loadPresets(documentStore()),
  companySavePreset: (arg) =>
    savePreset(documentStore(), nameOf(arg), readForm((Object(arg) as { form?: unknown }).form)),
  companyDeletePreset: (arg) => deletePreset(documentStore(), nameOf(arg)),
};
