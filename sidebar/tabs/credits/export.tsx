/** Export to a sheet: free; asks before replacing a Transactions sheet that holds data. */
export type ExportState =
  | { step: "idle" }
  | { step: "working" }
  | { step: "confirm"; sheetName: string; existingRows: number };

export function ExportPanel({
  state,
  disabled,
  onExport,
  onCancel,
}: {
  state: ExportState;
  disabled: boolean;
  onExport(replace: boolean): void;
  onCancel(): void;
}) {
  return (
    <section aria-label="Export to a sheet">
      <p class="muted">
        Writes every transaction matching the filters to the <strong>Transactions</strong> sheet. Free: the
        transaction list costs no credits.
      </p>
      {state.step === "confirm" ? (
        <div role="alertdialog" aria-labelledby="credits-replace-text" class="notice info">
          <span id="credits-replace-text">
            The {state.sheetName} sheet already has {state.existingRows.toLocaleString("en-US")} rows. Replace
            them with this export?
          </span>
          <div class="buttons">
            <button type="button" class="action" onClick={() => onExport(true)}>
              Replace
            </button>
            <button type="button" class="secondary" onClick={onCancel}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <div class="buttons">
          <button
            type="button"
            class="action"
            disabled={disabled || state.step === "working"}
            onClick={() => onExport(false)}
          >
            {state.step === "working" ? "Exporting…" : "Export to sheet"}
          </button>
        </div>
      )}
    </section>
  );
}
