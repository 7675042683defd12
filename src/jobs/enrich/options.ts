/**
 * What the user chooses for a run: the fields to fill, the lookup extras, and the write mode.
 * Plain JSON, because the choice travels from the sidebar and is kept in the job's cursor.
 */
import { estimateLookupCost } from "../../api/cost";
import { type LeadLookupRequest, type LookupOption, PAID_LOOKUP_OPTIONS } from "../../api/wire";
import { DEFAULT_LOOKUP_FIELDS, isLeadField, type LeadField } from "../../sheet/lead-fields";
import { type PaidExtrasHowTo, paidExtrasProblem } from "../paid-extras";

/** fill: write only into empty cells. refresh: overwrite (the weekly CRM refresh). */
export type EnrichMode = "fill" | "refresh";

export type EnrichExtras = Partial<Record<LookupOption, boolean>>;

export interface EnrichOptions {
  fields: LeadField[];
  extras: EnrichExtras;
  mode: EnrichMode;
  /**
   * A manual run skips URLs whose rows were all refreshed (status ok) within this many days
   * (recent.ts): so a re-run never re-buys what it has just bought. 0 or absent: none skipped.
   */
  skipRefreshedDays?: number;
  /**
   * Work email: after a lookup, the lead's own name and current company domain go to the email
   * finder, and the row gets its Email and Email status (email-pass.ts). Absent: off.
   */
  workEmail?: boolean;
  /**
   * Also send URLs whose last request may have been charged (maybe-charged.ts); absent: they are
   * left out of a run over other rows too, and the estimate says so.
   */
  resendMaybeCharged?: boolean;
}

/**
 * The most one finder row can charge: PRODUCTION.md A16 does not say whether a call charges per
 * valid email found or per row sent, so the estimate and the cap count a credit per row sent.
 */
export const EMAIL_CREDITS_PER_ROW = 1;

/** Credits a lookup of one URL costs with a job's options: its price less the finder's row. */
export function lookupCreditsPerUrl(job: { creditsPerUrl: number; options: EnrichOptions }): number {
  return job.creditsPerUrl - emailCreditsPerUrl(job.options);
}

/** Credits the work-email pass can add to one URL at most (0 when it is off). */
export function emailCreditsPerUrl(options: Pick<EnrichOptions, "workEmail">): number {
  return options.workEmail === true ? EMAIL_CREDITS_PER_ROW : 0;
}

/** The Enrich tab's default: rows refreshed within the last day are not bought again. */
export const DEFAULT_SKIP_REFRESHED_DAYS = 1;
/** The longest window the choice takes (a scheduled refresh's month). */
const MAX_SKIP_REFRESHED_DAYS = 31;

/** The lead fields the options add: the paid extras (same names) and inexact_company. */
export const EXTRA_FIELDS = [...PAID_LOOKUP_OPTIONS, "inexact_company"] as const;

/** The extras the sidebar offers, in the order it shows them, with their extra credits per URL. */
export const EXTRA_CHOICES: ReadonlyArray<{ option: LookupOption; label: string; credits: number }> = [
  { option: "posts", label: "Posts (last 20)", credits: 1 },
  { option: "comments", label: "Comments (last 20)", credits: 1 },
  { option: "people_also_viewed", label: "People also viewed (20)", credits: 1 },
  { option: "reactions", label: "Reactions", credits: 1 },
  { option: "up_to_the_second_fresh", label: "Fresh data (slower, but current)", credits: 0 },
  { option: "get_full_experience", label: "Full experience (needs fresh data)", credits: 0 },
  { option: "inexact_company", label: "Inexact company match", credits: 0 },
];

/**
 * Fresh data is on by default: it costs no extra credit, and cached answers show the previous job
 * of people who moved recently (the spec: without up_to_the_second_fresh, cached data is returned).
 */
export const DEFAULT_ENRICH_OPTIONS: EnrichOptions = {
  fields: [...DEFAULT_LOOKUP_FIELDS],
  extras: { up_to_the_second_fresh: true },
  mode: "refresh",
};

/**
 * Whether the answers are real-time: the request's up_to_the_second_fresh decides (PRODUCTION.md
 * A2: the answer's source is "lead_by_link" either way, so it cannot tell).
 */
export function askedFresh(extras: EnrichExtras): boolean {
  return extras.up_to_the_second_fresh === true;
}

/** Credits one lookup can cost with these extras: 1 + one per paid extra (the client's cost rule). */
export function creditsPerUrl(extras: EnrichExtras): number {
  return estimateLookupCost(1, extras);
}

/** The request for one URL, sent exactly as the user typed it, with only the chosen options. */
export function lookupRequest(url: string, extras: EnrichExtras): LeadLookupRequest {
  const request: LeadLookupRequest = { url };
  for (const choice of EXTRA_CHOICES) if (extras[choice.option]) request[choice.option] = true;
  return request;
}

/** The how-to of paidExtrasProblem's message, in the Enrich tab's terms. */
const ENRICH_HOW_TO: PaidExtrasHowTo = {
  addOptions: (options) => {
    const labels = EXTRA_CHOICES.filter((c) => options.includes(c.option)).map((c) => c.label);
    return `tick ${labels.join(", ")} among the extras`;
  },
  addFields: (fields) => `add ${fields.join(", ")} to the fields`,
};

/** Checks options that came from the sidebar; throws a message the user can act on. */
export function checkOptions(raw: unknown): EnrichOptions {
  const input = (typeof raw === "object" && raw !== null ? raw : {}) as Partial<
    Record<keyof EnrichOptions, unknown>
  >;
  const given = Array.isArray(input.fields) ? input.fields.map(String) : [];
  const unknown = given.filter((field) => !isLeadField(field));
  if (unknown.length > 0) throw new Error(`Unknown field(s): ${unknown.join(", ")}.`);
  const fields = [...new Set(given.filter(isLeadField))];
  if (fields.length === 0) throw new Error("Choose at least one field to fill.");
  if (input.mode !== "fill" && input.mode !== "refresh") throw new Error("Choose fill or refresh.");
  const chosen = (
    typeof input.extras === "object" && input.extras !== null ? input.extras : {}
  ) as EnrichExtras;
  const extras: EnrichExtras = {};
  for (const choice of EXTRA_CHOICES) if (chosen[choice.option] === true) extras[choice.option] = true;
  // An extra's own column is added by the plan, so only a field without its extra can be refused.
  const withExtraColumns = [...fields, ...PAID_LOOKUP_OPTIONS.filter((option) => extras[option])];
  const unseen = paidExtrasProblem(withExtraColumns, Object.keys(extras), ENRICH_HOW_TO);
  if (unseen !== null) throw new Error(unseen);
  const days = Number(input.skipRefreshedDays ?? 0);
  if (!Number.isInteger(days) || days < 0 || days > MAX_SKIP_REFRESHED_DAYS) {
    throw new Error(
      `Skip rows refreshed within: give a whole number of days, 0 to ${MAX_SKIP_REFRESHED_DAYS}.`,
    );
  }
  if (input.workEmail !== undefined && typeof input.workEmail !== "boolean")
    throw new Error("Work email: tick it or leave it unticked.");
  if (input.resendMaybeCharged !== undefined && typeof input.resendMaybeCharged !== "boolean")
    throw new Error("Also send rows that may have been charged: tick it or leave it unticked.");
  return {
    fields,
    extras,
    mode: input.mode,
    ...(days > 0 ? { skipRefreshedDays: days } : {}),
    ...(input.workEmail === true ? { workEmail: true } : {}),
    ...(input.resendMaybeCharged === true ? { resendMaybeCharged: true } : {}),
  };
}
