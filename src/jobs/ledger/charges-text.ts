/**
 * A run's cost in words, the same everywhere a total is shown: the ledger's figure when it was
 * read, else the answers read and what may have been charged beyond them.
 */
import type { RunCharges } from "./run-charges";

/**
 * The credits a run reports: the ledger's figure; when part of the ledger could not be read in
 * time, at least what the answers read say (the ledger's part may hold fewer rows).
 */
export function creditsReported(charges: RunCharges | null | undefined, read: number): number {
  if (!charges) return read;
  return charges.complete ? charges.charged : Math.max(charges.charged, read);
}

/**
 * A bulk run's cost for an account billed in USD (A19): the jobs' own `amount_charged`, since the
 * credits ledger does not speak its unit, and at most what the profiles whose answers were not
 * read may have cost on top (a submit's lost 202, a job given up): "$2.36 charged (the API's bulk
 * jobs; ...; up to $0.40 more may have been charged ...)". Before, a run with such profiles named
 * the jobs' figure alone, below what the API charged.
 */
export function usdChargedText(usd: number, maybeUsd = 0): string {
  const more =
    maybeUsd > 0
      ? `; up to $${maybeUsd.toFixed(2)} more may have been charged for profiles whose answers were not read`
      : "";
  return `$${usd.toFixed(2)} charged (the API's bulk jobs; your account is billed in USD${more})`;
}

const credits = (n: number) => `${n.toLocaleString("en-US")} credit${n === 1 ? "" : "s"}`;

/**
 * "40 credits charged (the API's ledger)", with what is still pending; without the ledger,
 * "36 credits spent (answers read; up to 4 more may have been charged)", or "36 credits spent".
 */
export function chargesText(charges: RunCharges | null | undefined, read: number, maybe = 0): string {
  if (charges) {
    // A request that timed out may be billed after the ledger was read (the API finishes it later).
    const later = read + maybe - charges.charged - charges.pending;
    const notes = [
      charges.complete ? "" : "at least: part of the ledger could not be read",
      charges.pending > 0 ? `${credits(charges.pending)} more pending` : "",
      maybe > 0 && later > 0
        ? `up to ${credits(later)} more may still be charged for requests that did not answer`
        : "",
    ].filter(Boolean);
    return `${credits(creditsReported(charges, read))} charged (the API's ledger${notes.length > 0 ? `; ${notes.join("; ")}` : ""})`;
  }
  const more = maybe > 0 ? ` (answers read; up to ${credits(maybe)} more may have been charged)` : "";
  return `${credits(read)} spent${more}`;
}
