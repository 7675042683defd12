/**
 * Daily quotas (G1 of PRODUCTION.md; Google's "Quotas for Google Services" page): URL Fetch calls
 * a day per user, 20,000 for consumer accounts (100,000 for Workspace). Every request counts, one
 * per fetch and one per entry of a fetchAll. Past the quota the call throws
 * `Service invoked too many times for one day: urlfetch.` BEFORE anything is sent; a fetchAll that
 * would go past it is refused whole (Google does not say; refusing whole never sends a request the
 * quota does not cover). The count starts again at the day boundary of the runtime's clock (UTC
 * midnight here; Google's window varies by user).
 */
import type { RuntimeClock } from "../clock";

export const URL_FETCH_QUOTA_MESSAGE = "Service invoked too many times for one day: urlfetch.";
export const DEFAULT_URL_FETCH_PER_DAY = 20_000;
/**
 * G1: "Properties reads/writes ... have daily quotas too". Google's quotas page: 50,000 read or
 * write calls a day (consumer accounts; Workspace 500,000), each get/set/delete one call; past it
 * the call throws this before reading or writing anything.
 */
export const PROPERTIES_QUOTA_MESSAGE = "Service invoked too many times for one day: properties.";
export const DEFAULT_PROPERTIES_PER_DAY = 50_000;
/**
 * G10: all of a user's triggers together may run 90 minutes a day (consumer accounts; Workspace 6
 * hours); past it they fail until the next day, with this message (Google's failure e-mails).
 */
export const TRIGGER_RUNTIME_QUOTA_MESSAGE = "Service using too much computer time for one day";
export const DEFAULT_TRIGGER_RUNTIME_PER_DAY_MS = 90 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

export interface QuotaOptions {
  /** URL Fetch requests a user may send a day (default 20,000). */
  urlFetchPerDay?: number;
  /** Milliseconds all of a user's trigger runs may take a day (default 90 minutes; Workspace 6 hours). */
  triggerRuntimePerDayMs?: number;
  /** Property reads and writes a user may make a day (default 50,000; Workspace 500,000). */
  propertiesPerDay?: number;
}

/** One daily quota counted per user; tests set its limit and today's count. */
export class DailyQuota {
  private readonly used_ = new Map<string, number>();
  private day: number;

  constructor(
    private readonly clock: RuntimeClock,
    public limit: number,
    private readonly defaultUser: () => string,
  ) {
    this.day = this.today();
  }

  private today(): number {
    return Math.floor(this.clock.now() / DAY_MS);
  }

  /** Forgets yesterday's counts once the clock has crossed a day boundary. */
  private roll(): void {
    const today = this.today();
    if (today !== this.day) {
      this.day = today;
      this.used_.clear();
    }
  }

  used(user = this.defaultUser()): number {
    this.roll();
    return this.used_.get(user) ?? 0;
  }

  remaining(user = this.defaultUser()): number {
    return Math.max(0, this.limit - this.used(user));
  }

  setUsed(count: number, user = this.defaultUser()): void {
    this.roll();
    this.used_.set(user, count);
  }

  setLimit(limit: number): void {
    this.limit = limit;
  }

  /** When today's counts start again (epoch ms). */
  resetsAt(): number {
    return (this.today() + 1) * DAY_MS;
  }

  /** Takes `count` calls for `user`; false (nothing taken) when they do not all fit today. */
  take(user: string, count: number): boolean {
    if (this.used(user) + count > this.limit) return false;
    this.used_.set(user, this.used(user) + count);
    return true;
  }
}

export class Quotas {
  readonly urlFetch: DailyQuota;
  /** Time-driven trigger runtime, counted in ms per user (G10). */
  readonly triggerRuntime: DailyQuota;
  /** PropertiesService read and write calls per user (G1). */
  readonly properties: DailyQuota;

  constructor(clock: RuntimeClock, defaultUser: () => string, options: QuotaOptions = {}) {
    this.urlFetch = new DailyQuota(clock, options.urlFetchPerDay ?? DEFAULT_URL_FETCH_PER_DAY, defaultUser);
    this.triggerRuntime = new DailyQuota(
      clock,
      options.triggerRuntimePerDayMs ?? DEFAULT_TRIGGER_RUNTIME_PER_DAY_MS,
      defaultUser,
    );
    this.properties = new DailyQuota(
      clock,
      options.propertiesPerDay ?? DEFAULT_PROPERTIES_PER_DAY,
      defaultUser,
    );
  }
}
