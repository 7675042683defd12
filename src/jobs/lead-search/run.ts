/**
 * Runs lead searches and appends their leads to the Leads sheet: searches go out in fetchAll
 * chunks of at most the parallel limit (50), and each chunk's new leads are written in one block
 * right after it, so a cut-off never loses what was paid for. Through ports only.
 */
import type { ApiError } from "../../api/errors";
import { leadSearchCredits } from "../../api/responses";
import type { LeadSearchRequest, LeadSearchResponse } from "../../api/wire";
import type { CellValue } from "../../sheet/cell-value";
import type { Grid } from "../enrich/ports";
import { existingKeys, type LeadsLayout, leadsLayout, newLeadRows } from "./leads-sheet";

export interface LeadSearchClient {
  searchLeads(
    requests: LeadSearchRequest[],
    options: { deadline: number },
  ): {
    outcomes: Array<{ ok: true; value: LeadSearchResponse } | { ok: false; error: ApiError } | null>;
    stoppedBy: ApiError | null;
    spent: number;
  };
}

export interface PlannedSearch {
  /** What the report calls it: the company's name, or "Search". */
  label: string;
  request: LeadSearchRequest;
}

/** What went wrong, as the sidebar shows it; `hint` is the server's detail or Hint verbatim. */
export interface SearchFailure {
  kind: string;
  message: string;
  next: string;
  hint?: string;
}

export interface SearchReport {
  label: string;
  state: "ok" | "failed" | "not run";
  leads: number;
  written: number;
  results_count: string;
  status: string;
  spent: number;
  error?: SearchFailure;
}

export interface LeadSearchSummary {
  searches: SearchReport[];
  written: number;
  duplicates: number;
  spent: number;
  /** Out of credits or a refused key: the searches after it were not sent. */
  stoppedBy: SearchFailure | null;
  /** Sheet rows written, e.g. 2..41; null when nothing was written. */
  rows: { first: number; last: number } | null;
  fetchAllChunks: number;
  sheetWrites: number;
}

export interface RunDeps {
  client: LeadSearchClient;
  /** The Leads sheet. */
  grid: Grid;
  /** Searches per fetchAll: the setting, capped at the spec's 50. */
  chunkSize: number;
  /** Epoch ms: no chunk starts that cannot end before it. */
  deadline: number;
}

/** An API error in words that fit a lead search (the client's not_found text speaks of profiles). */
export function searchFailure(error: ApiError): SearchFailure {
  // The client reads a lead search's 404 as the API's "company not found" (spec: "an error").
  const companyNotFound = error.kind === "not_found";
  const failure = companyNotFound
    ? {
        kind: error.kind,
        message: "The company was not found.",
        next: "Check the company's id or profile link in the Companies sheet.",
      }
    : { kind: error.kind, message: error.message, next: error.next };
  return error.hint ? { ...failure, hint: error.hint } : failure;
}

function reportOf(
  search: PlannedSearch,
  outcome: { ok: true; value: LeadSearchResponse } | { ok: false; error: ApiError } | null,
  written: number,
): SearchReport {
  if (outcome === null) {
    return {
      label: search.label,
      state: "not run",
      leads: 0,
      written: 0,
      results_count: "",
      status: "",
      spent: 0,
    };
  }
  if (!outcome.ok) {
    return {
      label: search.label,
      state: "failed",
      leads: 0,
      written: 0,
      results_count: "",
      status: "",
      spent: 0,
      error: searchFailure(outcome.error),
    };
  }
  const { value } = outcome;
  return {
    label: search.label,
    state: "ok",
    leads: value.leads.length,
    written,
    results_count: String(value.results_count ?? ""),
    status: String(value.status ?? ""),
    // The no-match answer's amount -1 is no charge (PRODUCTION.md A6).
    spent: leadSearchCredits(value),
  };
}

class LeadsSheetWriter {
  private layout: LeadsLayout | null = null;
  private seen = new Set<string>();
  private nextRow = 2;
  writes = 0;
  first: number | null = null;

  constructor(private readonly grid: Grid) {}

  /** Reads the header and the key columns once, before the first write. */
  private open(): LeadsLayout {
    if (this.layout) return this.layout;
    const lastRow = this.grid.lastRow();
    const width = Math.max(1, this.grid.lastColumn());
    const headers = lastRow >= 1 ? this.grid.read(1, 1, 1, width)[0]!.map(String) : [];
    const layout = leadsLayout(headers);
    if (lastRow >= 2) this.seen = existingKeys(layout, this.grid.read(2, 1, lastRow - 1, width));
    if (layout.appended.length > 0) {
      this.grid.write(1, layout.firstNewColumn, [layout.appended]);
      this.writes++;
    }
    this.nextRow = Math.max(2, lastRow + 1);
    this.layout = layout;
    return layout;
  }

  private pending: CellValue[][] = [];

  /** Takes a search's new leads into the pending block; duplicates (sheet or run) are left out. */
  take(leads: LeadSearchResponse["leads"]): { written: number; duplicates: number } {
    if (leads.length === 0) return { written: 0, duplicates: 0 };
    const { rows, written, duplicates } = newLeadRows(leads, this.open(), this.seen);
    this.pending.push(...rows);
    return { written, duplicates };
  }

  /** Appends the pending rows in one block write. */
  flush(): void {
    if (this.pending.length === 0) return;
    this.grid.write(this.nextRow, 1, this.pending);
    this.writes++;
    this.first ??= this.nextRow;
    this.nextRow += this.pending.length;
    this.pending = [];
  }

  get last(): number {
    return this.nextRow - 1;
  }
}

export function runLeadSearches(deps: RunDeps, searches: readonly PlannedSearch[]): LeadSearchSummary {
  const writer = new LeadsSheetWriter(deps.grid);
  const reports: SearchReport[] = [];
  const chunk = Math.max(1, Math.min(50, Math.floor(deps.chunkSize)));
  let stoppedBy: SearchFailure | null = null;
  let duplicates = 0;
  let chunks = 0;
  for (let start = 0; start < searches.length; start += chunk) {
    const slice = searches.slice(start, start + chunk);
    if (stoppedBy) {
      reports.push(...slice.map((s) => reportOf(s, null, 0)));
      continue;
    }
    chunks++;
    const result = deps.client.searchLeads(
      slice.map((s) => s.request),
      { deadline: deps.deadline },
    );
    slice.forEach((search, i) => {
      const outcome = result.outcomes[i] ?? null;
      const appended = outcome?.ok ? writer.take(outcome.value.leads) : { written: 0, duplicates: 0 };
      duplicates += appended.duplicates;
      reports.push(reportOf(search, outcome, appended.written));
    });
    writer.flush();
    if (result.stoppedBy) stoppedBy = searchFailure(result.stoppedBy);
  }
  return {
    searches: reports,
    written: reports.reduce((sum, r) => sum + r.written, 0),
    duplicates,
    spent: reports.reduce((sum, r) => sum + r.spent, 0),
    stoppedBy,
    rows: writer.first === null ? null : { first: writer.first, last: writer.last },
    fetchAllChunks: chunks,
    sheetWrites: writer.writes,
  };
}
