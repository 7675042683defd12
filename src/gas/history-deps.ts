/** The change history's ports in Apps Script, and the ChangeLog the enrichment job reports to. */
import type { ChangeLog } from "../jobs/enrich/ports";
import { historyLog } from "../jobs/history/log";
import type { HistoryDeps } from "../jobs/history/ports";
import { readHistorySettings } from "../jobs/history/settings";
import { gridOfSheetNamed } from "./grid";
import { historySheet } from "./history-sheet";
import { appsScriptClock } from "./http";
import { documentStore } from "./job-store";
import { documentLock } from "./lock";

export function historyDeps(): HistoryDeps {
  return {
    table: historySheet(),
    store: documentStore(),
    clock: appsScriptClock,
    lock: documentLock(),
    gridByName: gridOfSheetNamed,
  };
}

/** The history the enrichment job writes to, or undefined when the document turned it off. */
export function changeLogOf(): ChangeLog | undefined {
  const store = documentStore();
  const settings = readHistorySettings(store);
  if (!settings.enabled) return undefined;
  return historyLog({ table: historySheet(), clock: appsScriptClock }, settings);
}
