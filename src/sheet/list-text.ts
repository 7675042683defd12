/**
 * List fields (experience, education, languages, posts, a company's other locations...) as text a
 * person reads: "Title at Company (Mar 2019 - present); Title at Company (2015 - 2019)". Each
 * item's shape decides its wording; an item of an unknown shape shows its plain values. Items are
 * joined by "; " and line breaks inside an item become spaces, so "; " is the only separator.
 * Escaping and the cell limit are the caller's (toCellValue): this is wording only.
 */

type Item = Record<string, unknown>;

const text = (value: unknown): string =>
  value === null || value === undefined || typeof value === "object" ? "" : String(value).trim();

const joined = (parts: readonly unknown[], separator: string) =>
  parts
    .map(text)
    .filter((part) => part !== "")
    .join(separator);

/** "Mar 2019 - Jun 2023", "2019 - present", or one end alone. */
function period(start: string, end: string, stillThere: boolean): string {
  const last = end !== "" ? end : stillThere ? "present" : "";
  if (start === "") return last;
  return last === "" ? start : `${start} - ${last}`;
}

/** A YearMonth ({ year, month? }) as its year, or text as given. */
function yearOf(value: unknown): string {
  if (value !== null && typeof value === "object") return text((value as Item).year);
  return text(value);
}

const inParens = (inner: string) => (inner === "" ? "" : ` (${inner})`);

function jobText(item: Item): string {
  const where = joined([item.job_title, item.company_name], " at ");
  const when = period(text(item.job_started_on), text(item.job_ended_on), item.job_still_working === true);
  return where + inParens(when);
}

function educationText(item: Item): string {
  const fields = Array.isArray(item.fields_of_study) ? joined(item.fields_of_study, ", ") : "";
  const degree = joined([item.degree, fields], " in ");
  const where = joined([degree, item.university_name], " at ");
  return where + inParens(period(yearOf(item.started_on), yearOf(item.ended_on), false));
}

function itemText(item: unknown): string {
  if (item === null || item === undefined) return "";
  if (typeof item !== "object") return text(item);
  if (Array.isArray(item)) return joined(item, ", ");
  const o = item as Item;
  if ("job_title" in o || "company_name" in o) return jobText(o);
  if ("university_name" in o || "degree" in o) return educationText(o);
  if ("reaction_type" in o) return `${text(o.reaction_type)}: ${text(o.post_text)}`.replace(/^: /, "");
  if ("text" in o) return joined([o.posted_at ?? o.commented_at, o.text], ": ");
  if ("full_name" in o) return text(o.full_name) + inParens(text(o.headline));
  if ("name" in o) return text(o.name) + inParens(joined([o.proficiency, o.authority, o.year], ", "));
  if ("city" in o || "country" in o || "street" in o) {
    return joined([o.street, o.additional_info, o.city, o.state, o.postal_code, o.country], ", ");
  }
  return joined(Object.values(o), ", ");
}

/** A list as one line of readable text; empty items are left out. */
export function listText(items: readonly unknown[]): string {
  return items
    .map((item) => itemText(item).replace(/\s+/g, " ").trim())
    .filter((line) => line !== "")
    .join("; ");
}
