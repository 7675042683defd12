/**
 * The Enrich estimate's warning that Apps Script's daily web requests will run out. It compared
 * the distinct URLs with the requests left, whatever the path: a bulk run of 18,000 URLs (about
 * 1,300 requests) was told it would stop with 5,000 left, and a lookup run with Work email that
 * needs more than it has left was told nothing when its URLs alone fit.
 */
import { describe, expect, it } from "vitest";
import { EstimateView } from "../../sidebar/tabs/enrich/estimate";
import { runPath } from "../../src/jobs/enrich/bulk/estimate";
import type { EnrichEstimate } from "../../src/rpc/enrich";
import { vnodeHtml } from "./vnode-html";

function estimate(toFetch: number, left: number, path: EnrichEstimate["path"]): EnrichEstimate {
  return {
    preview: {
      toFetch,
      distinct: toFetch,
      maxCredits: toFetch,
      creditsPerUrl: 1,
      skipped: [],
      targets: [],
      statusHeaders: [],
    },
    progress: { skips: [] },
    balance: 1_000_000,
    balanceError: null,
    cap: 1_000_000,
    fetches: { quota: 20_000, left, since: 0 },
    ...(path ? { path } : {}),
  } as unknown as EnrichEstimate;
}

const warning = (value: EnrichEstimate) =>
  vnodeHtml(EstimateView({ estimate: value, fresh: false })).match(
    /data-testid="enrich-quota-warning">([^<]*(?:<[^/][^>]*>[^<]*)*)/,
  )?.[1] ?? null;

describe("the Enrich estimate's daily web requests warning", () => {
  it("is not shown for a bulk run whose requests fit, however many URLs it has", () => {
    expect(warning(estimate(18_000, 5_000, runPath(18_000, {}, "auto")))).toBeNull();
  });

  it("counts Work email's finder calls and the ledger's pages of a lookup run", () => {
    const text = warning(estimate(18_000, 19_000, runPath(18_000, {}, "auto", true)));
    expect(text).toContain("about 20,160 web requests");
  });

  it("counts one request per URL when the path is not known", () => {
    expect(warning(estimate(600, 500, undefined))).toContain("600 web requests");
  });
});
