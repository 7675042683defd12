/**
 * What the playground page, its HTTP server and the runtime worker say to each other. Plain JSON
 * only: it crosses a worker boundary and an HTTP hop.
 */

/** One sheet as the page draws it: dense rows up to the last non-empty cell. */
export interface SheetView {
  name: string;
  /** What the grid shows (display text). Untrusted: the page renders it as text only. */
  display: string[][];
  /** What the formula bar shows and an edit starts from: the formula, else the raw value as text. */
  input: string[][];
  /** Per-cell error messages (a failed formula's `#ERROR!` reason), sparse: "row,col" -> message. */
  errors: Record<string, string>;
  /** Cells holding numbers or dates ("row,col"), drawn right-aligned as Sheets does. */
  numeric: string[];
}

/** A menu item built by onOpen: label and the global function it runs. */
export interface MenuItemView {
  label: string;
  functionName: string;
  /** onOpen put a separator (Menu.addSeparator) just before this item. */
  separatorBefore?: boolean;
}

export interface MenuView {
  /** The add-on menu's title (Extensions > <title>). */
  title: string;
  items: MenuItemView[];
}

/** The sidebar the add-on opened during an execution. */
export interface SidebarView {
  title: string;
  /** Increments each time the add-on opens a sidebar, so the page reloads the frame. */
  revision: number;
}

/** Things the add-on showed during an execution, in order. */
export type UiNotice =
  | { kind: "alert"; title: string; message: string }
  | { kind: "toast"; title: string; message: string }
  | { kind: "sidebar"; sidebar: SidebarView }
  | { kind: "error"; message: string };

/** The runtime's clock and the time-driven triggers waiting on it (the page's Clock menu). */
export interface ClockView {
  /** ISO time of the runtime's clock (real time plus what the Clock menu advanced). */
  now: string;
  triggers: Array<{ handler: string; user: string; nextRunAt: string }>;
}

/**
 * Who the page acts as (the page's User menu): the spreadsheet's owner, or an editor it is shared
 * with, to try what a collaborator can and cannot do. Not part of Sheets: the emulation's control.
 */
export interface UserView {
  current: string;
  choices: string[];
}

export interface SpreadsheetView {
  name: string;
  sheets: SheetView[];
  activeSheet: string;
  /** A1 notation of the active range on the active sheet. */
  activeRange: string;
  menu: MenuView | null;
  clock: ClockView;
  user: UserView;
}

/** The answer to every request that may change the spreadsheet: new state plus what was shown. */
export interface ExecutionView {
  spreadsheet: SpreadsheetView;
  notices: UiNotice[];
  /**
   * The execution changed the active sheet or range (the add-on activated a range, inserted a
   * sheet): the page follows the add-on's selection then, and only then. A sidebar call runs
   * while the user goes on clicking, and its answer may come after their newer selection; taking
   * its range back would send what they type next into a cell they had left.
   */
  selectionMoved: boolean;
  /**
   * The engine's count of answers so far: the page draws no answer older than one it has drawn.
   * A sidebar call's answer can reach the page after the answer to an edit made since.
   */
  version: number;
}

/** Requests the server forwards to the runtime worker. */
export type EngineRequest =
  | { op: "open" }
  | { op: "view" }
  | { op: "menu"; functionName: string }
  | { op: "setCell"; sheet: string; a1: string; input: string }
  | { op: "paste"; sheet: string; a1: string; rows: string[][] }
  | { op: "select"; sheet: string; a1Range: string }
  | { op: "closeSidebar" }
  | { op: "addSheet" }
  | { op: "script"; functionName: string; args: unknown[] }
  | { op: "sidebarHtml" }
  | { op: "advanceClock"; ms: number }
  | { op: "setUser"; user: string };

/** google.script.run's answer: the function's return value, or the error it threw. */
export type ScriptOutcome = { ok: true; value: unknown } | { ok: false; message: string };

export interface EngineAnswers {
  open: ExecutionView;
  view: ExecutionView;
  menu: ExecutionView;
  setCell: ExecutionView;
  paste: ExecutionView;
  /** Selecting changes no cell: only the new active range comes back. */
  select: { activeRange: string };
  closeSidebar: { closed: true };
  addSheet: ExecutionView;
  script: { outcome: ScriptOutcome; execution: ExecutionView };
  sidebarHtml: { html: string | null };
  advanceClock: ExecutionView;
  setUser: ExecutionView;
}

export type EngineOp = EngineRequest["op"];
export type EngineAnswer<O extends EngineOp> = EngineAnswers[O];

/** Worker message envelopes. */
export interface EngineCall {
  id: number;
  request: EngineRequest;
}
/** The worker's first message: the runtime is loaded and the state saved. */
export interface EngineReady {
  ready: true;
}
export type EngineReply =
  | { id: number; ok: true; answer: unknown }
  | { id: number; ok: false; message: string };
