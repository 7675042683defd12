/**
 * The playground page: a Sheets-like window over the emulated runtime. Every change goes to the
 * server, which runs it in the runtime and answers with the new spreadsheet and whatever the add-on
 * showed (alerts, toasts, a sidebar); the page redraws from that answer.
 */
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { type CellPosition, cellA1, parseRangeA1, rangeA1 } from "../a1";
import type { ExecutionView, SheetView, SidebarView, SpreadsheetView } from "../protocol";
import { playgroundApi } from "./api";
import { parseClipboardText } from "./clipboard";
import { FormulaBar } from "./formula-bar";
import { type Editing, Grid } from "./grid";
import { MenuBar } from "./menu-bar";
import { AlertDialog, type Dialog, type Toast, Toasts } from "./notices";
import { moveBy, type Selection, START, sameSelection, selectedRange, single } from "./selection";
import { SheetTabs } from "./sheet-tabs";
import { isShimMessage } from "./shim-messages";
import { SidebarPanel } from "./sidebar-panel";

const EMPTY_SHEET: SheetView = { name: "", display: [], input: [], errors: {}, numeric: [] };
/** Pasting or clearing more cells than this at once is refused (the server's limit too). */
const MAX_BLOCK_CELLS = 50_000;

let nextNoticeId = 1;

function selectionFromView(view: SpreadsheetView): Selection {
  const range = parseRangeA1(view.activeRange);
  if (!range) return START;
  return { anchor: { row: range.top, col: range.left }, focus: { row: range.bottom, col: range.right } };
}

