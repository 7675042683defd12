/**
 * The add-on's global entry points: the only file that defines globals (every `export function`
 * here becomes a top-level Apps Script function; see scripts/build.ts). Keep each one thin: check
 * input, call inward, format output.
 */
import { dispatch, type RpcHandlers, type RpcResult, type UserError } from "./rpc";

const ADDON_TITLE = "Prospecting";

/**
 * Builds the add-on menu. Runs in AuthMode.NONE until the add-on is enabled in the document, so it
 * only adds menu items and touches no service that needs authorization.
 * @param {GoogleAppsScript.Events.SheetsOnOpen} _event The open event.
 */
export function onOpen(_event?: unknown): void {
  SpreadsheetApp.getUi().createAddonMenu().addItem("Open sidebar", "showSidebar").addToUi();
}

/**
 * Runs when the add-on is installed: builds the menu at once, as onOpen would on the next open.
 * @param {GoogleAppsScript.Events.AddonOnInstall} event The install event.
 */
export function onInstall(event?: unknown): void {
  onOpen(event);
}

/** Opens the add-on's sidebar. */
export function showSidebar(): void {
  const html = HtmlService.createHtmlOutputFromFile("sidebar").setTitle(ADDON_TITLE);
  SpreadsheetApp.getUi().showSidebar(html);
}

const handlers: RpcHandlers = {
  getServerInfo: () => ({ version: __ADDON_VERSION__ }),
};

function toUserError(error: unknown): UserError {
  const message = error instanceof Error ? error.message : String(error);
  return { kind: "internal", message };
}

/**
 * The sidebar's one server entry (called through google.script.run). Dispatches to the handler
 * named by `method`; errors come back as values.
 * @param {string} method A method of the RPC contract (src/rpc.ts).
 * @param {*} arg Its JSON argument.
 * @return {*} An RpcResult.
 */
export function rpc(method: string, arg: unknown): RpcResult<unknown> {
  return dispatch(handlers, method, arg, toUserError);
}

/**
 * Looks up leads by profile URL and returns their current role, company and location.
 *
 * @param {string|Array<Array<string>>} url A profile URL, or a range of them (one row per URL).
 * @param {string} [fields] Comma-separated lead fields, in order.
 * @param {string} [options] Lookup options, such as "fresh, full_experience".
 * @return One row of values per URL.
 * @customfunction
 */
export function LOOKUP_LEAD(url: unknown, fields?: unknown, options?: unknown): unknown[][] {
  void url;
  void fields;
  void options;
  throw new Error("LOOKUP_LEAD is not available yet in this version of the add-on.");
}

/**
 * Shows the credits left on the connected API key.
 *
 * @return The current credit balance.
 * @customfunction
 */
export function CREDIT_BALANCE(): number {
  throw new Error("CREDIT_BALANCE is not available yet in this version of the add-on.");
}
