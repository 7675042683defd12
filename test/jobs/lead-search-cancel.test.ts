/**
 * Cancel during a lead search (another execution's request, read before every fetchAll): the
 * chunks already sent are paid and written, no further search or email is sent, and the summary
 * says the run was cancelled.
 */
import { describe, expect, it } from "vitest";
import type { EmailBatchResult } from "../../src/api/emails";
import type { EmailFinderRequest, Lead, LeadSearchRequest, LeadSearchResponse } from "../../src/api/wire";
import { type LeadSearchClient, runLeadSearches } from "../../src/jobs/lead-search/run";
import { MemoryGrid } from "./enrich-fakes";

const lead = (company: string, n: number): Lead =>
  ({
    network_id: `${company}-${n}`,
    network_url: `https://www.network.example/in/${company}-${n}`,
    full_name: `${company} ${n}`,
    first_name: company,
    last_name: `N${n}`,
    company_name: company,
    company_website: `https://${company.toLowerCase()}.example`,
  }) as Lead;

/** Five leads a company; as the batch does, Cancel seen before a fetchAll leaves it unsent. */
function api(): LeadSearchClient & { calls: number[] } {
  const calls: number[] = [];
  return {
    calls,
    searchLeads(requests: LeadSearchRequest[], options) {
      if (options.stop?.() === true) return { outcomes: requests.map(() => null), stoppedBy: null, spent: 0 };
      calls.push(requests.length);
      const outcomes = requests.map((request) => {
        const leads = Array.from({ length: 5 }, (_, i) => lead(request.company_name!, i));
        const value = { leads, amount: -5, status: "success" } as LeadSearchResponse;
        return { ok: true as const, value };
      });
      return { outcomes, stoppedBy: null, spent: 0 };
    },
  };
}

const searches = ["A", "B", "C", "D", "E", "F"].map((label) => ({
  label,
  request: { company_name: label, limit_by: 5 },
}));

describe("Cancel a lead search", () => {
  it("pressed while the second chunk is out: two chunks written, the third not sent", () => {
    const client = api();
    const grid = MemoryGrid.fromRows([]);
    const summary = runLeadSearches(
      {
        client,
        grid,
        chunkSize: 2,
        deadline: Number.POSITIVE_INFINITY,
        cancelAsked: () => client.calls.length >= 2,
      },
      searches,
    );
    expect(client.calls).toEqual([2, 2]);
    expect(summary.cancelled).toBe(true);
    expect(summary.stoppedBy?.kind).toBe("cancelled");
    expect(summary.written).toBe(20);
    expect(grid.lastRow()).toBe(21);
    expect(summary.searches.map((s) => s.state)).toEqual(["ok", "ok", "ok", "ok", "not run", "not run"]);
  });

  it("sends no email after Cancel: the leads already paid are written, their emails not asked", () => {
    const client = api();
    let finderCalls = 0;
    const finder = {
      findEmails(requests: EmailFinderRequest[], options: { stop?: () => boolean }): EmailBatchResult {
        if (options.stop?.() === true) {
          return {
            outcomes: requests.map(() => null),
            stoppedBy: null,
            rowsAnswered: 0,
            rowsMaybeCharged: 0,
          } as EmailBatchResult;
        }
        finderCalls++;
        throw new Error("no email should be asked after Cancel");
      },
    };
    const summary = runLeadSearches(
      {
        client,
        grid: MemoryGrid.fromRows([]),
        chunkSize: 2,
        deadline: Number.POSITIVE_INFINITY,
        emails: finder,
        cancelAsked: () => client.calls.length >= 1,
      },
      searches,
    );
    expect(finderCalls).toBe(0);
    expect(client.calls).toEqual([2]);
    expect(summary.written).toBe(10);
    expect(summary.emails?.counts).toEqual({ "not checked": 10 });
    expect(summary.cancelled).toBe(true);
  });

  it("without Cancel the run is not cancelled", () => {
    const summary = runLeadSearches(
      { client: api(), grid: MemoryGrid.fromRows([]), chunkSize: 2, deadline: Number.POSITIVE_INFINITY },
      searches,
    );
    expect(summary.cancelled).toBe(false);
    expect(summary.written).toBe(30);
  });
});
