/**
 * PropertiesService: user stores (one per user, kept apart), the document store and the script
 * store, with Apps Script's limits (9 KB a value, 500 KB a store). Inside a custom function
 * getUserProperties() answers the spreadsheet OWNER's store, whoever recalculates (DESIGN.md),
 * read-only (PRODUCTION.md G5).
 */
import { effectiveUser, enter, type ServiceHost } from "./host";
import { PROPERTIES_QUOTA_MESSAGE } from "./quota";

export const PROPERTY_VALUE_LIMIT = 9 * 1024;
export const PROPERTY_STORE_LIMIT = 500 * 1024;

export interface PropertiesData {
  /** User stores by email. */
  user: Record<string, Record<string, string>>;
  document: Record<string, string>;
  script: Record<string, string>;
}

const bytes = (text: string): number => Buffer.byteLength(text, "utf8");

/** One key-value store with Apps Script's limits. */
export class PropertyStore {
  private readonly entries: Map<string, string>;

  constructor(initial: Record<string, string> = {}) {
    this.entries = new Map(Object.entries(initial));
  }

  get(key: string): string | null {
    return this.entries.get(key) ?? null;
  }

  keys(): string[] {
    return [...this.entries.keys()];
  }

  all(): Record<string, string> {
    return Object.fromEntries(this.entries);
  }

  /** Sets values; returns Apps Script's error message instead of storing past a limit. */
  setAll(values: Record<string, string>, deleteOthers = false): string | null {
    for (const value of Object.values(values)) {
      if (bytes(value) > PROPERTY_VALUE_LIMIT) return "Argument too large: value";
    }
    const next = new Map(deleteOthers ? [] : this.entries);
    for (const [key, value] of Object.entries(values)) next.set(key, value);
    let total = 0;
    for (const [key, value] of next) total += bytes(key) + bytes(value);
    if (total > PROPERTY_STORE_LIMIT) {
      return "You have exceeded the property storage quota. Please remove some properties and try again.";
    }
    this.entries.clear();
    for (const [key, value] of next) this.entries.set(key, value);
    return null;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

export class PropertyStores {
  private readonly users = new Map<string, PropertyStore>();
  readonly document: PropertyStore;
  readonly script: PropertyStore;

  constructor(data?: Partial<PropertiesData>) {
    for (const [user, values] of Object.entries(data?.user ?? {}))
      this.users.set(user, new PropertyStore(values));
    this.document = new PropertyStore(data?.document);
    this.script = new PropertyStore(data?.script);
  }

  user(email: string): PropertyStore {
    let store = this.users.get(email);
    if (!store) {
      store = new PropertyStore();
      this.users.set(email, store);
    }
    return store;
  }

  toData(): PropertiesData {
    return {
      user: Object.fromEntries([...this.users].map(([email, store]) => [email, store.all()])),
      document: this.document.all(),
      script: this.script.all(),
    };
  }
}

/** Properties, as the add-on sees one store. */
class Properties {
  constructor(
    private readonly host: ServiceHost,
    private readonly store: PropertyStore,
    /** The owner's user store seen from a custom function: editors cannot set it (G5). */
    private readonly readOnly = false,
  ) {}

  private checkWrite(method: string): void {
    if (this.readOnly) throw this.host.exec.exception(`You do not have permission to call ${method}`);
  }

  /** Every read or write is one call of the user's daily quota (G1): past it, nothing happens. */
  private enter(method: string): void {
    enter(this.host, `Properties.${method}`);
    if (!this.host.state.quotas.properties.take(effectiveUser(this.host), 1))
      throw this.host.exec.exception(PROPERTIES_QUOTA_MESSAGE);
  }

  getProperty(key: unknown): string | null {
    this.enter("getProperty");
    return this.store.get(String(key));
  }

  getProperties(): Record<string, string> {
    this.enter("getProperties");
    const copy = new this.host.exec.realm.Object() as Record<string, string>;
    Object.assign(copy, this.store.all());
    return copy;
  }

  getKeys(): string[] {
    this.enter("getKeys");
    return this.host.exec.realm.Array.from(this.store.keys());
  }

  setProperty(key: unknown, value: unknown): this {
    this.enter("setProperty");
    this.checkWrite("setProperty");
    if (key === null || key === undefined) throw this.host.exec.exception("Invalid argument: key");
    this.set({ [String(key)]: String(value) }, false);
    return this;
  }

  setProperties(values: unknown, deleteAllOthers?: unknown): this {
    this.enter("setProperties");
    this.checkWrite("setProperties");
    if (values === null || typeof values !== "object")
      throw this.host.exec.exception("Invalid argument: properties");
    const strings: Record<string, string> = {};
    for (const [key, value] of Object.entries(values)) strings[key] = String(value);
    this.set(strings, deleteAllOthers === true);
    return this;
  }

  deleteProperty(key: unknown): this {
    this.enter("deleteProperty");
    this.checkWrite("deleteProperty");
    this.store.delete(String(key));
    return this;
  }

  deleteAllProperties(): this {
    this.enter("deleteAllProperties");
    this.checkWrite("deleteAllProperties");
    this.store.clear();
    return this;
  }

  private set(values: Record<string, string>, deleteOthers: boolean): void {
    const error = this.store.setAll(values, deleteOthers);
    if (error) throw this.host.exec.exception(error);
  }
}

export function createPropertiesService(host: ServiceHost): object {
  const stores = host.state.properties;
  return {
    getUserProperties: () => {
      enter(host, "PropertiesService.getUserProperties");
      // Custom functions run with the spreadsheet owner's authority (DESIGN.md).
      const email = host.exec.isCustomFunction ? host.state.model.owner : host.exec.user;
      // ...and may read it, not set it (G5: whoever recalculates, it is not theirs to change).
      return new Properties(host, stores.user(email), host.exec.isCustomFunction);
    },
    getDocumentProperties: () => {
      enter(host, "PropertiesService.getDocumentProperties");
      return new Properties(host, stores.document);
    },
    getScriptProperties: () => {
      enter(host, "PropertiesService.getScriptProperties");
      return new Properties(host, stores.script);
    },
  };
}
