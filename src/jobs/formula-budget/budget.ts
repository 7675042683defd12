/**
 * The owner's daily formula budget for one spreadsheet (issue 12.5). Formulas spend the owner's
 * key whoever types them, and the spend cap holds per execution only; this counts what every
 * formula of the document spent today and grants no more than the budget.
 *
 * Where the count lives: custom functions cannot write the owner's user properties (G5 of
 * PRODUCTION.md: editors cannot set them), so it lives in the document cache, which every
 * formula can read and write. That store is best effort (an entry lives at most 6 hours after its
 * last write and may be dropped): the count is rewritten on every grant, so it lasts while
 * formulas keep spending; after 6 idle hours, or an early drop, a day may grant the budget again.
 * Concurrent formulas (Sheets runs them in parallel) reserve credits before sending and take the
 * document lock around each read-and-write, so two formulas do not both spend the last credits.
 * An Enrich step or a search holds that lock for many seconds; a formula waits 2 s for it, then
 * counts without it (the read and the write are milliseconds apart), rather than fetch nothing.
 */

/** The document cache, as far as the count needs it. */
export interface CountStore {
  get(key: string): string | null;
  put(key: string, value: string, ttlSeconds: number): void;
}

export interface BudgetLock {
  tryAcquire(waitMs: number): boolean;
  release(): void;
}

export interface FormulaBudget {
  /** Credits a day; null: no daily limit. */
  readonly limit: number | null;
  /** Grants up to `credits` of what is left today (0 when the budget is used up). */
  reserve(credits: number): number;
  /** After the fetch: gives back what a reservation did not spend. */
  settle(reserved: number, spent: number): void;
}

/** CacheService's longest expiry. */
export const COUNT_SECONDS = 6 * 60 * 60;
/** A formula has 30 s: another formula's count takes milliseconds, a run's step much longer. */
const LOCK_WAIT_MS = 2_000;

export function budgetKey(day: string): string {
  return `formula_spend:${day}`;
}

/** Credits the document's formulas spent on `day` (yyyy-MM-dd), as counted. */
export function spentOn(store: CountStore, day: string): number {
  const value = Number(store.get(budgetKey(day)));
  return Number.isFinite(value) && value > 0 ? value : 0;
}

export function dailyBudget(
  limit: number | null,
  day: string,
  store: CountStore,
  lock: BudgetLock,
): FormulaBudget {
  const key = budgetKey(day);
  const locked = <T>(work: () => T): T => {
    if (!lock.tryAcquire(LOCK_WAIT_MS)) return work();
    try {
      return work();
    } finally {
      lock.release();
    }
  };
  return {
    limit,
    reserve: (credits) => {
      if (limit === null) return credits;
      if (credits <= 0) return 0;
      return locked(() => {
        const spent = spentOn(store, day);
        const granted = Math.max(0, Math.min(credits, limit - spent));
        if (granted > 0) store.put(key, String(spent + granted), COUNT_SECONDS);
        return granted;
      });
    },
    settle: (reserved, spent) => {
      if (limit === null || reserved === spent) return;
      locked(() => {
        const counted = spentOn(store, day) - reserved + spent;
        store.put(key, String(Math.max(0, counted)), COUNT_SECONDS);
      });
    },
  };
}

/** No daily limit (tests and callers without a document). */
export const NO_BUDGET: FormulaBudget = { limit: null, reserve: (credits) => credits, settle: () => {} };
