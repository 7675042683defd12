/** The Enrich form's selection: the planned range, its URL column, and "Use current selection". */
import type { EnrichPreview } from "../../../src/rpc/enrich";
import { plural } from "../../components/plural";

export function Selection({
  preview,
  hint,
  urlColumn,
  onPick,
  onRefresh,
}: {
  preview: EnrichPreview | null;
  /** Why the current selection cannot be planned, shown muted until the user asks. */
  hint: string | null;
  urlColumn: number | undefined;
  onPick(column: number | undefined): void;
  onRefresh(): void;
}) {
  return (
    <div class="form-group">
      <strong>Profile URLs</strong>
      {preview ? (
        <span data-testid="enrich-selection">
          {preview.sheetName}!{preview.range}: {plural(preview.rows, "row")},{" "}
          {plural(preview.distinct, "distinct URL")}
          {preview.invalidRows > 0 ? `, ${plural(preview.invalidRows, "cell")} that are no profile URL` : ""}
          <span class="hint"> (headers in row {preview.headerRow})</span>
        </span>
      ) : (
        <span class="hint" data-testid="enrich-selection-hint">
          {hint ?? "Select the column of profile URLs in the sheet."}
        </span>
      )}
      {preview ? (
        <>
          <label for="enrich-url-column">URL column</label>
          <select
            id="enrich-url-column"
            value={urlColumn === undefined ? "" : String(urlColumn)}
            onChange={(e) => onPick(e.currentTarget.value === "" ? undefined : Number(e.currentTarget.value))}
          >
            <option value="">Detected in the selection</option>
            {preview.columns.map((c) => (
              <option key={c.column} value={String(c.column)}>
                {c.letter}
                {c.header ? ` · ${c.header}` : ""}
              </option>
            ))}
          </select>
        </>
      ) : null}
      <button type="button" class="secondary" onClick={onRefresh}>
        Use current selection
      </button>
    </div>
  );
}
