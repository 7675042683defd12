/**
 * The part of the emulated Apps Script runtime the playground uses, in the playground's terms.
 * runtime-adapter.ts maps sandbox/gas's Runtime onto it; keeping the playground behind this small
 * interface keeps the page's wire format independent of the runtime's internals.
 */
import type { RuntimeData } from "../gas/runtime";
import type { ClockView, MenuView, SheetView, UserView } from "./protocol";

/** Something the add-on showed during an execution. */
export type RuntimeUiEvent =
  | { kind: "alert"; title: string; message: string }
  | { kind: "toast"; title: string; message: string }
  | { kind: "sidebar"; title: string; html: string };

export interface PlaygroundRuntime {
  /** Opens the document: onOpen as a simple trigger (it builds the add-on menu). */
  open(): void;
  /** A menu item's function, as a "menu" execution; throws what the add-on threw. */
  runMenuItem(functionName: string): void;
  /** google.script.run.<functionName>(...args) from the sidebar; returns what it returned, as JSON. */
  runScript(functionName: string, args: unknown[]): unknown;
  /** Typing into a cell: a value, or a formula that the runtime evaluates. */
  setCell(sheet: string, a1: string, input: string): void;
  /** Pasting (or clearing) a block from `a1`: each string read as typed, one edit. */
  pasteCells(sheet: string, a1: string, rows: string[][]): void;
  /** Sets the active sheet and range (what getActiveRange() answers). */
  select(sheet: string, a1Range: string): void;
  /** The "+" under the grid: a new empty sheet ("Sheet2", "Sheet3", ...), made active. */
  addSheet(): void;
  /** The user closed the sidebar. */
  closeSidebar(): void;
  spreadsheetName(): string;
  sheets(): SheetView[];
  activeSheet(): string;
  activeRange(): string;
  /** The add-on menu built by the last onOpen, or null. */
  menu(): MenuView | null;
  /** UI events since the last call, in order. */
  takeUiEvents(): RuntimeUiEvent[];
  setUserProperty(key: string, value: string): void;
  /**
   * Moves the runtime's clock ahead and runs the time-driven triggers that fall due on the way;
   * what ran shows as a toast ("Clock" menu).
   */
  advanceClock(ms: number): void;
  clock(): ClockView;
  /** Who executions run as, and who else the page may act as. */
  user(): UserView;
  /**
   * Acts as another user from now on (the sidebar closes: each user opens their own). An editor
   * gets the owner's API address but never their key.
   */
  setUser(user: string): void;
  /** Everything to save (spreadsheet and property stores), JSON-serializable. */
  save(): SavedRuntime;
}

/** The saved form (.data/playground.json): the runtime's own JSON (spreadsheet and property stores). */
export type SavedRuntime = RuntimeData;
