/**
 * Maps sandbox/gas's emulated runtime onto what the playground needs (PlaygroundRuntime): the
 * add-on menu flattened for the page, UI events since the last look, sheets as display and input
 * text, and the runtime's own JSON as the saved state.
 */
import {
  createRuntime,
  type MenuData,
  type Runtime,
  type SpreadsheetData,
  type TriggerRun,
  type UiEvent,
} from "../gas/runtime";
import type { PlaygroundRuntime, RuntimeUiEvent, SavedRuntime } from "./playground-runtime";
import type { MenuItemView, MenuView, SheetView } from "./protocol";

/** The editor the page can act as besides the owner (the User menu). */
export const PLAYGROUND_EDITOR = "colleague@example.com";

export interface PlaygroundRuntimeOptions {
  codeJs: string;
  sidebarHtml: string;
  /** dist's other HTML files by name (HtmlService.createHtmlOutputFromFile). */
  files?: Record<string, string>;
  manifest?: string;
  /** Where to start: a saved state, or a new spreadsheet. */
  start: { saved: SavedRuntime } | { spreadsheet: SpreadsheetData };
  /**
   * Called before each service call of a sidebar call: where calls that Apps Script would run
   * alongside it (a search's Cancel) get in (engine-worker.ts).
   */
  betweenServiceCalls?: () => void;
}

/** The menu's items in order, submenus flattened, each separator kept as a mark on the item after it. */
function flattenItems(menu: MenuData): MenuItemView[] {
  const items: MenuItemView[] = [];
  let separator = false;
  for (const item of menu.items) {
    if (item.kind === "separator") {
      separator = items.length > 0;
      continue;
    }
    const added =
      item.kind === "item"
        ? [{ label: item.caption, functionName: item.functionName }]
        : flattenItems(item.menu);
    if (separator && added[0]) added[0] = { ...added[0], separatorBefore: true };
    separator = false;
    items.push(...added);
  }
  return items;
}

function toUiEvent(event: UiEvent): RuntimeUiEvent | null {
  switch (event.type) {
    case "alert": {
      // The runtime answers alerts and prompts at once (Apps Script waits for the user): say how.
      const answered =
        event.buttons === "OK" && event.kind === "alert"
          ? ""
          : `\n\n(Answered ${event.answer.button}${event.answer.text ? ` with "${event.answer.text}"` : ""} at once: the playground does not wait for a choice.)`;
      return { kind: "alert", title: event.title, message: event.prompt + answered };
    }
    case "toast":
      return { kind: "toast", title: event.title, message: event.message };
    case "sidebar":
      return { kind: "sidebar", title: event.title, html: event.html };
    case "dialog":
      return {
        kind: "alert",
        title: event.title,
        message: "The add-on opened a dialog: the playground does not show dialogs.",
      };
    case "menu":
      return null;
  }
}

function sheetView(runtime: Runtime, name: string): SheetView {
  const errors: Record<string, string> = {};
  const numeric: string[] = [];
  const cells = runtime.getSheetCells(name);
  for (const [r, row] of cells.entries()) {
    for (const [c, cell] of row.entries()) {
      if (cell.error) errors[`${r},${c}`] = cell.error.message;
      else if (typeof cell.value === "number" || cell.value instanceof Date) numeric.push(`${r},${c}`);
    }
  }
  return {
    name,
    display: cells.map((row) => row.map((cell) => cell.display)),
    input: cells.map((row) => row.map((cell) => cell.input)),
    errors,
    numeric,
  };
}

/** What a Clock menu step did, in one line: the new time and each trigger run. */
function clockSummary(now: number, runs: TriggerRun[]): string {
  const time = `Now ${new Date(now).toISOString().slice(0, 16).replace("T", " ")} UTC.`;
  if (runs.length === 0) return `${time} No time-driven trigger was due.`;
  const shown = runs
    .slice(0, 5)
    .map(
      (r) =>
        `${r.handler} at ${new Date(r.at).toISOString().slice(11, 16)}: ${r.outcome}${r.error ? ` (${r.error})` : ""}`,
    );
  const more = runs.length > 5 ? `; and ${runs.length - 5} more` : "";
  return `${time} ${runs.length} trigger run${runs.length === 1 ? "" : "s"}: ${shown.join("; ")}${more}.`;
}

