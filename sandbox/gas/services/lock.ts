/**
 * LockService: the document lock (shared by every execution on this spreadsheet), the script lock
 * and user locks. An execution's locks are released when it ends, even when it is cut off.
 *
 * Executions here run one at a time on one thread, so a concurrent holder is simulated with
 * `LockTable.holdExternally(scope, { forMs })`: while it holds, tryLock/waitLock really wait
 * (on the runtime's clock) up to their timeout, and succeed if the holder lets go in time.
 */
import type { RuntimeClock } from "../clock";
import { enter, type ServiceHost } from "./host";

export type LockScope = "document" | "script" | `user:${string}`;

/** Who holds a lock: an execution id, or a simulated concurrent execution. */
type Owner = number | "external";

interface Holder {
  owner: Owner;
  /** When a simulated holder lets go by itself (epoch ms); null: only release() frees it. */
  until: number | null;
}

export interface ExternalHold {
  release(): void;
}

export class LockTable {
  private readonly holders = new Map<LockScope, Holder>();

  constructor(private readonly clock: RuntimeClock) {}

  holder(scope: LockScope): Holder | undefined {
    const holder = this.holders.get(scope);
    if (holder?.until !== null && holder !== undefined && holder.until <= this.clock.now()) {
      this.holders.delete(scope);
      return undefined;
    }
    return holder;
  }

  /** Simulates another execution holding the lock (for `forMs`, or until released). */
  holdExternally(scope: LockScope, options: { forMs?: number } = {}): ExternalHold {
    const holder: Holder = {
      owner: "external",
      until: options.forMs === undefined ? null : this.clock.now() + options.forMs,
    };
    this.holders.set(scope, holder);
    return {
      release: () => {
        if (this.holders.get(scope) === holder) this.holders.delete(scope);
      },
    };
  }

  tryTake(scope: LockScope, owner: number): boolean {
    const holder = this.holder(scope);
    if (holder && holder.owner !== owner) return false;
    this.holders.set(scope, { owner, until: null });
    return true;
  }

  release(scope: LockScope, owner: number): void {
    if (this.holders.get(scope)?.owner === owner) this.holders.delete(scope);
  }

  releaseAll(owner: number): void {
    for (const [scope, holder] of this.holders) if (holder.owner === owner) this.holders.delete(scope);
  }

  isHeld(scope: LockScope): boolean {
    return this.holder(scope) !== undefined;
  }
}

class Lock {
  constructor(
    private readonly host: ServiceHost,
    private readonly scope: LockScope,
  ) {}

  private get table(): LockTable {
    return this.host.state.locks;
  }

  /** Waits up to timeoutMs for the lock; true when taken. */
  private acquire(timeoutMs: unknown): boolean {
    const exec = this.host.exec;
    const clock = this.host.state.clock;
    const giveUpAt = clock.now() + Math.max(0, Number(timeoutMs) || 0);
    for (;;) {
      if (this.table.tryTake(this.scope, exec.id)) return true;
      const now = clock.now();
      if (now >= giveUpAt) return false;
      if (exec.timeLeft() <= 0) throw exec.exceeded();
      const until = this.table.holder(this.scope)?.until ?? giveUpAt;
      clock.sleep(Math.max(1, Math.min(until, giveUpAt, exec.deadline) - now));
    }
  }

  tryLock(timeoutInMillis: unknown): boolean {
    enter(this.host, "Lock.tryLock");
    return this.acquire(timeoutInMillis);
  }

  waitLock(timeoutInMillis: unknown): void {
    enter(this.host, "Lock.waitLock");
    if (!this.acquire(timeoutInMillis)) {
      throw this.host.exec.exception("Lock timeout: another process was holding the lock for too long.");
    }
  }

  releaseLock(): void {
    enter(this.host, "Lock.releaseLock");
    this.table.release(this.scope, this.host.exec.id);
  }

  hasLock(): boolean {
    enter(this.host, "Lock.hasLock");
    return this.table.holder(this.scope)?.owner === this.host.exec.id;
  }
}

export function createLockService(host: ServiceHost): object {
  return {
    getDocumentLock: () => {
      enter(host, "LockService.getDocumentLock");
      return new Lock(host, "document");
    },
    getScriptLock: () => {
      enter(host, "LockService.getScriptLock");
      return new Lock(host, "script");
    },
    getUserLock: () => {
      enter(host, "LockService.getUserLock");
      return new Lock(host, `user:${host.exec.user}`);
    },
  };
}
