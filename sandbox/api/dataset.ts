/** The synthetic data set: materialized companies plus lazily derived leads, all from one seed. */
import { type CompanySet, generateCompanies } from "./companies.ts";
import { type LeadCore, leadCore, profileSlug, salesId } from "./lead-core.ts";
import type { ProfileRef } from "./profile-url.ts";
import { indexFromCode } from "./text.ts";

export class Dataset {
  readonly companies: CompanySet;

  constructor(
    readonly seed: number,
    companyCount = 20_000,
  ) {
    this.companies = generateCompanies(seed, companyCount);
  }

  get leadCount(): number {
    return this.companies.totalLeads;
  }

  /**
   * The k-th lead in a spread order that visits every lead once while mixing companies (a stride
   * coprime with the lead count), for sample URLs and searches without a company.
   */
  spreadLeadIndex(k: number): number {
    this.stride ??= coprimeStride(this.leadCount);
    return (k * this.stride) % this.leadCount;
  }

  private stride: number | undefined;

  lead(index: number): LeadCore {
    return leadCore(this.seed, this.companies, index);
  }

  /** The lead a profile reference names, or null when none does (a well-formed URL, but a 404). */
  findLead(ref: ProfileRef): LeadCore | null {
    const code = ref.kind === "slug" ? ref.slug.slice(ref.slug.lastIndexOf("-") + 1) : ref.salesId.slice(5);
    const index = indexFromCode(code);
    if (index === null || index >= this.leadCount) return null;
    const core = this.lead(index);
    if (ref.kind === "slug" ? profileSlug(core) !== ref.slug : salesId(index) !== ref.salesId) return null;
    return core;
  }
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

function coprimeStride(total: number): number {
  let stride = 7919;
  while (total > 1 && gcd(stride, total) !== 1) stride += 2;
  return stride;
}
