/** The change history's ports in Apps Script, and the ChangeLog the enrichment job reports to. */
import type { ChangeLog } from "../jobs/enrich/ports";
import { historyLog } from "../jobs/history/log";
import type { HistoryDeps } from "../jobs/history/ports";
import { readHistorySettings } from "../jobs/history/settings";
import { gridOfSheetNamed, namedGridOfSheet } from "./grid";
import { historySheet } from "./history-sheet";
import { appsScriptClock } from "./http";
import { documentStore } from "./job-store";
import { documentLock } from "./lock";

/** 244 random bits (two v4 UUIDs) for the document's history secret (jobs/history/signature.ts). */
const freshSecret = () => `${Utilities.getUuid()}${Utilities.getUuid()}`.replace(/-/g, "");

export function historyDeps(): HistoryDeps {
  return {
    table: historySheet(),
    store: documentStore(),
    clock: appsScriptClock,
    lock: documentLock(),
    freshSecret,
    gridByName: gridOfSheetNamed,
    gridById: namedGridOfSheet,
  };
}

/** The history the enrichment job writes to, or undefined when the document turned it off. */
export function changeLogOf(): ChangeLog | undefined {
  const store = documentStore();
  const settings = readHistorySettings(store);
  if (!settings.enabled) return undefined;
  return historyLog({ table: historySheet(), clock: appsScriptClock, store, freshSecret }, settings);
}
