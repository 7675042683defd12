/**
 * The Credits export reads every page, then writes the rows in one block, all in one execution of
 * 6 minutes. It stopped fetching at 4 minutes whatever the size, leaving "about a minute" to write;
 * but committing a block costs about 0.145 ms a cell (PRODUCTION.md G6): 90,061 transactions took
 * 104 s of service time to write in the emulated runtime, and its 200,000-row maximum would take
 * about 232 s. A big export whose pages came slowly was then cut off by Apps Script while writing,
 * with no answer. The fetching now stops in time to leave the write the time it needs.
 */
import { describe, expect, it } from "vitest";
import type { TransactionPages } from "../../src/api";
import type { AccountState } from "../../src/api/account";
import { exportTransactions, MAX_EXPORT_ROWS } from "../../src/jobs/credits/export";
import type { ExportDeps, TransactionClient } from "../../src/jobs/credits/ports";
import { EXPORT_WIDTH } from "../../src/jobs/credits/sheet-plan";

const EXECUTION_MS = 6 * 60_000;
const COMMIT_MS_PER_CELL = 0.145;

/** A client whose list counts `count` transactions and records the deadline the export gives its pages. */
function countingClient(count: number, deadlines: number[]): TransactionClient {
  return {
    // Only the address matters here: the export names whose transactions it lists.
    account: () => ({ ok: true, value: { email: "owner@example.com" } as AccountState }),
    listTransactions: () => ({
      ok: true,
      value: { count, next: null, previous: null, limit: 1, max_limit: 100, offset: 0, results: [] },
    }),
    listAllTransactions: (_query, options): TransactionPages => {
      deadlines.push(options?.deadline ?? Number.POSITIVE_INFINITY);
      // The pages did not all come before the deadline: nothing is written.
      return { results: [], count, complete: false, error: null };
    },
  } as TransactionClient;
}

function deps(client: TransactionClient): ExportDeps {
  return {
    client,
    sheet: {
      name: "Transactions",
      usedRows: () => 0,
      current: () => null,
      write: () => undefined,
      finish: () => undefined,
    },
    records: { read: () => null, write: () => undefined },
    exporter: "owner@example.com",
    clock: { now: () => 0, sleep: () => undefined },
  } as ExportDeps;
}

describe("the Credits export's time for fetching", () => {
  it("leaves a big export's write the time it takes within the 6-minute execution", () => {
    for (const rows of [90_061, 150_000, MAX_EXPORT_ROWS]) {
      const deadlines: number[] = [];
      const result = exportTransactions(deps(countingClient(rows, deadlines)), {}, { replace: false });
      expect(result).toMatchObject({
        status: "failed",
        error: { next: expect.stringMatching(/created_at range/) },
      });
      const writeMs = (rows + 1) * EXPORT_WIDTH * COMMIT_MS_PER_CELL;
      expect(deadlines).toHaveLength(1);
      expect(deadlines[0]! + writeMs).toBeLessThanOrEqual(EXECUTION_MS - 30_000);
    }
  });

  it("keeps the 4 minutes of fetching for a small export", () => {
    const deadlines: number[] = [];
    exportTransactions(deps(countingClient(500, deadlines)), {}, { replace: false });
    expect(deadlines).toEqual([4 * 60_000]);
  });
});
