/**
 * The revenue filter as users type it: "5M", "$5 million", "5,000,000", "500k", "1.5b", "5m-10m",
 * "over 5m", "under 10m". Each field reads one amount in US dollars a year, or a range; anything
 * else is refused with a message naming what was typed, and what was understood is said in words
 * ("$5 million to $10 million a year") before anything is sent.
 *
 * The API's revenues_range is in millions of US dollars: the spec leaves the unit out, but the
 * production reference's samples are {min: 0, max: 1} and {min: 1, max: 5}, and the sandbox reads
 * millions. Before, "5000000" went out as 5,000,000 (millions), which no company matches.
 */
import type { FieldProblems } from "./form";

/** Bounds in US dollars a year; a missing bound is open. */
export interface RevenueRange {
  min?: number;
  max?: number;
}

export interface RevenueReading {
  /** The bounds understood; null when nothing was typed or something was refused. */
  range: RevenueRange | null;
  problems: Pick<FieldProblems, "revenue_min" | "revenue_max">;
  /** What was understood, in words; null when nothing was typed or something was refused. */
  understood: string | null;
}

const MULTIPLIERS: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  thousands: 1e3,
  m: 1e6,
  mm: 1e6,
  mn: 1e6,
  mln: 1e6,
  mio: 1e6,
  million: 1e6,
  millions: 1e6,
  b: 1e9,
  bn: 1e9,
  bln: 1e9,
  billion: 1e9,
  billions: 1e9,
};

/** Below this, a plain number is surely not dollars a year but a unit left out (5 for 5M). */
const SMALLEST_PLAIN = 1000;

const OTHER_CURRENCY = /[€£¥₹]|\b(?:eur|euros?|gbp|pounds?|jpy|yen|chf|cad|aud|inr|rupees?)\b/i;

const EXAMPLES = "e.g. 5M, $5 million, 5,000,000, 500k, 1.5B, or a range such as 5M-10M";

type Amount = { dollars: number; plain: boolean } | null;

/**
 * Digits with grouping (5,000,000; 5 000 000; 5.000.000; 5'000'000) or a decimal point or comma
 * (1.5; 1,5): a comma followed by three digits groups thousands, by one or two it is a decimal.
 */
