/**
 * The checks of ../edit-rules.ts at the door of a service write: they throw before anything is
 * written, so a refused setValues or appendRow leaves every cell of its block as it was.
 */
import type { GridRange } from "../a1";
import type { ParsedInput } from "../cells";
import type { SheetModel } from "../spreadsheet-model";
import type { ServiceHost } from "./host";

/** A write over a protected range by someone who is neither the owner nor one of its editors. */
export function checkProtection(host: ServiceHost, sheet: SheetModel, grid: GridRange): void {
  const { editRules, model } = host.state;
  const refused = editRules.protectionError(sheet.id, grid, host.exec.user, model.owner);
  if (refused) throw host.exec.exception(refused);
}

/** A value a reject-input rule refuses anywhere in the block. */
export function checkValidation(
  host: ServiceHost,
  sheet: SheetModel,
  grid: GridRange,
  inputs: readonly (readonly ParsedInput[])[],
): void {
  const refused = host.state.editRules.validationError(sheet.id, grid, inputs);
  if (refused) throw host.exec.exception(refused);
}
