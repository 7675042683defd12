/**
 * A count as people type it: digits, or thousands grouped by threes with a comma, dot or space
 * ("1,500", "1.500", "1 500"), as a CRM or a spreadsheet shows numbers. One reading for every count
 * box of the sidebar, so "1,500" is 1,500 wherever it is typed.
 */

/** The count's digits ("1,500" -> "1500"); anything that is not a grouped count, trimmed as typed. */
export function countDigits(value: unknown): string {
  const text = String(value ?? "").trim();
  return /^\d{1,3}(?:[,.\s\u00a0\u202f]\d{3})+$/.test(text) ? text.replace(/\D/g, "") : text;
}

/** The count typed, or NaN when the text is no whole number ("ten", "2.5", ""). */
export function readCount(value: unknown): number {
  const digits = countDigits(value);
  return /^\d{1,9}$/.test(digits) ? Number(digits) : Number.NaN;
}
