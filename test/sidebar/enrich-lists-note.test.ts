/**
 * The Enrich estimate's note on rows that hold two lists of people. It spoke only to the second
 * list ("this list gets columns of its own"); the first list, which writes the plain columns, was
 * told nothing, though those columns may hold the other list's people (a list pasted left of an
 * enriched one). Now both say what they will write before anything is spent.
 */
import { describe, expect, it } from "vitest";
import { EstimateView } from "../../sidebar/tabs/enrich/estimate";
import type { EnrichEstimate } from "../../src/rpc/enrich";
import { vnodeHtml } from "./vnode-html";

function estimate(lists: EnrichEstimate["preview"]["lists"]): EnrichEstimate {
  return {
    preview: {
      toFetch: 5,
      distinct: 5,
      maxCredits: 5,
      creditsPerUrl: 1,
      skipped: [],
      targets: [],
      statusHeaders: [],
      ...(lists ? { lists } : {}),
    },
    progress: { skips: [] },
    balance: 100,
    balanceError: null,
    cap: 500,
  } as unknown as EnrichEstimate;
}

const note = (value: EnrichEstimate) =>
  /data-testid="enrich-lists">([^<]*)/.exec(
    vnodeHtml(EstimateView({ estimate: value, fresh: false })),
  )?.[1] ?? null;

describe("the Enrich estimate's note on two lists in the same rows", () => {
  it("tells the first list it writes the plain columns, and how the first list is chosen", () => {
    const text = note(estimate({ others: ["C"], name: "", first: true }))?.replace(/\s+/g, " ");
    expect(text).toContain("These rows hold another list of people too (profile URLs in column C)");
    expect(text).toContain("this list is the sheet's first and writes the plain columns");
    expect(text).toContain("rename this column's header");
  });

  it("tells a second list its columns' headers", () => {
    const text = note(estimate({ others: ["B"], name: "Buyer URL", first: false }))?.replace(/\s+/g, " ");
    expect(text).toContain("this list gets columns of its own, headed &quot;Buyer URL · …&quot;");
  });

  it("says nothing for a sheet's only list", () => {
    expect(note(estimate(undefined))).toBeNull();
  });
});
