/**
 * The Companies tab's server methods: settings, the Companies sheet and document properties come
 * from Apps Script here; the search itself is src/jobs/company-search/ through its ports.
 */
import { type AccountState, searchesLeftNote, searchParallel } from "../api/account";
import { chunkLimit } from "../api/client";
import type { CompanySearchDeps } from "../jobs/company-search/deps";
import { hasProblems, planSearch } from "../jobs/company-search/form";
import {
  COMPANIES_SHEET,
  type CompanySheet,
  deletePreset,
  estimateCompanySearch,
  loadLastSearch,
  loadPresets,
  readForm,
  runCompanySearch,
  savePreset,
} from "../jobs/company-search/index";
import { companyIdsInSheet } from "../jobs/company-search/sheet";
import { JobError } from "../jobs/enrich/deps";
import type { RpcHandlers } from "../rpc";
import { sheetGrid } from "./grid";
import { appsScriptClock } from "./http";
import { documentStore } from "./job-store";
import { documentLock } from "./lock";
import { accountOrNull, connectClient, hasApiKey, savedKeyAccount } from "./settings-client";
import { readSettings } from "./settings-store";
import { appendRoom, spareSheet } from "./sheet-room";

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

/** The Companies sheet, created (with nothing in it yet) when missing. */
function companiesSheet(): CompanySheet {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  return companySheet(
    spreadsheet.getSheetByName(COMPANIES_SHEET) ?? spreadsheet.insertSheet(COMPANIES_SHEET),
  );
}

/** The ids the Companies sheet holds, read without creating it (none when it does not exist). */
function knownCompanyIds(): string[] {
  const sheet = SpreadsheetApp.getActiveSpreadsheet().getSheetByName(COMPANIES_SHEET);
  return sheet ? companyIdsInSheet(sheetGrid(sheet)) : [];
}

/**
 * The settings, and the pages sent at once: the account's parallel-search limit (users/me) within
 * Settings' batch size, so the pages start at the pace the account allows instead of meeting 429s.
 */
function searchSettings(account: AccountState | null) {
  const settings = readSettings();
  const parallel = searchParallel(chunkLimit("companySearch", settings.chunkSize), account);
  return { settings, limits: { parallel, spendCap: settings.spendCap } };
}

function deps(): CompanySearchDeps {
  const saved = readSettings();
  const { settings, limits } = searchSettings(hasApiKey(saved) ? accountOrNull(connectClient(saved)) : null);
  return {
    client: () => {
      if (!hasApiKey(settings)) throw noKey();
      return connectClient(settings);
    },
    sheet: companiesSheet,
    knownIds: knownCompanyIds,
    room: (rows, width) => appendRoom(COMPANIES_SHEET, rows, width),
    spareSheet: () => {
      const sheet = spareSheet(COMPANIES_SHEET);
      return { name: sheet.getName(), sheet: companySheet(sheet) };
    },
    store: documentStore(),
    lock: documentLock(),
    clock: appsScriptClock,
    settings: limits,
    format: settings.sheetFormat,
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
  | "companyLastSearch"
  | "companyPresets"
  | "companySavePreset"
  | "companyDeletePreset"
> = {
  companyEstimate: (arg) => {
    const form = readForm(arg);
    // A form with problems sends nothing, not even the free account read.
    const { view, account } = hasProblems(planSearch(form).problems)
      ? { view: { balance: null, balanceError: null }, account: null }
      : savedKeyAccount();
    const estimate = estimateCompanySearch(
      form,
      searchSettings(account).limits,
      () => view,
      knownCompanyIds().length,
    );
    return { ...estimate, searchesLeft: searchesLeftNote(estimate.pages, account) };
  },
  companyRun: (arg) => {
    const { form, confirmedCredits } = Object(arg) as { form?: unknown; confirmedCredits?: unknown };
    if (!hasApiKey(readSettings())) throw noKey();
    const confirmed = typeof confirmedCredits === "number" ? confirmedCredits : 0;
    return runCompanySearch(deps(), readForm(form), confirmed);
  },
  companyLastSearch: () => loadLastSearch(documentStore()),
  companyPresets: () => loadPresets(documentStore()),
  companySavePreset: (arg) =>
    savePreset(documentStore(), nameOf(arg), readForm((Object(arg) as { form?: unknown }).form)),
  companyDeletePreset: (arg) => deletePreset(documentStore(), nameOf(arg)),
};
