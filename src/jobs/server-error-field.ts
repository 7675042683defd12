/**
 * The form field an API ValidationError is about: its detail and Hint name request fields
 * ("locations has "atlantis" ... Hint: edit locations"), and the one named first is the field the
 * sidebar shows the refusal under. Shared by the company and lead searches, each with its own
 * request-field-to-form-field table.
 */
export function firstFieldNamed<F>(text: string, fields: ReadonlyArray<readonly [string, F]>): F | null {
  let best: { at: number; field: F } | null = null;
  for (const [name, field] of fields) {
    // Whole names only: "company_locations" does not name "locations".
    const at = text.search(new RegExp(`(?<![\\w])${name}(?![\\w])`));
    if (at >= 0 && (best === null || at < best.at)) best = { at, field };
  }
  return best?.field ?? null;
}
