/**
 * The URL Fetch count (fetch-count.ts) summed in memory and written once an execution: a user
 * property read and write cost about 92 ms (G6), and once per fetchAll they made a 2,000-row
 * Enrich pay 0.6 s for its count. For the server module's executions, which all end through
 * server.ts; a custom function (Code.js alone) still writes each call at once. A cut-off
 * execution loses what it had not written: at most a minute's calls, as the sum is also written
 * once a minute (a lost count only weakens the estimate's warning).
 */
import { setFetchCountSink, writeFetchCount } from "./fetch-count";

const WRITE_EVERY_MS = 60_000;

let deferring = false;

/** Defers the count until the function it returns is called; a nested call defers to the outer one. */
export function deferFetchCounts(): () => void {
  if (deferring) return () => {};
  deferring = true;
  let sum = { calls: 0, quota: 0, exhausted: false, since: Date.now() };
  const write = () => {
    if (sum.calls > 0 || sum.exhausted) writeFetchCount(sum.calls, sum.quota, sum.exhausted);
    sum = { calls: 0, quota: 0, exhausted: false, since: Date.now() };
  };
  setFetchCountSink(
    (calls, quota, exhausted) => {
      sum.calls += calls;
      sum.quota = quota;
      sum.exhausted ||= exhausted;
      if (Date.now() - sum.since >= WRITE_EVERY_MS) write();
    },
    () => sum.calls,
  );
  return () => {
    if (!deferring) return;
    deferring = false;
    setFetchCountSink(null);
    write();
  };
}
