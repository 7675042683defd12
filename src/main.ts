/**
 * The add-on's global entry points: the only file that defines globals (every `export function`
 * here becomes a top-level Apps Script function; see scripts/build.ts). Keep each one thin: check
 * input, call inward, format output.
 *
 * This file is Code.js, which every execution loads, each formula cell included: the custom
 * functions and the menu import their code directly; the sidebar's calls, the menu's actions and
 * the trigger call into the server module (src/server.ts), loaded only when they run.
 */
import { ADDON_ABOUT, aboutMessage } from "./about";
import { findEmailCells, validateEmailCells } from "./gas/email-formulas";
import { creditBalanceCell, lookupLeadCells } from "./gas/lookup";
import { serverModule } from "./gas/server-module";
import type { RpcResult } from "./rpc";

const ADDON_TITLE = "Prospecting";

/**
 * Builds the add-on menu. Runs in AuthMode.NONE until the add-on is enabled in the document, so it
 * only adds menu items and touches no service that needs authorization.
 * @param {GoogleAppsScript.Events.SheetsOnOpen} _event The open event.
 */
export function onOpen(_event?: unknown): void {
  SpreadsheetApp.getUi()
    .createAddonMenu()
    .addItem("Open sidebar", "showSidebar")
    .addItem("Enrich selected profile URLs", "showEnrichSidebar")
    .addItem("Find emails of selected rows", "showFindEmailsSidebar")
    .addItem("Validate selected emails", "showValidateEmailsSidebar")
    .addItem("Undo last run", "undoLastRunFromMenu")
    .addItem("Freeze selected formulas to values", "freezeSelectedFormulas")
    .addSeparator()
    .addItem("About", "showAbout")
    .addToUi();
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

/**
 * Menu: the add-on's version and its support, privacy and terms pages. Built into Code.js (no
 * server module to load), so it answers even when the rest of the add-on cannot.
 */
export function showAbout(): void {
  const ui = SpreadsheetApp.getUi();
  ui.alert("About Prospecting", aboutMessage(ADDON_ABOUT), ui.ButtonSet.OK);
}

/** Menu: opens the sidebar on the Enrich tab, which plans the current selection. */
export function showEnrichSidebar(): void {
  serverModule().requestEnrichFocus();
  showSidebar();
}

/** Menu: opens the sidebar on the Enrich tab's Emails panel, set to find the selected rows' emails. */
export function showFindEmailsSidebar(): void {
  serverModule().requestEmailsFocus("find");
  showSidebar();
}

/** Menu: opens the sidebar on the Enrich tab's Emails panel, set to validate the selected addresses. */
export function showValidateEmailsSidebar(): void {
  serverModule().requestEmailsFocus("validate");
  showSidebar();
}

/**
 * Menu: says which run Undo would take back and how much, then, confirmed, puts back what it
 * changed (where nobody edited since) and says so. Asked first: it cannot be redone.
 */
export function undoLastRunFromMenu(): void {
  const ui = SpreadsheetApp.getUi();
  const ask = serverModule().undoLastRunQuestion();
  if (ask.runId === "") ui.alert("Undo last run", ask.message, ui.ButtonSet.OK);
  else if (ui.alert("Undo last run", ask.message, ui.ButtonSet.YES_NO) === ui.Button.YES)
    ui.alert("Undo last run", serverModule().undoLastRunReport(ask.runId), ui.ButtonSet.OK);
}

/**
 * Menu: turns the =LOOKUP_LEAD, =FIND_EMAIL and =VALIDATE_EMAIL formulas in the selection into the
 * values they show, so the sheet never asks the API again; formulas still showing an error or
 * "not fetched yet" stay.
 */
export function freezeSelectedFormulas(): void {
  const ui = SpreadsheetApp.getUi();
  ui.alert("Freeze selected formulas to values", serverModule().freezeSelectionReport(), ui.ButtonSet.OK);
}

/**
 * The scheduled refresh's time-driven trigger (hourly): starts the period's run when it is due and
 * drives it for a few minutes; later runs continue it. Made and removed from the Enrich tab.
 * @param {GoogleAppsScript.Events.TimeDriven} event The trigger's event.
 */
export function scheduledRefresh(event?: unknown): void {
  serverModule().scheduledRefresh(event);
}

/**
 * The sidebar's one server entry (called through google.script.run). Dispatches to the handler
 * named by `method`; errors come back as values.
 * @param {string} method A method of the RPC contract (src/rpc.ts).
 * @param {*} arg Its JSON argument.
 * @return {*} An RpcResult.
 */
export function rpc(method: string, arg: unknown): RpcResult<unknown> {
  return serverModule().rpc(method, arg);
}

/**
 * Looks up leads by profile URL: one row per URL, with the fields you choose, in that order.
 * Examples: =LOOKUP_LEAD(A2) · =LOOKUP_LEAD(A2:A200, "full_name,job_title,company_name") ·
 * =LOOKUP_LEAD(A2, "full_name,jobs", "fresh, full_experience")
 * Cost: 1 credit per distinct URL, plus 1 each for posts, comments, reactions and similar
 * (people_also_viewed); fresh, full_experience and inexact_company add nothing. Full work history
 * needs both full_experience and fresh. Answers are cached 6 hours by URL and options, so
 * recalculating and duplicate URLs spend nothing; errors are not cached. Formulas spend the
 * spreadsheet owner's API key. Lists (jobs, educations...) show as readable text or JSON, as the
 * owner's List fields setting says.
 *
 * @param {string|Array<Array<string>>} url A profile URL, or a column or row of them. Blank cells give blank rows; a bad URL or a missing lead gives a message in its row.
 * @param {string|Array<Array<string>>} [fields] Lead fields, comma-separated or a range, in order: field names (job_title) or the words of column headers (title, company, name). Default: full_name, job_title, company_name, location, network_url.
 * @param {string|Array<Array<string>>} [options] Any of: fresh (up_to_the_second_fresh), full_experience (get_full_experience), posts (+1 credit), comments (+1), reactions (+1), similar (people_also_viewed, +1), inexact_company.
 * @return One row per URL: the fields, or a message in the first column.
 * @customfunction
 */
export function LOOKUP_LEAD(url: unknown, fields?: unknown, options?: unknown): unknown[][] {
  return lookupLeadCells({ url, fields, options });
}

/**
 * Shows the credits the spreadsheet owner's API key may spend: the account's spendable balance
 * (balance_platform). Free; cached for a minute. Example: =CREDIT_BALANCE()
 * To refresh it on demand, point it at a cell you change: =CREDIT_BALANCE(B1)
 *
 * @param {*} [refresh] Optional: any cell; changing it reads the balance again.
 * @return The current credit balance.
 * @customfunction
 */
export function CREDIT_BALANCE(refresh?: unknown): number | string {
  return creditBalanceCell(refresh);
}

/**
 * Finds work emails by name and company domain or website, one row per person: the email and its
 * status (valid, catch-all: the server accepts any address, so unconfirmed; not found). Example:
 * =FIND_EMAIL(A2:A50, B2:B50, C2:C50). At most 1 credit a person; cached 6 hours, so recalculation
 * and duplicates spend nothing. Spends the spreadsheet owner's key.
 *
 * @param {string|Array<Array<string>>} first_name First names, or full names when last_name is left out.
 * @param {string|Array<Array<string>>} [last_name] Last names (same length).
 * @param {string|Array<Array<string>>} domain Domains or websites (same length, or one for all).
 * @return One row per person: email and status, or a message.
 * @customfunction
 */
export function FIND_EMAIL(first_name: unknown, last_name: unknown, domain: unknown): unknown[][] {
  return findEmailCells({ first: first_name, last: last_name, domain });
}

/**
 * Checks email addresses: one status each (valid, catch-all, invalid, unknown). Example:
 * =VALIDATE_EMAIL(D2:D200). 1 credit per distinct address; cached 6 hours. Spends the owner's key.
 *
 * @param {string|Array<Array<string>>} address An address, or a column or row of them.
 * @return One status per address, or a message.
 * @customfunction
 */
export function VALIDATE_EMAIL(address: unknown): unknown[][] {
  return validateEmailCells(address);
}
