/**
 * The balance and the transaction list are free (users/me, the transaction list): when they time
 * out, the Credits tab and Settings' connection test must say nothing was charged, not the paid
 * calls' "may have been charged ... check the Credits tab first" (sent from the Credits tab itself).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { PATHS } from "../../src/api/wire";
import { type AddonRuntime, startAddonRuntime } from "./support";

const FETCH_TIMEOUT_MS = 300;
let addon: AddonRuntime;

beforeAll(async () => {
  addon = await startAddonRuntime({
    sandbox: { latencyMs: 0 },
    timeouts: { fetchMs: FETCH_TIMEOUT_MS },
  });
});
afterAll(async () => {
  await addon?.close();
});

function rpcValue(method: string, arg: unknown): { error?: { message: string; next: string } } {
  const result = addon.runtime.rpc(method, arg) as { ok: boolean; value?: unknown };
  expect(result.ok).toBe(true);
  return result.value as { error?: { message: string; next: string } };
}

const said = (answer: { error?: { message: string; next: string } }) =>
  `${answer.error?.message} ${answer.error?.next}`;

it.each([
  ["the balance (users/me)", PATHS.account, "creditsSummary", null],
  ["a page of the list", PATHS.transactions, "creditsList", { filters: {}, limit: 20, offset: 0 }],
  ["the connection test's balance", PATHS.account, "testConnection", null],
])("a timeout on %s says nothing was charged", async (_what, path, method, arg) => {
  await addon.control.reset();
  await addon.control.configure({ faults: [{ path, kind: "slow", delayMs: FETCH_TIMEOUT_MS * 4 }] });
  const answer = rpcValue(method, arg);
  // Before: "... within about 60 s ... and may have been charged; it is not sent again by itself.
  // Check the balance or the Credits tab first, then try again later if it was not charged."
  expect(said(answer)).toMatch(/did not answer/);
  expect(said(answer)).not.toMatch(/may have been charged|if it was not charged/);
  expect(said(answer)).toMatch(/Nothing was charged/);
  expect((await addon.control.stats()).ledger).toEqual([]);
});
