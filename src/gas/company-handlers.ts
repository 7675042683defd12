/**
 * The Companies tab's server methods: settings, the Companies sheet and document properties come
 * from Apps Script here; the search itself is src/jobs/company-search/ through its ports.
 */
import { chunkLimit } from "../api/client";
import type { CompanySearchDeps } from "../jobs/company-search/deps";
import type { CompanySearchForm } from "../jobs/company-search/form";
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
  type SheetsByName,
} from "../jobs/company-search/leave-out";
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

/** The sheet a search writes to (the Companies sheet, or the form's), created empty when missing. */
function destinationGrid(name: string): CompanySheet {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  return companySheet(spreadsheet.getSheetByName(name) ?? spreadsheet.insertSheet(name));
}

/** The spreadsheet's sheets by name, read without creating any. */
const sheetsByName: SheetsByName = {
  grid(name) {
    const sheet = SpreadsheetApp.getActiveSpreadsheet().getSheetByName(name);
    return sheet ? sheetGrid(sheet) : null;
  },
  names: () =>
    SpreadsheetApp.getActiveSpreadsheet()
      .getSheets()
      .map((sheet) => sheet.getName()),
};

/** What the form's search leaves out: its sheet's companies, and the leave-out sheet's column. */
const exclusions = (form: CompanySearchForm): Exclusions =>
  exclusionsOf(form, sheetsByName, companyIdsInSheet);

function searchSettings() {
  const settings = readSettings();
  return {
    settings,
    limits: { parallel: chunkLimit("companySearch", settings.chunkSize), spendCap: settings.spendCap },
  };
}

function deps(form: CompanySearchForm, excluded: Exclusions): CompanySearchDeps {
  const { settings, limits } = searchSettings();
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
    knownDomains: () => leaveOut?.domains ?? [],
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
  | "companyLastSearch"
  | "companyPresets"
  | "companySavePreset"
  | "companyDeletePreset"
> = {
  companyEstimate: (arg) => {
    const form = readForm(arg);
    return estimateCompanySearch(form, searchSettings().limits, savedKeyBalance, exclusions(form));
  },
  companyRun: (arg) => {
    const { form: raw, confirmedCredits } = Object(arg) as { form?: unknown; confirmedCredits?: unknown };
    if (!hasApiKey(readSettings())) throw noKey();
    const form = readForm(raw);
    const excluded = exclusions(form);
    const confirmed = typeof confirmedCredits === "number" ? confirmedCredits : 0;
    return runCompanySearch(deps(form, excluded), form, confirmed, excluded.problems);
  },
  companyLastSearch: () => loadLastSearch(documentStore()),
  companyPresets: () => loadPresets(documentStore()),
  companySavePreset: (arg) =>
    savePreset(documentStore(), nameOf(arg), readForm((Object(arg) as { form?: unknown }).form)),
  companyDeletePreset: (arg) => deletePreset(documentStore(), nameOf(arg)),
};
