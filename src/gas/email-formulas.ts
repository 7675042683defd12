/**
 * =FIND_EMAIL and =VALIDATE_EMAIL's Apps Script side: the same settings, cache, lock and budget as
 * =LOOKUP_LEAD (lookup.ts's formulaContext), with the email client.
 */
import { type FindEmailArguments, findEmailFormula, validateEmailFormula } from "../jobs/emails/formula";
import type { CellArgument } from "../jobs/lookup/arguments";
import type { CellValue } from "../sheet/cell-value";
import { formulaContext } from "./lookup";

export function findEmailCells(args: FindEmailArguments): CellValue[][] {
  return findEmailFormula(args, formulaContext());
}

export function validateEmailCells(address: CellArgument): CellValue[][] {
  return validateEmailFormula(address, formulaContext());
}
