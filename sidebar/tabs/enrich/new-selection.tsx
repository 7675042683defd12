/**
 * Enrich from the menu on another selection while a run is unfinished (issue 14.5): say so, and
 * offer to finish that run, or cancel it and plan the new selection. One run per spreadsheet keeps
 * rows from being charged twice, so the two cannot run side by side.
 */
import type { EnrichProgress } from "../../../src/rpc/enrich";

export function NewSelectionChoice(props: {
  progress: EnrichProgress;
  selection: string;
  busy: boolean;
  onFinish(): void;
  onCancelAndPlan(): void;
}) {
  const { progress } = props;
  return (
    <div class="notice info" role="status" data-testid="enrich-new-selection">
      You chose Enrich on <strong>{props.selection}</strong>, but the run on {progress.sheetName}!
      {progress.range} is not finished ({progress.state}). One run at a time per spreadsheet.
      <div class="buttons">
        <button type="button" class="action" disabled={props.busy} onClick={props.onFinish}>
          Finish this run first
        </button>
        <button type="button" class="secondary" disabled={props.busy} onClick={props.onCancelAndPlan}>
          Cancel it and plan {props.selection}
        </button>
      </div>
    </div>
  );
}
