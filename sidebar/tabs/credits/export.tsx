/**
 * Export to a sheet: free. Asks before replacing a Transactions sheet that holds data, saying whose
 * transactions it lists now and whose the export writes (a shared spreadsheet: another editor's
 * key lists another account), and which of the user's own columns stay; asks again before dropping
 * values of those columns whose transaction the export leaves out. API and user text is rendered
 * as text (Preact escapes it).
 */
import type { CreditsExportResult } from "../../../src/rpc/credits";

type Confirm = Extract<CreditsExportResult, { status: "confirm" }>;

export type ExportState = { step: "idle" } | { step: "working" } | { step: "confirm"; ask: Confirm };

/** The choice the user made: replace the sheet's content, and drop left-out values too. */
export interface ExportChoice {
  replace: boolean;
  dropNotes: boolean;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}

function Question({ ask }: { ask: Confirm }) {
  if (ask.reason === "drop") {
    const them = ask.dropped === 1 ? "it" : "them";
    return (
      <span id="credits-replace-text">
        {`${plural(ask.dropped, "value")} in your own columns of the ${ask.sheetName} sheet ${ask.dropped === 1 ? "belongs" : "belong"} to transactions this export does not list (its filters leave them out, or they are another account's). Replacing removes ${them}; to keep ${them}, Cancel and widen the filters, or rename the sheet first.`}
      </span>
    );
  }
  const other = ask.listed !== null && ask.listed.account !== ask.account;
  return (
    <span id="credits-replace-text">
      The {ask.sheetName} sheet already has {plural(Math.max(0, ask.existingRows - 1), "row")} under its
      header
      {ask.listed
        ? `: the transactions of ${ask.listed.account}, exported by ${ask.listed.by} on ${ask.listed.at}`
        : ""}
      .{" "}
      {other ? (
        <strong data-testid="credits-other-account">
          This export lists another account: {ask.account} (your API key), in their place.
        </strong>
      ) : (
        `This export lists ${ask.account}.`
      )}{" "}
      {ask.keptColumns.length > 0
        ? `Your columns ${ask.keptColumns.join(", ")} are kept, each value beside its transaction. `
        : ""}
      Replace the export?
    </span>
  );
}

export function ExportPanel({
  state,
  disabled,
  onExport,
  onCancel,
}: {
  state: ExportState;
  disabled: boolean;
  onExport(choice: ExportChoice): void;
  onCancel(): void;
}) {
  return (
    <section aria-label="Export to a sheet">
      <p class="muted">
        Writes every transaction matching the filters to the <strong>Transactions</strong> sheet (columns A to
        H; columns you add after them are kept). Free: the transaction list costs no credits.
      </p>
      {state.step === "confirm" ? (
        <div role="alertdialog" aria-labelledby="credits-replace-text" class="notice info">
          <Question ask={state.ask} />
          <div class="buttons">
            <button
              type="button"
              class="action"
              onClick={() => onExport({ replace: true, dropNotes: state.ask.reason === "drop" })}
            >
              {state.ask.reason === "drop" ? "Replace anyway" : "Replace"}
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
            onClick={() => onExport({ replace: false, dropNotes: false })}
          >
            {state.step === "working" ? "Exporting…" : "Export to sheet"}
          </button>
        </div>
      )}
    </section>
  );
}
