/**
 * The playground's engine, run on the runtime worker: answers the page's requests by running the
 * add-on in the emulated runtime, turns what the add-on showed into notices, and saves the
 * spreadsheet and properties after every execution so a restart finds them again.
 */

import type { PlaygroundRuntime } from "./playground-runtime";
import type { EngineAnswers, EngineRequest, ExecutionView, ScriptOutcome, UiNotice } from "./protocol";

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class PlaygroundEngine {
  private sidebarRevision = 0;
  // Counted from the engine's start time, so an engine started again (a new worker) answers with
  // versions above the old one's, and a page still open draws them.
  private version = Date.now() * 1000;
  private sidebarHtml: string | null = null;

  constructor(
    private readonly runtime: PlaygroundRuntime,
    private readonly persist: (engine: PlaygroundRuntime) => void,
  ) {}

  handle(request: EngineRequest): EngineAnswers[EngineRequest["op"]] {
    switch (request.op) {
      case "open":
        return this.execute(() => this.runtime.open());
      case "view":
        return this.view([]);
      case "menu":
        return this.execute(() => this.runtime.runMenuItem(request.functionName));
      case "setCell":
        return this.execute(() => this.runtime.setCell(request.sheet, request.a1, request.input));
      case "paste":
        return this.execute(() => this.runtime.pasteCells(request.sheet, request.a1, request.rows));
      case "select":
        this.runtime.select(request.sheet, request.a1Range);
        return { activeRange: this.runtime.activeRange() };
      case "addSheet":
        return this.execute(() => this.runtime.addSheet());
      case "closeSidebar":
        this.runtime.closeSidebar();
        return { closed: true };
      case "script":
        return this.script(request.functionName, request.args);
      case "sidebarHtml":
        return { html: this.sidebarHtml };
      case "advanceClock":
        return this.execute(() => this.runtime.advanceClock(request.ms));
      case "setUser":
        return this.execute(() => this.runtime.setUser(request.user));
    }
  }

  private script(functionName: string, args: unknown[]): EngineAnswers["script"] {
    let outcome: ScriptOutcome = { ok: true, value: null };
    const execution = this.execute(
      () => {
        outcome = { ok: true, value: this.runtime.runScript(functionName, args) };
      },
      (error) => {
        outcome = { ok: false, message: messageOf(error) };
      },
    );
    return { outcome, execution };
  }

  /** Runs one change; an error becomes an error notice (or goes to `onError` when given). */
  private execute(change: () => void, onError?: (error: unknown) => void): ExecutionView {
    const notices: UiNotice[] = [];
    const selected = this.selected();
    try {
      change();
    } catch (error) {
      if (onError) onError(error);
      else notices.push({ kind: "error", message: messageOf(error) });
    }
    for (const event of this.runtime.takeUiEvents()) {
      if (event.kind === "sidebar") {
        this.sidebarHtml = event.html;
        this.sidebarRevision += 1;
        notices.push({ kind: "sidebar", sidebar: { title: event.title, revision: this.sidebarRevision } });
      } else {
        notices.push(event);
      }
    }
    try {
      this.persist(this.runtime);
    } catch (error) {
      notices.push({
        kind: "error",
        message: `The playground could not save its state: ${messageOf(error)}`,
      });
    }
    return this.view(notices, this.selected() !== selected);
  }

  private selected(): string {
    return `${this.runtime.activeSheet()}!${this.runtime.activeRange()}`;
  }

  private view(notices: UiNotice[], selectionMoved = false): ExecutionView {
    this.version += 1;
    return {
      selectionMoved,
      version: this.version,
      spreadsheet: {
        name: this.runtime.spreadsheetName(),
        sheets: this.runtime.sheets(),
        activeSheet: this.runtime.activeSheet(),
        activeRange: this.runtime.activeRange(),
        menu: this.runtime.menu(),
        clock: this.runtime.clock(),
        user: this.runtime.user(),
      },
      notices,
    };
  }
}
