/**
 * API keys, balances and the transaction records behind the transaction list. Every charge is a
 * record; so are the initial credits and balance changes made through the control endpoint.
 *
 * Two figures follow each record (PRODUCTION.md A9): the spendable balance after it, and, for a
 * charge, the per-operation counter after it (what that operation has used, negative). Production
 * writes the counter into a charge's `after_balance` (-2400 on a `leads_by_icp` row); the list
 * endpoint shows one or the other by the `afterBalance` reading.
 *
 * A paid request reserves credits when it is accepted (PRODUCTION.md A9: "credits are reserved up
 * front"): a `pending` record, counted in `blocked`, while the request is in flight. When it ends
 * the record becomes `success` with what was charged, or `error` (reversed: the balance did not
 * move) when it failed after it was accepted, or goes away when it was refused (A11).
 */
import { randomUUID } from "node:crypto";
import type { Transaction } from "../../src/api/wire.ts";

/** The operations that keep a counter, by balance_type (the charge records' types). */
export const OPERATION_TYPES = ["companies_by_icp", "leads_by_icp", "leads_by_link"] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

/** Which figure a record's after_balance shows: the operation's counter, or the balance (spec's reading). */
export type AfterBalanceReading = "per_operation" | "balance";

export interface Account {
  key: string;
  /** Credits the account holds; what is reserved for requests in flight is still in here. */
  balance: number;
  /** Credits reserved by requests in flight (blocked_balance_platform). */
  blocked: number;
  /** Per operation: what it has used (negative), as production's users/me answers it. */
  counters: Record<OperationType, number>;
  /** The credits the key started with (the answer's max_credits). */
  initialCredits: number;
  /** Newest last (the list endpoint reverses). */
  transactions: Transaction[];
  /** Records that read pending for a while after their request ended (pendingMs), and until when. */
  pending: Array<{ transaction: Transaction; settleAt: number }>;
}

export interface Charge {
  key: string;
  path: string;
  amount: number;
  url?: string;
  at: string;
}

/** A request's reservation: its pending record, until the request ends. */
export interface Reservation {
  key: string;
  credits: number;
  transaction: Transaction;
}

