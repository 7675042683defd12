/** In-memory parts for company search tests: companies, a fake API client and a Companies sheet. */
import type { BatchResult } from "../../src/api/batch";
import { type ApiError, apiError } from "../../src/api/errors";
import type { Company, CompanySearchRequest, CompanySearchResponse } from "../../src/api/wire";
import type { CompanySearchClient, CompanySearchDeps } from "../../src/jobs/company-search/deps";
import type { CompanySheet } from "../../src/jobs/company-search/sheet";
import type { GridValue } from "../../src/jobs/enrich/ports";
import { ManualClock, MemoryGrid, MemoryLock, MemoryStore } from "./enrich-fakes";

export function company(index: number, overrides: Partial<Company> = {}): Company {
  return {
    name: `Company ${index}`,
    raw_name: `Company ${index} Inc.`,
    company_type: "Privately Held",
    company_db_urn: `urn:${index}`,
    description: "Line one\nline two",
    tagline: "",
    domain: `c${index}.example`,
    website: `https://c${index}.example`,
    founded_year: null,
    hashtags: ["#saas"],
    specialities: ["cloud", "security"],
    headcount_exact: 600,
    headcount_range: "1001-5000",
    industry: "Software Development",
    location: "Berlin, Germany",
    hq_street: null,
    hq_additional_info: null,
    hq_city: "Berlin",
    hq_state: null,
    hq_postal_code: "01234",
    hq_country: "Germany",
    hq_country_code: "DE",
    number_of_locations: 2,
    other_locations_json: [
      {
        additional_info: null,
        city: "Paris",
        country: "France",
        description: null,
        postal_code: null,
        state: null,
        street: null,
      },
    ],
    phone_number: null,
    network_id: String(1_000_000 + index),
    network_link: `https://www.network.example/company/c${index}/`,
    network_sales_link: `https://www.network.example/sales/company/${1_000_000 + index}`,
    network_urn: `c${index}`,
    logo_url: "",
    background_image: "",
    ...overrides,
  };
}

export interface FakeCompanyApi {
  /** Matches in order; a page returns its slice, skipping `unsuitable` indices (not charged). */
  matches: number;
  unsuitable?: Set<number>;
  refine?: boolean;
  /**
   * When answers carry results_count: always (the spec's sample), only on a page that sends
   * get_max_companies (production, PRODUCTION.md A1; a page with no company then has none), never.
   */
  count?: "always" | "when asked" | "never";
  /** A 400 ValidationError with this detail for every page. */
  validation?: string;
  /** Errors per page offset. */
  failAt?: Map<number, ApiError>;
  stopWith?: ApiError;
}

export class FakeCompanyClient implements CompanySearchClient {
  calls: CompanySearchRequest[][] = [];
  constructor(readonly api: FakeCompanyApi) {}

  searchCompanies(
    requests: CompanySearchRequest[],
    options?: { stop?: () => boolean },
  ): BatchResult<CompanySearchResponse> {
    // As the batch does: Cancel seen before the fetchAll leaves its requests unsent.
    if (options?.stop?.() === true) return { outcomes: requests.map(() => null), stoppedBy: null, spent: 0 };
    this.calls.push(requests);
    let spent = 0;
    const outcomes = requests.map((request) => {
      const offset = request.offset_by ?? 0;
      if (this.api.stopWith) return null;
      const failure = this.api.failAt?.get(offset);
      if (failure) return { ok: false as const, error: failure };
      if (this.api.validation) {
        return {
          ok: false as const,
          error: apiError("validation", { status: 400, charged: "no", hint: this.api.validation }),
        };
      }
      if (this.api.refine) {
        spent += 3;
        const value = {
          companies: [],
          results_count: this.api.matches,
          amount: 3,
          time_cached: null,
          message: "Too many companies match: refine your search.",
        };
        return { ok: true as const, value };
      }
      const end = Math.min(this.api.matches, 1600, offset + (request.limit_by ?? 0));
      const companies: Company[] = [];
      for (let i = offset; i < end; i++) if (!this.api.unsuitable?.has(i)) companies.push(company(i));
      spent += companies.length;
      const count = this.api.count ?? "always";
      const counted =
        count === "always" ||
        (count === "when asked" && request.get_max_companies === true && this.api.matches > 0);
      const value: CompanySearchResponse = {
        companies,
        ...(counted ? { results_count: this.api.matches } : {}),
        amount: -companies.length,
        time_cached: "2026-11-01T10:00:00.000000",
      };
      return { ok: true as const, value };
    });
    return { outcomes, stoppedBy: this.api.stopWith ?? null, spent };
  }
}

export class MemoryCompanySheet extends MemoryGrid implements CompanySheet {
  frozen = 0;
  freezeHeader(): void {
    this.frozen = 1;
  }
  static of(rows: GridValue[][] = []): MemoryCompanySheet {
    return new MemoryCompanySheet(rows.map((row) => [...row]));
  }
}

export function companyDeps(
  client: FakeCompanyClient,
  sheet = MemoryCompanySheet.of(),
  settings = { parallel: 20, spendCap: 500 },
): CompanySearchDeps & { sheetGrid: MemoryCompanySheet; memoryStore: MemoryStore } {
  const store = new MemoryStore();
  return {
    client: () => client,
    sheet: () => sheet,
    store,
    lock: new MemoryLock(),
    clock: new ManualClock(),
    settings,
    sheetGrid: sheet,
    memoryStore: store,
  };
}
