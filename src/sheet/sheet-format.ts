/**
 * How the add-on writes the sheets it fills (two settings): readable headers or the API's field
 * names, and list fields (experience, education, ...) as readable text or as JSON. Readable by
 * default: sheet headers and cells are for people (DESIGN.md); the API forms are for formulas and
 * scripts built on the old layout.
 */
import type { HeaderStyle } from "./field-labels";

export type ListStyle = "readable" | "json";

export interface SheetFormat {
  headers: HeaderStyle;
  lists: ListStyle;
}

export const DEFAULT_SHEET_FORMAT: SheetFormat = { headers: "readable", lists: "readable" };