function numberOf(text: string): number | null {
  const t = text.replace(/[\s\u00a0\u202f']/g, "");
  if (/^\d+(\.\d+)?$/.test(t)) return Number(t);
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) return Number(t.replace(/,/g, ""));
  if (/^\d{1,3}(\.\d{3}){2,}(,\d+)?$/.test(t)) return Number(t.replace(/\./g, "").replace(",", "."));
  if (/^\d+,\d{1,2}$/.test(t)) return Number(t.replace(",", "."));
  return null;
}

/** One amount in US dollars ("$5 million", "500k", "USD 5m"), or null when it is not one. */
function amountOf(text: string): Amount {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/^(?:us\$|usd|\$)\s*/, "")
    .replace(/\s*(?:usd|us dollars|dollars|\$)$/, "");
  const match = /^([\d.,\s\u00a0\u202f']*\d)\s*([a-z]*)$/.exec(t);
  if (!match) return null;
  const value = numberOf(match[1] ?? "");
  const unit = match[2] ?? "";
  const multiplier = unit === "" ? 1 : MULTIPLIERS[unit];
  if (value === null || multiplier === undefined) return null;
  return { dollars: Math.round(value * multiplier * 100) / 100, plain: unit === "" };
}

/** What one field holds: one amount, both bounds (a range), or one bound named by its words. */
type FieldValue = { kind: "amount"; dollars: number } | { kind: "bounds"; range: RevenueRange };

const OPEN_MIN = /^(?:>=?|≥|over|above|more than|at least|from|min(?:imum)?:?)\s*(.+)$/;
const OPEN_MAX = /^(?:<=?|≤|under|below|less than|up to|at most|max(?:imum)?:?)\s*(.+)$/;

/** Reads one field's text; a string is the problem ("message. hint"), naming what was typed. */
function readField(typed: string): FieldValue | string {
  const text = typed
    .trim()
    .replace(/[–—−]/g, "-")
    .replace(/\s*(?:a|per|\/)\s*(?:year|yr)$|\s*(?:yearly|annually)$/i, "");
  const quoted = `"${typed.trim()}"`;
  if (OTHER_CURRENCY.test(text)) {
    return `${quoted} is in another currency than US dollars. The revenue filter is in US dollars a year: type the amount in dollars, e.g. $5M.`;
  }
  if (/^-\s*[\d$]/.test(text)) return `${quoted} is below zero. Type 0 or more.`;
  const lower = text.toLowerCase();
  const one = (part: string): number | string => {
    const amount = amountOf(part);
    if (amount === null)
      return `${quoted} is not an amount. Type digits with an optional k, M or B, ${EXAMPLES}.`;
    if (amount.plain && amount.dollars > 0 && amount.dollars < SMALLEST_PLAIN) {
      const n = part.trim();
      return `${quoted} is too small for a yearly revenue in US dollars: type ${n}M for ${n} million, or ${n}k for ${n} thousand.`;
    }
    return amount.dollars;
  };
  // A bound named by its words first: "up to 10m" is no range from "up" to "10m".
  const openMin = OPEN_MIN.exec(lower) ?? /^(.+?)\s*(?:\+|or more)$/.exec(lower);
  const openMax = OPEN_MAX.exec(lower) ?? /^(.+?)\s*or less$/.exec(lower);
  const open = openMin ?? openMax;
  const bound = open ? one(open[1] ?? "") : null;
  if (open && typeof bound === "number")
    return { kind: "bounds", range: openMin ? { min: bound } : { max: bound } };
  const between =
    /^between\s+(.+?)\s+and\s+(.+)$/.exec(lower) ?? /^(?:from\s+)?(.+?)\s*(?:-|to|until)\s*(.+)$/.exec(lower);
  if (between) {
    const min = one(between[1] ?? "");
    const max = one(between[2] ?? "");
    if (typeof min === "string") return min;
    if (typeof max === "string") return max;
    if (min > max) return `${quoted} starts above where it ends. Type the smaller amount first.`;
    return { kind: "bounds", range: { min, max } };
  }
  if (typeof bound === "string") return bound;
  const value = one(lower);
  return typeof value === "string" ? value : { kind: "amount", dollars: value };
}

/** "$5 million", "$1.5 billion", "$500 thousand", "$1,234,567". */
export function dollarsText(dollars: number): string {
  for (const [size, word] of [
    [1e9, "billion"],
    [1e6, "million"],
    [1e3, "thousand"],
  ] as const) {
    const scaled = dollars / size;
    if (dollars >= size && Math.abs(scaled * 100 - Math.round(scaled * 100)) < 1e-6) {
      return `$${Number(scaled.toFixed(2)).toLocaleString("en-US")} ${word}`;
    }
  }
  return `$${dollars.toLocaleString("en-US")}`;
}

function rangeText(range: RevenueRange): string {
  if (range.min !== undefined && range.max !== undefined) {
    return `${dollarsText(range.min)} to ${dollarsText(range.max)} a year`;
  }
  if (range.min !== undefined) return `${dollarsText(range.min)} or more a year`;
  return `up to ${dollarsText(range.max ?? 0)} a year`;
}

const LABELS = { revenue_min: "Revenue min", revenue_max: "Revenue max" } as const;

/** Both fields read together: a range may be typed in either, when the other is empty. */
export function readRevenueRange(minText: string, maxText: string): RevenueReading {
  const typed = { revenue_min: String(minText ?? "").trim(), revenue_max: String(maxText ?? "").trim() };
  const problems: RevenueReading["problems"] = {};
  const range: RevenueRange = {};
  for (const field of ["revenue_min", "revenue_max"] as const) {
    if (typed[field] === "") continue;
    const value = readField(typed[field]);
    if (typeof value === "string") {
      problems[field] = [value];
      continue;
    }
    const other = field === "revenue_min" ? "revenue_max" : "revenue_min";
    if (value.kind === "bounds" && typed[other] !== "") {
      problems[field] = [
        `"${typed[field]}" is a range, and ${LABELS[other]} holds "${typed[other]}" too. Type the range in one field, or one amount in each.`,
      ];
      continue;
    }
    if (value.kind === "bounds") Object.assign(range, value.range);
    else range[field === "revenue_min" ? "min" : "max"] = value.dollars;
  }
  if (problems.revenue_min || problems.revenue_max) return { range: null, problems, understood: null };
  if (range.min === undefined && range.max === undefined) return { range: null, problems, understood: null };
  if (range.min !== undefined && range.max !== undefined && range.min > range.max) {
    problems.revenue_min = [
      `Revenue min (${dollarsText(range.min)}) is above Revenue max (${dollarsText(range.max)}). Swap them, or raise Revenue max.`,
    ];
    return { range: null, problems, understood: null };
  }
  return { range, problems, understood: rangeText(range) };
}

/** Dollars as the API's unit, millions of US dollars (to the dollar: 1,234,567 -> 1.234567). */
export function apiMillions(dollars: number): number {
  return Math.round(dollars) / 1e6;
}
