/**
 * The spreadsheet grid: column letters, row numbers, cells. Cell text comes from the add-on and the
 * API, so it is only ever rendered as text (Preact text nodes), never as HTML.
 */
import type { RefObject } from "preact";
import { memo } from "preact/compat";
import { useEffect, useMemo, useRef } from "preact/hooks";
import { type CellPosition, type CellRange, columnLetters } from "../a1";
import type { SheetView } from "../protocol";
import { ROW_HEIGHT, scrollRowIntoView, useVisibleRows } from "./visible-rows";

/** Blank rows and columns drawn beyond the data, like a fresh sheet. */
const MIN_ROWS = 100;
const MIN_COLS = 26;
const EXTRA_ROWS = 50;
const EXTRA_COLS = 2;

export interface Editing {
  cell: CellPosition;
  text: string;
}

interface GridProps {
  /** The scrolling element around the grid (rows are drawn for its view only). */
  scrollBox: RefObject<HTMLDivElement>;
  sheet: SheetView;
  range: CellRange;
  active: CellPosition;
  editing: Editing | null;
  onPointerSelect(cell: CellPosition, how: "start" | "extend" | "drag"): void;
  onPointerRelease(): void;
  onStartEdit(cell: CellPosition): void;
  onEditText(text: string): void;
  onCommitEdit(move: "down" | "right" | "none"): void;
  onCancelEdit(): void;
}

function cellFromEvent(event: Event): CellPosition | null {
  const target = (event.target as HTMLElement | null)?.closest<HTMLElement>("td[data-col]");
  const row = target?.parentElement?.dataset.row;
  if (!target || row === undefined) return null;
  return { row: Number(row), col: Number(target.dataset.col) };
}

interface RowProps {
  row: number;
  cols: number;
  display: string[] | undefined;
  errors: Record<string, string>;
  numeric: ReadonlySet<string>;
  /** Selected columns in this row, or null when the row is outside the selection. */
  selectedCols: [number, number] | null;
  activeCol: number | null;
  editing: Editing | null;
  onEditText(text: string): void;
  onCommitEdit(move: "down" | "right" | "none"): void;
  onCancelEdit(): void;
}

function CellEditor({
  editing,
  onEditText,
  onCommitEdit,
  onCancelEdit,
}: Pick<RowProps, "onEditText" | "onCommitEdit" | "onCancelEdit"> & {
  editing: Editing;
}) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, []);
  return (
    <input
      ref={input}
      class="cell-editor"
      aria-label="Cell editor"
      value={editing.text}
      onInput={(e) => onEditText(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          onCommitEdit("down");
        } else if (e.key === "Tab") {
          e.preventDefault();
          onCommitEdit("right");
        } else if (e.key === "Escape") {
          e.preventDefault();
          onCancelEdit();
        }
      }}
      onBlur={() => onCommitEdit("none")}
    />
  );
}

const GridRow = memo(function GridRow(props: RowProps) {
  const { row, cols, display, errors, numeric, selectedCols, activeCol, editing } = props;
  const cells = [];
  for (let col = 0; col < cols; col++) {
    const text = display?.[col] ?? "";
    const key = `${row},${col}`;
    const error = errors[key];
    const selected = selectedCols !== null && col >= selectedCols[0] && col <= selectedCols[1];
    const isActive = activeCol === col;
    const className = [
      selected ? "selected" : "",
      isActive ? "active" : "",
      error ? "error" : "",
      numeric.has(key) ? "number" : "",
    ]
      .filter(Boolean)
      .join(" ");
    cells.push(
      <td key={col} data-col={col} class={className || undefined} title={error}>
        {isActive && editing ? (
          <CellEditor
            editing={editing}
            onEditText={props.onEditText}
            onCommitEdit={props.onCommitEdit}
            onCancelEdit={props.onCancelEdit}
          />
        ) : (
          text
        )}
      </td>,
    );
  }
  return (
    <tr data-row={row}>
      <th scope="row" class={selectedCols ? "row-head in-range" : "row-head"}>
        {row + 1}
      </th>
      {cells}
    </tr>
  );
});

