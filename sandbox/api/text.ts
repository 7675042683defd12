/** Small text helpers shared by the generators and the URL readers. */

/** A URL-safe lower-case slug: accents dropped, anything else non-alphanumeric becomes "-". */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export function titleCase(text: string): string {
  return text.replace(/\b\p{L}/gu, (c) => c.toUpperCase());
}

/** Base-36 code for an index, offset so codes are never short. */
export function indexCode(index: number): string {
  return (index + 1_000_000).toString(36);
}

export function indexFromCode(code: string): number | null {
  if (!/^[0-9a-z]+$/i.test(code)) return null;
  const value = Number.parseInt(code.toLowerCase(), 36) - 1_000_000;
  return Number.isSafeInteger(value) && value >= 0 ? value : null;
}