export function App() {
  const [spreadsheet, setSpreadsheet] = useState<SpreadsheetView | null>(null);
  const [sheetName, setSheetName] = useState("");
  const [selection, setSelection] = useState<Selection>(START);
  const [editing, setEditingState] = useState<Editing | null>(null);
  const editingRef = useRef<Editing | null>(null);
  const [sidebar, setSidebar] = useState<SidebarView | null>(null);
  const [dialogs, setDialogs] = useState<Dialog[]>([]);
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [busy, setBusy] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const gridBox = useRef<HTMLDivElement>(null);
  // Requests go out one after another, so the runtime sees edits and selections in the user's order.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  // The version of the newest answer drawn (ExecutionView.version).
  const drawnVersion = useRef(0);

  const setEditing = (value: Editing | null) => {
    editingRef.current = value;
    setEditingState(value);
  };

  /**
   * Draws an execution's answer. `followAddOn`: take the add-on's active sheet and range when the
   * execution moved them ("always": the first view, whatever it holds).
   */
  const apply = useCallback((execution: ExecutionView, followAddOn: boolean | "always") => {
    const view = execution.spreadsheet;
    // An answer older than the one drawn (a sidebar call's, overtaken by an edit) shows cells as
    // they were before that edit: its notices still count, its cells and selection do not.
    const newest = execution.version > drawnVersion.current;
    if (newest) {
      drawnVersion.current = execution.version;
      setSpreadsheet(view);
    }
    if (newest && (followAddOn === "always" || (followAddOn && execution.selectionMoved))) {
      setSheetName(view.activeSheet);
      setSelection(selectionFromView(view));
    }
    for (const notice of execution.notices) {
      const id = nextNoticeId++;
      if (notice.kind === "alert")
        setDialogs((d) => [...d, { id, title: notice.title, message: notice.message }]);
      else if (notice.kind === "error")
        setDialogs((d) => [...d, { id, title: "Error", message: notice.message }]);
      else if (notice.kind === "toast")
        setToasts((t) => [...t, { id, title: notice.title, message: notice.message }]);
      else setSidebar(notice.sidebar);
    }
  }, []);

  /**
   * Queues an execution and draws its answer (`followAddOn`: also take the add-on's active sheet
   * and range, which menu items and sidebar calls may move).
   */
  const send = useCallback(
    (request: () => Promise<ExecutionView>, followAddOn: boolean | "always") => {
      const next = queue.current.then(async () => {
        setBusy(true);
        try {
          apply(await request(), followAddOn);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          setDialogs((d) => [...d, { id: nextNoticeId++, title: "Playground error", message }]);
        } finally {
          setBusy(false);
        }
      });
      queue.current = next;
      return next;
    },
    [apply],
  );

  /** Tells the runtime something that changes no cell (selection, closed sidebar), in queue order. */
  const tell = useCallback((request: () => Promise<unknown>) => {
    const next = queue.current.then(request).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      setDialogs((d) => [...d, { id: nextNoticeId++, title: "Playground error", message }]);
    });
    queue.current = next;
  }, []);

  const closeSidebar = useCallback(() => {
    setSidebar(null);
    tell(() => playgroundApi.closeSidebar());
  }, [tell]);

  useEffect(() => {
    void send(() => playgroundApi.open(), "always");
  }, [send]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (!isShimMessage(event.data) || event.source !== frame.current?.contentWindow) return;
      if (event.data.type === "close") closeSidebar();
      else apply(event.data.execution, true);
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [apply, closeSidebar]);

  const sheet =
    spreadsheet?.sheets.find((s) => s.name === sheetName) ?? spreadsheet?.sheets[0] ?? EMPTY_SHEET;
  const range = selectedRange(selection);
  const active = selection.anchor;
  const activeInput = sheet.input[active.row]?.[active.col] ?? "";

  const pushSelection = (next: Selection) => {
    setSelection(next);
    const a1 = rangeA1(selectedRange(next));
    tell(() => playgroundApi.select(sheet.name, a1));
  };

  const writeCell = (cell: CellPosition, text: string) => {
    void send(() => playgroundApi.setCell(sheet.name, cellA1(cell), text), false);
  };

  const commitEdit = (move: "down" | "right" | "none") => {
    const current = editingRef.current;
    if (!current) return;
    setEditing(null);
    if (current.text !== (sheet.input[current.cell.row]?.[current.cell.col] ?? "")) {
      writeCell(current.cell, current.text);
    }
    if (move !== "none") {
      const next = move === "down" ? moveBy(current.cell, 1, 0) : moveBy(current.cell, 0, 1);
      pushSelection(single(next));
    }
    gridBox.current?.focus();
  };

  const startEdit = (cell: CellPosition, text?: string) => {
    if (!sameSelection(selection, single(cell))) setSelection(single(cell));
    setEditing({ cell, text: text ?? sheet.input[cell.row]?.[cell.col] ?? "" });
  };

  /** Writes a block from the selection's top-left cell as one edit, as Sheets pastes. */
  const writeBlock = (rows: string[][], what: "Paste" | "Clear") => {
    const cells = rows.reduce((sum, row) => sum + row.length, 0);
    if (cells === 0) return;
    if (cells > MAX_BLOCK_CELLS) {
      const message = `${what} at most ${MAX_BLOCK_CELLS} cells at once.`;
      setDialogs((d) => [...d, { id: nextNoticeId++, title: "Too many cells", message }]);
      return;
    }
    const origin = { row: range.top, col: range.left };
    void send(() => playgroundApi.paste(sheet.name, cellA1(origin), rows), false);
    if (what === "Clear") return;
    // Sheets selects what was pasted.
    const width = Math.max(...rows.map((row) => row.length));
    pushSelection({ anchor: origin, focus: moveBy(origin, rows.length - 1, width - 1) });
  };

  /** Delete over the selection: its cells that hold something, up to the sheet's last row and column. */
  const clearSelection = () => {
    const bottom = Math.min(range.bottom, sheet.input.length - 1);
    const rows: string[][] = [];
    for (let row = range.top; row <= bottom; row++) {
      const right = Math.min(range.right, (sheet.input[row]?.length ?? 0) - 1);
      rows.push(Array.from({ length: Math.max(0, right - range.left + 1) }, () => ""));
    }
    while (rows.length > 0 && rows[rows.length - 1]!.length === 0) rows.pop();
    if (rows.length > 0)
      writeBlock(
        rows.map((row) => (row.length > 0 ? row : [""])),
        "Clear",
      );
  };

  /**
   * Ctrl+V of plain text into the grid (not into a cell being edited): lines and tabs become rows
   * and cells from the selection's top-left; one value pasted over a larger selection fills it.
   */
  const onGridPaste = (event: ClipboardEvent) => {
    if (event.target !== gridBox.current || editingRef.current) return;
    const text = event.clipboardData?.getData("text/plain") ?? "";
    event.preventDefault();
    let rows = parseClipboardText(text);
    if (rows.length === 1 && rows[0]!.length === 1) {
      const value = rows[0]![0]!;
      const width = range.right - range.left + 1;
      rows = Array.from({ length: range.bottom - range.top + 1 }, () =>
        Array.from({ length: width }, () => value),
      );
    }
    writeBlock(rows, "Paste");
  };

  const onGridKey = (event: KeyboardEvent) => {
    if (event.target !== gridBox.current) return;
    const printable = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
    const pending = editingRef.current;
    if (pending) {
      // Keys typed before the cell editor has taken focus still belong to the edit.
      if (printable) {
        event.preventDefault();
        setEditing({ ...pending, text: pending.text + event.key });
      }
      return;
    }
    const arrows: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    const step = arrows[event.key];
    if (step) {
      event.preventDefault();
      pushSelection(
        event.shiftKey
          ? { anchor: selection.anchor, focus: moveBy(selection.focus, step[0], step[1]) }
          : single(moveBy(active, step[0], step[1])),
      );
    } else if (event.key === "Tab") {
      event.preventDefault();
      pushSelection(single(moveBy(active, 0, event.shiftKey ? -1 : 1)));
    } else if (event.key === "Enter" || event.key === "F2") {
      event.preventDefault();
      startEdit(active);
    } else if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      clearSelection();
    } else if (printable) {
      event.preventDefault();
      startEdit(active, event.key);
    }
  };

  // The selection a mouse drag is building, kept in a ref so mouseup sends the latest one.
  const dragSelection = useRef<Selection>(START);
  const onPointerSelect = (cell: CellPosition, how: "start" | "extend" | "drag") => {
    if (editingRef.current) commitEdit("none");
    gridBox.current?.focus();
    const base = how === "drag" ? dragSelection.current : selection;
    if (how === "drag" && base.focus.row === cell.row && base.focus.col === cell.col) return;
    const next = how === "start" ? single(cell) : { anchor: base.anchor, focus: cell };
    dragSelection.current = next;
    setSelection(next);
  };
  const sheetNameForRelease = sheet.name;
  const onPointerRelease = useCallback(() => {
    const a1 = rangeA1(selectedRange(dragSelection.current));
    tell(() => playgroundApi.select(sheetNameForRelease, a1));
  }, [tell, sheetNameForRelease]);
  const dismissToast = useCallback((id: number) => setToasts((t) => t.filter((x) => x.id !== id)), []);

  return (
    <div class="window">
      <header class="title-bar">
        <span class="doc-icon" aria-hidden="true" />
        <span class="doc-title">{spreadsheet?.name ?? "Loading…"}</span>
        <span class="badge">Playground · emulated Apps Script · sandbox API</span>
        {busy && <span class="busy">Running…</span>}
      </header>
      <MenuBar
        menu={spreadsheet?.menu ?? null}
        busy={busy}
        onRun={(functionName) => void send(() => playgroundApi.runMenuItem(functionName), true)}
        clock={spreadsheet?.clock ?? null}
        onAdvanceClock={(ms) => void send(() => playgroundApi.advanceClock(ms), false)}
        user={spreadsheet?.user ?? null}
        onSetUser={(user) => void send(() => playgroundApi.setUser(user), false)}
      />
      <FormulaBar
        address={cellA1(active)}
        input={activeInput}
        onCommit={(text) => {
          if (text !== activeInput) writeCell(active, text);
          gridBox.current?.focus();
        }}
      />
      <div class="workspace">
        <div class="sheet-area">
          {/* biome-ignore lint/a11y/useSemanticElements: the scroll box around the <table> holds the keyboard focus (arrows, typing, Enter, Delete), like a spreadsheet */}
          <div
            class="grid-scroll"
            role="grid"
            aria-label="Spreadsheet"
            ref={gridBox}
            tabIndex={0}
            onKeyDown={onGridKey}
            onPaste={onGridPaste}
          >
            <Grid
              scrollBox={gridBox}
              sheet={sheet}
              range={range}
              active={active}
              editing={editing}
              onPointerSelect={onPointerSelect}
              onPointerRelease={onPointerRelease}
              onStartEdit={(cell) => startEdit(cell)}
              onEditText={(text) => editingRef.current && setEditing({ ...editingRef.current, text })}
              onCommitEdit={commitEdit}
              onCancelEdit={() => {
                setEditing(null);
                gridBox.current?.focus();
              }}
            />
          </div>
          <SheetTabs
            names={spreadsheet?.sheets.map((s) => s.name) ?? []}
            active={sheet.name}
            onAdd={() => void send(() => playgroundApi.addSheet(), true)}
            onSelect={(name) => {
              setSheetName(name);
              setSelection(START);
              gridBox.current?.focus();
              tell(() => playgroundApi.select(name, "A1"));
            }}
          />
        </div>
        {sidebar && (
          <SidebarPanel
            title={sidebar.title}
            revision={sidebar.revision}
            frame={frame}
            onClose={closeSidebar}
          />
        )}
      </div>
      {dialogs[0] && (
        <AlertDialog
          dialog={dialogs[0]}
          onClose={() => {
            setDialogs((d) => d.slice(1));
            gridBox.current?.focus();
          }}
        />
      )}
      <Toasts toasts={toasts} onDone={dismissToast} />
    </div>
  );
}