export function Grid(props: GridProps) {
  const { sheet, range, active, editing } = props;
  const dataCols = sheet.display.reduce((max, r) => Math.max(max, r.length), 0);
  const rows = Math.max(MIN_ROWS, sheet.display.length + EXTRA_ROWS, active.row + EXTRA_ROWS);
  const cols = Math.max(MIN_COLS, dataCols + EXTRA_COLS, active.col + EXTRA_COLS);
  const dragging = useRef(false);
  const numeric = useMemo(() => new Set(sheet.numeric), [sheet.numeric]);
  const { first, end } = useVisibleRows(props.scrollBox, rows);
  const head = useRef<HTMLTableSectionElement>(null);

  // Rows stay memoized across renders only if their handlers do: these never change identity.
  const latest = useRef(props);
  latest.current = props;
  const editorHandlers = useMemo(
    () => ({
      onEditText: (text: string) => latest.current.onEditText(text),
      onCommitEdit: (move: "down" | "right" | "none") => latest.current.onCommitEdit(move),
      onCancelEdit: () => latest.current.onCancelEdit(),
    }),
    [],
  );

  useEffect(() => {
    const box = props.scrollBox.current;
    if (!box) return;
    scrollRowIntoView(box, active.row, head.current?.offsetHeight ?? ROW_HEIGHT);
    box.querySelector("td.active")?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [active.row, active.col, props.scrollBox]);

  useEffect(() => {
    const release = () => {
      if (!dragging.current) return;
      dragging.current = false;
      props.onPointerRelease();
    };
    window.addEventListener("mouseup", release);
    return () => window.removeEventListener("mouseup", release);
  }, [props.onPointerRelease]);

  const header = [];
  for (let col = 0; col < cols; col++) {
    const inRange = col >= range.left && col <= range.right;
    header.push(
      <th key={col} scope="col" class={inRange ? "col-head in-range" : "col-head"}>
        {columnLetters(col)}
      </th>,
    );
  }
  const body = [];
  if (first > 0) body.push(<tr key="above" class="spacer" style={{ height: `${first * ROW_HEIGHT}px` }} />);
  for (let row = first; row < end; row++) {
    const inRange = row >= range.top && row <= range.bottom;
    body.push(
      <GridRow
        key={row}
        row={row}
        cols={cols}
        display={sheet.display[row]}
        errors={sheet.errors}
        numeric={numeric}
        selectedCols={inRange ? [range.left, range.right] : null}
        activeCol={row === active.row ? active.col : null}
        editing={row === active.row ? editing : null}
        {...editorHandlers}
      />,
    );
  }
  if (end < rows) {
    body.push(<tr key="below" class="spacer" style={{ height: `${(rows - end) * ROW_HEIGHT}px` }} />);
  }
  return (
    <table
      class="grid"
      aria-label={`Sheet ${sheet.name}`}
      onMouseDown={(event) => {
        const cell = cellFromEvent(event);
        if (!cell || event.button !== 0) return;
        if (editing && editing.cell.row === cell.row && editing.cell.col === cell.col) return;
        event.preventDefault();
        dragging.current = true;
        props.onPointerSelect(cell, event.shiftKey ? "extend" : "start");
      }}
      onMouseMove={(event) => {
        if (!dragging.current) return;
        const cell = cellFromEvent(event);
        if (cell) props.onPointerSelect(cell, "drag");
      }}
      onDblClick={(event) => {
        const cell = cellFromEvent(event);
        if (cell) props.onStartEdit(cell);
      }}
    >
      <thead ref={head}>
        <tr>
          <th class="corner" />
          {header}
        </tr>
      </thead>
      <tbody>{body}</tbody>
    </table>
  );
}