export function createPlaygroundRuntime(options: PlaygroundRuntimeOptions): PlaygroundRuntime {
  const runtime = createRuntime({
    codeJs: options.codeJs,
    sidebarHtml: options.sidebarHtml,
    ...(options.files !== undefined && { files: options.files }),
    ...(options.manifest !== undefined && { manifest: options.manifest }),
    ...("saved" in options.start
      ? {
          spreadsheet: options.start.saved.spreadsheet,
          properties: options.start.saved.properties,
          // Saves from before triggers existed have none.
          ...(options.start.saved.triggers ? { triggers: options.start.saved.triggers } : {}),
        }
      : { spreadsheet: options.start.spreadsheet }),
  });
  let seenEvents = runtime.ui.events.length;
  /** The spreadsheet's owner: the user the runtime starts as. */
  const owner = runtime.user;
  /** Notices of the playground's own (the Clock menu's), shown after the add-on's. */
  let ownEvents: RuntimeUiEvent[] = [];

  return {
    open: () => runtime.open(),
    runMenuItem: (functionName) => {
      runtime.run(functionName, [], { kind: "menu" });
    },
    runScript: (functionName, args) => {
      // The sidebar's typed contract goes through the one `rpc` entry; the runtime checks that
      // argument and result are what google.script.run can carry.
      if (functionName === "rpc") {
        const between = options.betweenServiceCalls;
        const interrupt = between
          ? () => {
              between();
              return false;
            }
          : undefined;
        return runtime.rpc(String(args[0]), args[1] ?? null, interrupt ? { interrupt } : undefined);
      }
      const value = runtime.run(functionName, args, { kind: "rpc" });
      return value === undefined ? null : JSON.parse(JSON.stringify(value));
    },
    setCell: (sheet, a1, input) => runtime.setCell(sheet, a1, input),
    pasteCells: (sheet, a1, rows) => runtime.pasteCells(sheet, a1, rows),
    select: (sheet, a1Range) => runtime.select(sheet, a1Range),
    addSheet: () => {
      const names = new Set(runtime.sheets().map((sheet) => sheet.name));
      let n = names.size + 1;
      while (names.has(`Sheet${n}`)) n++;
      runtime.insertSheet(`Sheet${n}`);
      runtime.select(`Sheet${n}`, "A1");
    },
    closeSidebar: () => runtime.ui.closeSidebar(),
    spreadsheetName: () => runtime.snapshot().name ?? "Untitled spreadsheet",
    sheets: () =>
      runtime
        .sheets()
        .filter((sheet) => !sheet.hidden)
        .map((sheet) => sheetView(runtime, sheet.name)),
    activeSheet: () => runtime.activeSheet(),
    activeRange: () => runtime.activeRange(),
    menu: (): MenuView | null => {
      const addon = runtime.ui.menus.find((menu) => menu.addon);
      return addon ? { title: addon.title, items: flattenItems(addon) } : null;
    },
    takeUiEvents: () => {
      const fresh = runtime.ui.events.slice(seenEvents);
      seenEvents = runtime.ui.events.length;
      const events = fresh.map(toUiEvent).filter((event): event is RuntimeUiEvent => event !== null);
      const own = ownEvents;
      ownEvents = [];
      return [...events, ...own];
    },
    setUserProperty: (key, value) => {
      const failure = runtime.properties.user().setAll({ [key]: value });
      if (failure) throw new Error(failure);
    },
    save: () => runtime.data(),
    advanceClock: (ms) => {
      const runs = runtime.advanceClock(ms);
      ownEvents.push({ kind: "toast", title: "Clock", message: clockSummary(runtime.clock.now(), runs) });
    },
    user: () => ({ current: runtime.user, choices: [owner, PLAYGROUND_EDITOR] }),
    setUser: (user) => {
      if (user !== owner && user !== PLAYGROUND_EDITOR)
        throw new Error(`No user "${user}" in the playground.`);
      const baseUrl = runtime.properties.user(owner).get("API_BASE_URL");
      if (baseUrl !== null) runtime.properties.user(user).setAll({ API_BASE_URL: baseUrl });
      runtime.user = user;
      runtime.ui.closeSidebar();
    },
    clock: () => ({
      now: new Date(runtime.clock.now()).toISOString(),
      triggers: runtime.triggers.list().map((t) => ({
        handler: t.handler,
        user: t.user,
        nextRunAt: new Date(t.nextRunAt).toISOString(),
      })),
    }),
  };
}
