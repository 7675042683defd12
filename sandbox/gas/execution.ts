/**
 * One execution: a call of a global with its own deadline, user and authorization mode, as Apps
 * Script runs each menu click, google.script.run call, trigger and custom-function cell.
 *
 * A synchronous execution cannot be pre-empted in Node, so the deadline is enforced where Apps
 * Script code yields to the platform: every service call passes `checkpoint()`, which throws Apps
 * Script's "Exceeded maximum execution time" once the deadline has passed (or when a test's
 * `interrupt` hook says so). From then on the execution is cut off: every further service call
 * throws again and the execution's result is discarded, as when Apps Script kills a script. Pure
 * JavaScript loops are cut by vm's own timeout (see runtime.ts).
 */
import type { RuntimeClock } from "./clock";
import { type Realm, realmException } from "./realm";

/** "trigger": a simple trigger (onOpen); "clock": a time-driven trigger's run (6 minutes, FULL). */
export type ExecutionKind = "menu" | "rpc" | "trigger" | "clock" | "custom" | "direct";

/** ScriptApp.AuthMode: NONE for onOpen before the add-on is enabled in the document. */
export type AuthMode = "NONE" | "LIMITED" | "FULL" | "CUSTOM_FUNCTION";

export const EXCEEDED_MESSAGE = "Exceeded maximum execution time";

/** A service call, as seen by a test's interrupt hook. */
export interface ServiceCall {
  /** "UrlFetchApp.fetchAll", "Range.setValues", "Utilities.sleep"... */
  method: string;
  /** 1 for the execution's first service call. */
  index: number;
  /** How many times this execution called this method so far, this call included. */
  count: number;
  elapsedMs: number;
}

/** Where a custom function's formula sits. */
export interface FormulaLocation {
  sheetId: number;
  row: number;
  column: number;
}

export interface ExecutionSettings {
  id: number;
  name: string;
  kind: ExecutionKind;
  user: string;
  authMode: AuthMode;
  clock: RuntimeClock;
  /** Time allowed from start, in ms. */
  budgetMs: number;
  interrupt?: (call: ServiceCall) => boolean;
  formula?: FormulaLocation;
  /** What running out of time says (default: Exceeded maximum execution time). */
  deadlineMessage?: string;
}

export class Execution {
  readonly id: number;
  readonly name: string;
  readonly kind: ExecutionKind;
  readonly user: string;
  readonly authMode: AuthMode;
  readonly clock: RuntimeClock;
  readonly startedAt: number;
  readonly deadline: number;
  readonly formula: FormulaLocation | undefined;
  private readonly interrupt: ((call: ServiceCall) => boolean) | undefined;
  /** What running out of time says. */
  readonly deadlineMessage: string;
  private readonly methodCounts = new Map<string, number>();
  private calls = 0;
  /** Wall time of evaluating Code.js's top level in this execution's fresh context (ms). */
  loadMs = 0;
  /** The project's HTML files this execution read through HtmlService, in order (names without .html). */
  readonly filesRead: string[] = [];
  /** Set once the execution has run out of time: its result is lost. */
  cutOff = false;
  realm!: Realm;

  constructor(settings: ExecutionSettings) {
    this.id = settings.id;
    this.name = settings.name;
    this.kind = settings.kind;
    this.user = settings.user;
    this.authMode = settings.authMode;
    this.clock = settings.clock;
    this.startedAt = settings.clock.now();
    this.deadline = this.startedAt + settings.budgetMs;
    this.formula = settings.formula;
    this.interrupt = settings.interrupt;
    this.deadlineMessage = settings.deadlineMessage ?? EXCEEDED_MESSAGE;
  }

  get isCustomFunction(): boolean {
    return this.kind === "custom";
  }

  timeLeft(): number {
    return Math.max(0, this.deadline - this.clock.now());
  }

  elapsed(): number {
    return this.clock.now() - this.startedAt;
  }

  /** Every service call comes through here first: throws once the execution is out of time. */
  checkpoint(method: string): void {
    this.calls++;
    const count = (this.methodCounts.get(method) ?? 0) + 1;
    this.methodCounts.set(method, count);
    if (this.cutOff) throw this.exceeded();
    if (this.clock.now() >= this.deadline) throw this.exceeded();
    if (this.interrupt?.({ method, index: this.calls, count, elapsedMs: this.elapsed() }))
      throw this.exceeded();
  }

  /** Marks the execution cut off and returns the error to throw. */
  exceeded(): Error {
    this.cutOff = true;
    return this.exception(this.deadlineMessage);
  }

  /** An Apps Script exception in this execution's realm. */
  exception(message: string): Error {
    return realmException(this.realm, message);
  }
}