/** yyyy-mm-ddTHH:MM:SS.ssssss (microseconds; the spec's timestamp format, UTC). */
export function formatTimestamp(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 23)}000`;
}

const isOperation = (balanceType: string): balanceType is OperationType =>
  (OPERATION_TYPES as readonly string[]).includes(balanceType);

const noCounters = (): Record<OperationType, number> => ({
  companies_by_icp: 0,
  leads_by_icp: 0,
  leads_by_link: 0,
});

export class Accounts {
  private readonly accounts = new Map<string, Account>();
  /** Charges made since start or the last reset (the stats ledger). */
  readonly ledger: Charge[] = [];
  /** Per record: the operation's counter after it (charges only). */
  private counterAfter = new WeakMap<Transaction, number>();
  private lastStamp = 0;

  constructor(
    private readonly initial: Record<string, number>,
    private readonly now: () => number,
    /** Keys that start with 60 days of past charges (so date filters have something to find). */
    private readonly withHistory: readonly string[] = [],
  ) {
    this.reset();
  }

  reset(): void {
    this.accounts.clear();
    this.ledger.length = 0;
    this.counterAfter = new WeakMap();
    this.lastStamp = 0;
    for (const [key, credits] of Object.entries(this.initial)) {
      if (this.withHistory.includes(key)) this.createWithHistory(key, credits);
      else this.setCredits(key, credits);
    }
  }

  private create(key: string, credits: number): Account {
    const account: Account = {
      key,
      balance: 0,
      blocked: 0,
      counters: noCounters(),
      initialCredits: credits,
      transactions: [],
      pending: [],
    };
    this.accounts.set(key, account);
    return account;
  }

  /**
   * A past top-up 60 days ago, then one or two charges a day of each kind, ending at `credits`.
   * Amounts are deterministic; timestamps are relative to now.
   */
  private createWithHistory(key: string, credits: number): void {
    const account = this.create(key, credits);
    const day = 86_400_000;
    const start = this.now() - 60 * day;
    const kinds = [
      ["companies_by_icp", "Company search"],
      ["leads_by_icp", "Lead search"],
      ["leads_by_link", "Lead lookup"],
    ] as const;
    const charges: Array<{ at: number; amount: number; kind: (typeof kinds)[number] }> = [];
    for (let d = 1; d < 60; d++) {
      const kind = kinds[d % 3]!;
      charges.push({ at: start + d * day + ((d * 7919) % 36_000) * 1000, amount: 1 + ((d * 37) % 25), kind });
    }
    const spent = charges.reduce((sum, c) => sum + c.amount, 0);
    this.record(account, credits + spent, "top_up", "Credits purchased", start);
    for (const c of charges)
      this.record(account, -c.amount, c.kind[0], `${c.kind[1]}: ${c.amount} credits`, c.at);
  }

  get(key: string): Account | undefined {
    return this.accounts.get(key);
  }

  keys(): string[] {
    return [...this.accounts.keys()];
  }

  /** What the key may spend now: its balance less what requests in flight have reserved. */
  spendable(key: string): number {
    const account = this.accounts.get(key);
    return account === undefined ? 0 : account.balance - account.blocked;
  }

  /** Creates the key or sets its balance, recording the change as a transaction. */
  setCredits(key: string, credits: number): void {
    let account = this.accounts.get(key);
    if (account === undefined) {
      account = this.create(key, credits);
      this.record(account, credits, "top_up", "Initial credits");
      return;
    }
    this.record(account, credits - account.balance, "adjustment", "Balance set by the sandbox");
  }

  /**
   * Takes `credits` from the key (positive number) and records it. With `pendingMs` the record
   * reads `pending` until that much time has passed, then `success`.
   */
  charge(
    key: string,
    credits: number,
    path: string,
    balanceType: string,
    description: string,
    url?: string,
    pendingMs?: number,
  ): void {
    const account = this.accounts.get(key);
    if (account === undefined || credits <= 0) return;
    const transaction = this.record(account, -credits, balanceType, description);
    this.holdPending(account, transaction, pendingMs);
    this.addToLedger(key, path, credits, transaction.created_at, url);
  }

  /**
   * Reserves up to `credits` (never more than the key may spend) for a request just accepted: a
   * `pending` record of that amount, counted in `blocked` until `settle`, `fail` or `release`.
   * Null when nothing could be reserved (no such key, or nothing to spend).
   */
  reserve(key: string, credits: number, balanceType: string, description: string): Reservation | null {
    const account = this.accounts.get(key);
    const amount = Math.min(Math.max(0, Math.floor(credits)), this.spendable(key));
    if (account === undefined || amount <= 0) return null;
    account.blocked += amount;
    const transaction = this.newRecord(account, -amount, balanceType, description, this.now());
    transaction.status = "pending";
    transaction.after_balance = account.balance - account.blocked;
    if (isOperation(balanceType)) this.counterAfter.set(transaction, account.counters[balanceType] - amount);
    account.transactions.push(transaction);
    return { key, credits: amount, transaction };
  }

  /** The request was served: its record becomes the charge (`success`, or pending for pendingMs). */
  settle(
    reservation: Reservation,
    credits: number,
    path: string,
    description: string,
    url?: string,
    pendingMs?: number,
  ): void {
    const account = this.unblock(reservation);
    if (account === undefined) return;
    const { transaction } = reservation;
    if (credits <= 0) {
      this.remove(account, transaction);
      return;
    }
    transaction.amount = -credits;
    transaction.description = description;
    transaction.updated_at = formatTimestamp(this.now());
    transaction.status = "success";
    this.apply(account, transaction);
    this.holdPending(account, transaction, pendingMs);
    this.addToLedger(reservation.key, path, credits, transaction.created_at, url);
  }

  /** The request failed after it was accepted: its record turns `error`, the charge reversed. */
  fail(reservation: Reservation, description: string): void {
    const account = this.unblock(reservation);
    if (account === undefined) return;
    const { transaction } = reservation;
    transaction.status = "error";
    transaction.description = description;
    transaction.updated_at = formatTimestamp(this.now());
    transaction.after_balance = account.balance - account.blocked;
    const type = transaction.balance_type;
    if (isOperation(type)) this.counterAfter.set(transaction, account.counters[type]);
  }

  /** The request was refused (not charged, nothing reserved in the end): its record goes away. */
  release(reservation: Reservation): void {
    const account = this.unblock(reservation);
    if (account !== undefined) this.remove(account, reservation.transaction);
  }

  /**
   * An `error` record (PRODUCTION.md A11): a paid request that failed, its charge reversed at
   * once, so the record shows the amount but the balance does not move.
   */
  recordError(key: string, credits: number, balanceType: string, description: string): void {
    const reservation = this.reserve(key, credits, balanceType, description);
    if (reservation !== null) this.fail(reservation, description);
  }

  /** Turns records whose pendingMs has passed into success (updated_at: when they settled). */
  settleDue(key: string): void {
    const account = this.accounts.get(key);
    if (account === undefined || account.pending.length === 0) return;
    const now = this.now();
    account.pending = account.pending.filter(({ transaction, settleAt }) => {
      if (settleAt > now) return true;
      transaction.status = "success";
      transaction.updated_at = formatTimestamp(Math.max(settleAt, 0));
      return false;
    });
  }

  /**
   * The key's records, newest first, as the list endpoint answers them: a charge's after_balance
   * is its operation's counter (production), or the balance after it (the spec's first reading).
   */
  listed(key: string, reading: AfterBalanceReading): Transaction[] {
    const all = this.accounts.get(key)?.transactions ?? [];
    const out: Transaction[] = [];
    for (let i = all.length - 1; i >= 0; i--) {
      const t = all[i]!;
      const counter = this.counterAfter.get(t);
      out.push(reading === "per_operation" && counter !== undefined ? { ...t, after_balance: counter } : t);
    }
    return out;
  }

  private unblock(reservation: Reservation): Account | undefined {
    const account = this.accounts.get(reservation.key);
    if (account !== undefined) account.blocked = Math.max(0, account.blocked - reservation.credits);
    return account;
  }

  private remove(account: Account, transaction: Transaction): void {
    const at = account.transactions.indexOf(transaction);
    if (at >= 0) account.transactions.splice(at, 1);
  }

  private holdPending(account: Account, transaction: Transaction, pendingMs: number | undefined): void {
    if (pendingMs === undefined || pendingMs <= 0) return;
    transaction.status = "pending";
    account.pending.push({ transaction, settleAt: this.now() + pendingMs });
  }

  private addToLedger(key: string, path: string, credits: number, at: string, url?: string): void {
    const charge: Charge = { key, path, amount: credits, at };
    if (url !== undefined) charge.url = url;
    this.ledger.push(charge);
  }

  /** Moves the balance (and the operation's counter) by the record's amount; sets both figures. */
  private apply(account: Account, transaction: Transaction): void {
    account.balance += transaction.amount;
    transaction.after_balance = account.balance - account.blocked;
    const type = transaction.balance_type;
    if (isOperation(type)) {
      account.counters[type] += transaction.amount;
      this.counterAfter.set(transaction, account.counters[type]);
    }
  }

  private newRecord(
    account: Account,
    amount: number,
    balanceType: string,
    description: string,
    at: number,
  ): Transaction {
    // Strictly increasing timestamps keep "newest first" a total order even within a millisecond.
    const stamp = Math.max(at, this.lastStamp + 0.001);
    this.lastStamp = stamp;
    const micros = Math.round((stamp % 1) * 1000);
    const text = `${formatTimestamp(Math.floor(stamp)).slice(0, 23)}${String(micros).padStart(3, "0")}`;
    return {
      id: randomUUID(),
      created_at: text,
      updated_at: text,
      status: "success",
      balance_type: balanceType,
      amount,
      description,
      after_balance: account.balance - account.blocked,
    };
  }

  private record(
    account: Account,
    amount: number,
    balanceType: string,
    description: string,
    at = this.now(),
  ): Transaction {
    const transaction = this.newRecord(account, amount, balanceType, description, at);
    this.apply(account, transaction);
    account.transactions.push(transaction);
    return transaction;
  }
}
