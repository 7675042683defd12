/** In-memory ports for the enrichment job: a grid, a store, a lock, a clock and a client that count calls. */
import { type ApiError, apiError, stopsBatch } from "../../src/api/errors";
import type { Clock } from "../../src/api/ports";
import type { Lead, LeadLookupRequest } from "../../src/api/wire";
import type { JobDeps } from "../../src/jobs/enrich/deps";
import type { Grid, GridValue, Lock, LookupBatch, LookupClient, Store } from "../../src/jobs/enrich/ports";

/** Writes a block into a ragged matrix at 1-based (top, left), padding with "". */
function put<T>(matrix: (T | "")[][], top: number, left: number, values: T[][]): void {
  values.forEach((row, r) => {
    const target = matrix[top - 1 + r] ?? [];
    matrix[top - 1 + r] = target;
    row.forEach((value, c) => {
      while (target.length < left - 1 + c) target.push("");
      target[left - 1 + c] = value;
    });
  });
}

export class MemoryGrid implements Grid {
  reads = 0;
  writes = 0;
  noteWrites = 0;
  /** Cell notes, by 0-based row and column (readable headers' notes name their API field). */
  notes: string[][] = [];
  /** Number formats set, by "row:column" (1-based): Enriched At's date-time format. */
  numberFormats = new Map<string, string>();
  constructor(public cells: GridValue[][]) {}

  static fromRows(rows: GridValue[][]): MemoryGrid {
    return new MemoryGrid(rows.map((row) => [...row]));
  }

  read(top: number, left: number, height: number, width: number): GridValue[][] {
    this.reads += 1;
    return Array.from({ length: height }, (_, r) =>
      Array.from({ length: width }, (_, c) => this.cells[top - 1 + r]?.[left - 1 + c] ?? ""),
    );
  }

  write(top: number, left: number, values: GridValue[][]): void {
    this.writes += 1;
    put(this.cells, top, left, values);
  }

  setNumberFormat(top: number, left: number, height: number, width: number, format: string): void {
    for (let r = 0; r < height; r += 1)
      for (let c = 0; c < width; c += 1) this.numberFormats.set(`${top + r}:${left + c}`, format);
  }

  writeNotes(top: number, left: number, notes: string[][]): void {
    this.noteWrites += 1;
    put(this.notes, top, left, notes);
  }

  lastRow(): number {
    let last = 0;
    this.cells.forEach((row, index) => {
      if (row.some((value) => value !== "")) last = index + 1;
    });
    return last;
  }

  lastColumn(): number {
    return Math.max(0, ...this.cells.map((row) => row.length));
  }

  /** The values of one column by header (or by its note: the API field name), below the header row 1. */
  column(header: string): GridValue[] {
    const index = this.columnIndex(header);
    return this.cells.slice(1).map((row) => row[index] ?? "");
  }

  /** 0-based index of the column headed `header`, or whose header note is `header`; -1 if none. */
  columnIndex(header: string): number {
    const byText = (this.cells[0] ?? []).indexOf(header);
    return byText >= 0 ? byText : (this.notes[0] ?? []).indexOf(header);
  }
}

export class MemoryStore implements Store {
  readonly data = new Map<string, string>();
  get(key: string): string | null {
    return this.data.get(key) ?? null;
  }
  set(key: string, value: string): void {
    if (value.length > 9 * 1024) throw new Error(`value of ${key} over 9 KB`);
    this.data.set(key, value);
  }
  setMany(entries: Record<string, string>): void {
    for (const [key, value] of Object.entries(entries)) this.set(key, value);
  }
  remove(key: string): void {
    this.data.delete(key);
  }
}

export class MemoryLock implements Lock {
  held = false;
  tryAcquire(): boolean {
    if (this.held) return false;
    this.held = true;
    return true;
  }
  release(): void {
    this.held = false;
  }
}

export class ManualClock implements Clock {
  constructor(public time = Date.UTC(2026, 10, 21, 12, 0, 0)) {}
  now(): number {
    return this.time;
  }
  sleep(ms: number): void {
    this.time += ms;
  }
}

export function lead(slug: string, overrides: Partial<Lead> = {}): Lead {
  return {
    full_name: `Person ${slug}`,
    job_title: `Title ${slug}`,
    company_name: `Company ${slug}`,
    location: "Berlin, Germany",
    network_url: `https://www.network.example/in/${slug}`,
    jobs: [],
    ...overrides,
  } as Lead;
}

type Answer = { ok: true; lead: Lead } | { ok: false; error: ApiError } | null;

/** Answers each URL by `answer(url)`; records every URL sent, in order. */
export class FakeClient implements LookupClient {
  readonly sent: string[] = [];
  batches = 0;
  constructor(
    private readonly answer: (url: string, index: number) => Answer = (url) => ({
      ok: true,
      lead: lead(url.split("/in/")[1]?.replace(/\/$/, "") ?? url),
    }),
    private readonly costPerCall = 1,
  ) {}

  lookupLeads(requests: LeadLookupRequest[]): LookupBatch {
    this.batches += 1;
    let spent = 0;
    let stoppedBy: ApiError | null = null;
    const outcomes = requests.map((request, index) => {
      if (stoppedBy) return null;
      this.sent.push(request.url);
      const answer = this.answer(request.url, this.sent.length - 1);
      if (answer === null) return null;
      if (answer.ok) {
        spent += this.costPerCall;
        return { ok: true as const, value: { lead: answer.lead, amount: -this.costPerCall } };
      }
      if (stopsBatch(answer.error)) stoppedBy = answer.error;
      void index;
      return { ok: false as const, error: answer.error };
    });
    return { outcomes, stoppedBy, spent };
  }
}

export const errorOf = (kind: ApiError["kind"], charged: ApiError["charged"] = "no"): ApiError =>
  apiError(kind, { charged });

export function deps(
  grid: MemoryGrid,
  client: LookupClient,
  overrides: Partial<JobDeps> = {},
): JobDeps & {
  store: MemoryStore;
  lock: MemoryLock;
  clock: ManualClock;
} {
  return {
    store: new MemoryStore(),
    lock: new MemoryLock(),
    clock: new ManualClock(),
    grid: () => grid,
    client: () => client,
    settings: { chunkSize: 500, spendCap: 500 },
    ...overrides,
  } as JobDeps & { store: MemoryStore; lock: MemoryLock; clock: ManualClock };
}

export const url = (slug: string) => `https://www.network.example/in/${slug}`;
