/**
 * The server module: everything the sidebar, the menu actions and the scheduled trigger run.
 *
 * Apps Script evaluates every `.gs` file of the project at the start of every execution, and each
 * custom-function cell is an execution of its own (PRODUCTION.md G5): a sheet of 500 =LOOKUP_LEAD
 * cells loads Code.js 500 times. So Code.js holds only the global entry points and what formulas
 * need, and this module (searches, enrichment, history, schedules, credits export, settings) is
 * built into dist/server-module.html and evaluated only by the executions that call into it
 * (src/gas/server-module.ts). Its exports are called from src/main.ts's entry points of the same
 * names.
 */
import { ADDON_ABOUT } from "./about";
import { backgroundHandlers } from "./gas/background-handlers";
import { companyHandlers } from "./gas/company-handlers";
import { creditsHandlers } from "./gas/credits-handlers";
import { emailHandlers } from "./gas/email-handlers";
import { enrichHandlers } from "./gas/enrich-handlers";
import { deferFetchCounts } from "./gas/fetch-count-deferred";
import {
  historyHandlers,
  undoLastRunNow,
  undoMessage,
  undoPreviewNow,
  undoQuestion,
} from "./gas/history-handlers";
import { leadSearchHandlers } from "./gas/lead-search-handlers";
import { retryHandlers } from "./gas/retry-handlers";
import { runScheduledRefresh, scheduleHandlers } from "./gas/schedule-handlers";
import { settingsHandlers } from "./gas/settings-handlers";
import { dispatch, type RpcHandlers, type RpcResult } from "./rpc";
import { RPC_SHAPES } from "./rpc/guards";
import { toUserError } from "./rpc/user-error";

export { requestEmailsFocus } from "./gas/email-handlers";
export { requestEnrichFocus } from "./gas/enrich-handlers";
/** What freezing the selected formulas did, in one message for the menu's alert. */
export { freezeSelectionMessage as freezeSelectionReport } from "./gas/freeze";

const handlers: RpcHandlers = {
  ...settingsHandlers,
  ...enrichHandlers,
  ...backgroundHandlers,
  ...emailHandlers,
  ...leadSearchHandlers,
  ...creditsHandlers,
  ...companyHandlers,
  ...historyHandlers,
  ...retryHandlers,
  ...scheduleHandlers,
  getServerInfo: () => ADDON_ABOUT,
};

/** The sidebar's calls: checks the argument's shape and dispatches; errors come back as values. */
export function rpc(method: string, arg: unknown): RpcResult<unknown> {
  const writeFetchCount = deferFetchCounts();
  try {
    return dispatch(handlers, RPC_SHAPES, method, arg, toUserError);
  } finally {
    writeFetchCount();
  }
}

/** What Undo last run did, in one message for the menu's alert (errors included). */
export function undoLastRunReport(runId?: string): string {
  try {
    return undoMessage(undoLastRunNow(runId));
  } catch (error) {
    return errorText(error);
  }
}

/** The menu's question before Undo: the run it would take back (runId "" when there is none: message says why). */
export function undoLastRunQuestion(): { runId: string; message: string } {
  try {
    const preview = undoPreviewNow();
    return { runId: preview.runId, message: undoQuestion(preview) };
  } catch (error) {
    return { runId: "", message: errorText(error) };
  }
}

const errorText = (error: unknown) => {
  const { message, next } = toUserError(error);
  return next ? `${message} ${next}` : message;
};

/** The scheduled refresh's trigger run. */
export function scheduledRefresh(event?: unknown): void {
  const writeFetchCount = deferFetchCounts();
  try {
    runScheduledRefresh(event);
  } finally {
    writeFetchCount();
  }
}
