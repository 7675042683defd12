/**
 * Reading history rows back as cell changes, whatever layout wrote them: the packed rows of
 * format.ts (v3, a write's rows in one history row), the compact rows written before it (v2,
 * `{"v":2,"run","sheet","sid","url","row","hr","fresh"?,"cells":[[column, header, before, after,
 * kept?, slice?]...],"sig"}`, one history row per sheet row) and the legacy layout (one unsigned
 * history row per cell, columns.ts LEGACY_HEADERS). Nothing is migrated: each row is read as it is.
 */
import { timeOfCell } from "../../sheet/sheet-time";
import { columnLetters } from "../enrich/progress";
import { type HistoryRow, keptCell, type Trust } from "./columns";
import type { PackedEntry, RowRef } from "./format";
import { signatureOf, verified } from "./signature";

/** The JSON of a compact row (v2 or v3) starts so; anything else in Changes is a legacy row. */
const VERSION_STARTS = ['{"v":3,', '{"v":2,'];

export const isCompact = (cells: readonly string[]) => {
  const changes = cells[5] ?? "";
  return VERSION_STARTS.some((start) => changes.startsWith(start));
};

/** A compact row's time: its UTC column, else (rows written before it) the Time cell. */
const compactTime = (cells: readonly string[]) =>
  timeOfCell(cells[6] ?? "") === null ? (cells[1] ?? "") : cells[6]!;

/** A compact row's record, v2 read as a v3 record of one row. */
interface Record3 {
  run: string;
  sheet: string;
  sid: number;
  hr: number;
  rows: RowRef[];
  cells: PackedEntry[];
}

const isRef = (ref: unknown): ref is RowRef =>
  Array.isArray(ref) &&
  typeof ref[0] === "string" &&
  Number.isInteger(ref[1]) &&
  (ref[2] === undefined || typeof ref[2] === "boolean");

function parseRecord(body: string): Record3 | null {
  try {
    const value = JSON.parse(body) as Record<string, unknown>;
    const common =
      typeof value.run === "string" &&
      typeof value.sheet === "string" &&
      typeof value.sid === "number" &&
      Number.isInteger(value.hr) &&
      Array.isArray(value.cells);
    if (!common) return null;
    const record = value as unknown as Record3 & { url?: unknown; row?: unknown; fresh?: unknown };
    if (value.v === 3) {
      const rows = value.rows;
      const valid =
        Array.isArray(rows) &&
        rows.every(isRef) &&
        record.cells.every((entry) => Array.isArray(entry) && rows[entry[0]] !== undefined);
      return valid ? record : null;
    }
    const entries = record.cells as unknown[];
    if (typeof record.url !== "string" || !Number.isInteger(record.row) || !entries.every(Array.isArray))
      return null;
    const ref: RowRef =
      typeof record.fresh === "boolean"
        ? [record.url, record.row as number, record.fresh]
        : [record.url, record.row as number];
    // A v2 entry is a v3 one without its row index: the record's only row.
    const cells = entries.map((entry) => [0, ...(entry as unknown[])] as PackedEntry);
    return { run: record.run, sheet: record.sheet, sid: record.sid, hr: record.hr, rows: [ref], cells };
  } catch {
    return null;
  }
}

/**
 * A compact row's record, and whether the add-on wrote it (signed with `secret`). Its changes are
 * read under the run it signed, whatever its Run cell says now: a Run cell typed over neither moves
 * the row into another run nor drops it from its own (its people were left out of Undo and the
 * digest, unnamed).
 */
function readRecord(secret: string, cells: readonly string[]): { record: Record3 | null; signed: boolean } {
  const text = cells[5] ?? "";
  const body = verified(secret, text);
  const record = parseRecord(body ?? signatureOf(text).body);
  return { record, signed: body !== null && record !== null };
}

/**
 * The run a compact row records when the add-on signed it (even a record of no cell) and its Run
 * cell still says so, else null: what the Run column claims (an undo, say) is believed only then.
 */
export function signedRunOf(secret: string, cells: readonly string[]): string | null {
  if (!isCompact(cells)) return null;
  const { record, signed } = readRecord(secret, cells);
  return signed && record!.run === cells[0] ? record!.run : null;
}

const legacyRow = (cells: readonly string[], origin: number): HistoryRow => {
  const text = (index: number) => cells[index] ?? "";
  return {
    runId: text(0),
    time: text(1),
    sheet: text(2),
    cell: text(3),
    header: text(4),
    url: text(5),
    before: text(6),
    after: text(7),
    trust: "unsigned",
    origin,
  };
};

/**
 * History rows (as read, READ_WIDTH columns, the first at `firstOrigin`) as the cell changes they
 * record, in order. A compact row whose signature fails or whose JSON does not parse comes back as
 * one `forged` change carrying the Run, Sheet and (first) URL cells, so that Undo can name it.
 */
export function decodeHistoryRows(
  secret: string,
  rows: readonly string[][],
  firstOrigin: number,
): HistoryRow[] {
  const out: HistoryRow[] = [];
  // A sliced cell's earlier slices, by run, sheet, row and column, until its last slice.
  const open = new Map<string, HistoryRow & { slices?: number }>();
  rows.forEach((cells, index) => {
    const origin = firstOrigin + index;
    if (!isCompact(cells)) {
      if (cells.some((cell) => cell !== "")) out.push(legacyRow(cells, origin));
      return;
    }
    const { record, signed } = readRecord(secret, cells);
    const trust: Trust = signed ? "signed" : "forged";
    if (record === null || trust === "forged") {
      out.push({
        ...legacyRow(["", "", "", "", "", "", "", ""], origin),
        runId: cells[0] ?? "",
        time: compactTime(cells),
        sheet: cells[2] ?? "",
        url: (cells[3] ?? "").split("\n")[0]!,
        trust: "forged",
      });
      return;
    }
    for (const [r, column, header, before, after, kept, slice] of record.cells) {
      const [url, row, fresh] = record.rows[r]!;
      const key = `${record.run}\n${record.sid}\n${row}\n${column}`;
      const a1 = `${columnLetters(column)}${row}`;
      const earlier = open.get(key);
      // Slices must come in order from 1: a gap means a history row went missing.
      const expected = (earlier?.slices ?? 0) + 1;
      const inOrder = slice === undefined ? earlier === undefined : Math.abs(slice) === expected;
      const change: HistoryRow & { slices?: number } = earlier
        ? { ...earlier, before: earlier.before + before, after: earlier.after + after }
        : {
            runId: record.run,
            time: compactTime(cells),
            sheet: record.sheet,
            cell: kept ? keptCell(a1, kept) : a1,
            header: String(header),
            url,
            before: String(before),
            after: String(after),
            trust,
            origin,
            sheetId: record.sid,
            headerRow: record.hr,
            ...(typeof fresh === "boolean" ? { fresh } : {}),
          };
      if (!inOrder) change.trust = "forged";
      if (slice !== undefined && slice > 0) open.set(key, { ...change, slices: slice });
      else {
        open.delete(key);
        const { slices: _, ...whole } = change;
        out.push(whole);
      }
    }
  });
  // A slice whose continuation is missing (rows deleted by hand) is not a whole cell: refused.
  for (const { slices: _, ...change } of open.values()) out.push({ ...change, trust: "forged" });
  return out;
}
