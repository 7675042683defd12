/**
 * API keys, balances and the transaction records behind the transaction list. Every charge is a
 * record; so are the initial credits and balance changes made through the control endpoint, so
 * the latest record's after_balance is always the current balance.
 */
import { randomUUID } from "node:crypto";
import type { Transaction } from "../../src/api/wire.ts";

export interface Account {
  key: string;
  balance: number;
  /** Newest last (the list endpoint reverses). */
  transactions: Transaction[];
  /** Pending records (ledger statuses, PRODUCTION.md A11) and when each turns to success (epoch ms). */
  pending: Array<{ transaction: Transaction; settleAt: number }>;
}

export interface Charge {
  key: string;
  path: string;
  amount: number;
  url?: string;
  at: string;
}

/** yyyy-mm-ddTHH:MM:SS.ssssss (microseconds; the spec's timestamp format, UTC). */
export function formatTimestamp(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 23)}000`;
}

export class Accounts {
  private readonly accounts = new Map<string, Account>();
  /** Charges made since start or the last reset (the stats ledger). */
  readonly ledger: Charge[] = [];
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
    this.lastStamp = 0;
    for (const [key, credits] of Object.entries(this.initial)) {
      if (this.withHistory.includes(key)) this.createWithHistory(key, credits);
      else this.setCredits(key, credits);
    }
  }

  /**
   * A past top-up 60 days ago, then one or two charges a day of each kind, ending at `credits`.
   * Amounts are deterministic; timestamps are relative to now.
   */
  private createWithHistory(key: string, credits: number): void {
    const account: Account = { key, balance: 0, transactions: [], pending: [] };
    this.accounts.set(key, account);
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

  /** Creates the key or sets its balance, recording the change as a transaction. */
  setCredits(key: string, credits: number): void {
    let account = this.accounts.get(key);
    if (account === undefined) {
      account = { key, balance: 0, transactions: [], pending: [] };
      this.accounts.set(key, account);
      this.record(account, credits, "top_up", "Initial credits");
      return;
    }
    this.record(account, credits - account.balance, "adjustment", "Balance set by the sandbox");
  }

  /**
   * Takes `credits` from the key (positive number) and records it. With `pendingMs` (ledger
   * statuses) the record reads `pending` until that much time has passed, then `success`.
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
    if (pendingMs !== undefined) {
      transaction.status = "pending";
      account.pending.push({ transaction, settleAt: this.now() + pendingMs });
    }
    const charge: Charge = { key, path, amount: credits, at: transaction.created_at };
    if (url !== undefined) charge.url = url;
    this.ledger.push(charge);
  }

  /**
   * An `error` record (ledger statuses, PRODUCTION.md A11): a paid request that failed, its charge
   * reversed at once, so the record shows the amount but the balance does not move.
   */
  recordError(key: string, credits: number, balanceType: string, description: string): void {
    const account = this.accounts.get(key);
    if (account === undefined || credits <= 0) return;
    const transaction = this.record(account, -credits, balanceType, description);
    account.balance += credits;
    transaction.after_balance = account.balance;
    transaction.status = "error";
  }

  /** Turns pending records whose time has come into success (updated_at: when they settled). */
  settle(key: string): void {
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

  private record(
    account: Account,
    amount: number,
    balanceType: string,
    description: string,
    at = this.now(),
  ): Transaction {
    // Strictly increasing timestamps keep "newest first" a total order even within a millisecond.
    const stamp = Math.max(at, this.lastStamp + 0.001);
    this.lastStamp = stamp;
    const micros = Math.round((stamp % 1) * 1000);
    const text = `${formatTimestamp(Math.floor(stamp)).slice(0, 23)}${String(micros).padStart(3, "0")}`;
    account.balance += amount;
    const transaction: Transaction = {
      id: randomUUID(),
      created_at: text,
      updated_at: text,
      status: "success",
      balance_type: balanceType,
      amount,
      description,
      after_balance: account.balance,
    };
    account.transactions.push(transaction);
    return transaction;
  }
}
