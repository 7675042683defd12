/**
 * How the sandbox reads the facts where the production API differs from our first reading of the
 * spec (../shared/PRODUCTION.md, table A). Documented facts default to production's answer; each
 * keeps the spec's first reading behind a control so the add-on can be tested against both while
 * it moves. Inferred facts default off where production is only suspected to do them (negative
 * balances); A9's balances and A11's ledger statuses are documented, so they are on.
 */
import type { AfterBalanceReading } from "./accounts.ts";

export interface Readings {
  /** A1: results_count only when the request sends get_max_companies (or include_total_count). */
  totalCount: "when_asked" | "always";
  /** A2: a lookup's source is always "lead_by_link"; "cache_or_live" says which data was read. */
  lookupSource: "lead_by_link" | "cache_or_live";
  /** A3: a lookup that matches no one is the 400 "Bad url" body; "not_found_404" the old 404. */
  lookupNotFound: "bad_url" | "not_found_404";
  /** A6: a lead search with no match is {amount: -1, leads: [], status: "No leads match ..."}. */
  leadNoMatch: "no_leads_status" | "empty_success";
  /**
   * A6 (charge inferred: "the ledger decides"): the no-match answer's `amount: -1` is free, or
   * charged as 1 credit (a `leads_by_icp` record of 1).
   */
  leadNoMatchCharge: "free" | "charged";
  /** A8: out of funds as 402, or as the newer 400 whose detail says "insufficient funds". */
  insufficientFundsStatus: 402 | 400;
  /** A9 (inferred): a request is served while the balance is above 0 and may take it below 0. */
  negativeBalance: boolean;
  /**
   * A9: a charge's after_balance is its operation's counter (negative: what that operation has
   * used), not the balance; "balance" keeps the spec's first reading (the balance after it).
   */
  afterBalance: AfterBalanceReading;
  /**
   * A11: a paid request reserves its credits as a `pending` record while it is in flight, which
   * turns `success` (charged) or `error` (failed after acceptance, reversed) when it ends; off,
   * every record is `success` and is written when the request is charged.
   */
  ledgerStatuses: boolean;
  /** With ledgerStatuses: how long a charge still reads pending after its answer (ms; default 0). */
  pendingMs: number;
  /**
   * A11: a status filter value the API cannot read (not pending, success or error) is dropped,
   * not refused (200, unfiltered); "exact" compares it as written (so it matches nothing).
   */
  statusFilter: "drops_unreadable" | "exact";
  /**
   * A11 (documented for the newer ledger, inferred for this list): a date or number filter value
   * the API cannot read is refused (400, the spec's first reading, the default) or dropped (200,
   * that filter ignored, as production's newer ledger does).
   */
  unreadableFilter: "refused" | "dropped";
  /** A12 (inferred): lookup extras cost +1 each "always", or only "when_returned" (non-empty). */
  extrasCharged: "always" | "when_returned";
  /**
   * A16 (not shown for this generation): the email finder charges per valid email found (the newer
   * generation's documented rule) or per row sent. The validator charges per address either way.
   */
  emailCharge: "per_valid_email" | "per_row";
}

/** What production answers (documented facts) and the conservative side of the inferred ones. */
export const PRODUCTION_READINGS: Readings = {
  totalCount: "when_asked",
  lookupSource: "lead_by_link",
  lookupNotFound: "bad_url",
  leadNoMatch: "no_leads_status",
  leadNoMatchCharge: "free",
  insufficientFundsStatus: 402,
  negativeBalance: false,
  afterBalance: "per_operation",
  ledgerStatuses: true,
  pendingMs: 0,
  statusFilter: "drops_unreadable",
  unreadableFilter: "refused",
  extrasCharged: "always",
  emailCharge: "per_valid_email",
};

/** The spec's first reading (what the sandbox answered before PRODUCTION.md): `readings: "spec"`. */
export const SPEC_READINGS: Readings = {
  ...PRODUCTION_READINGS,
  totalCount: "always",
  lookupSource: "cache_or_live",
  lookupNotFound: "not_found_404",
  leadNoMatch: "empty_success",
  afterBalance: "balance",
  ledgerStatuses: false,
  statusFilter: "exact",
};

export const READING_PRESETS = { production: PRODUCTION_READINGS, spec: SPEC_READINGS } as const;
export type ReadingPreset = keyof typeof READING_PRESETS;

/** Allowed values of each enumerated reading (for the control endpoint's checks). */
export const READING_CHOICES: { [K in keyof Readings]?: readonly Readings[K][] } = {
  totalCount: ["when_asked", "always"],
  lookupSource: ["lead_by_link", "cache_or_live"],
  lookupNotFound: ["bad_url", "not_found_404"],
  leadNoMatch: ["no_leads_status", "empty_success"],
  leadNoMatchCharge: ["free", "charged"],
  insufficientFundsStatus: [402, 400],
  extrasCharged: ["always", "when_returned"],
  afterBalance: ["per_operation", "balance"],
  statusFilter: ["drops_unreadable", "exact"],
  unreadableFilter: ["refused", "dropped"],
  emailCharge: ["per_valid_email", "per_row"],
};
