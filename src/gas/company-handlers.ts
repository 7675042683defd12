/**
 * The Companies tab's server methods: settings, the Companies sheet and document properties come
 * from Apps Script here; the search itself is src/jobs/company-search/ through its ports.
 */
import { chunkLimit } from "../api/client";
import type { CompanySearchDeps } from "../jobs/company-search/deps";
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
import { connectClient, hasApiKey, savedKeyBalance } from "./settings-client";
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

function searchSettings() {
  const settings = readSettings();
  return {
    settings,
    limits: { parallel: chunkLimit("companySearch", settings.chunkSize), spendCap: settings.spendCap },
  };
}

function deps(): CompanySearchDeps {
  const { settings, limits } = searchSettings();
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
  | "companyLastSearch"
  | "companyPresets"
  | "companySavePreset"
  | "companyDeletePreset"
> = {
  companyEstimate: (form) =>
    estimateCompanySearch(readForm(form), searchSettings().limits, savedKeyBalance, knownCompanyIds().length),
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
