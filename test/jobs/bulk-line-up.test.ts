/** A completed bulk job's answers lined up with the URLs it was sent (bulk/line-up.ts). */
import { describe, expect, it } from "vitest";
import type { BulkJobItem } from "../../src/api/bulk-enrich";
import type { Lead } from "../../src/api/wire";
import { answersByUrl, lineUp } from "../../src/jobs/enrich/bulk/line-up";

const A = "https://www.network.example/in/ana-a1";
const B = "https://www.network.example/in/bo-b2";
const item = (url: string, name: string | null): BulkJobItem => ({
  input: { network_url: url },
  lead: name === null ? null : ({ full_name: name } as Lead),
});

describe("lining up a completed bulk job's answers", () => {
  it("takes each URL's own answer, whatever the order they came in", () => {
    expect(lineUp([A, B], [item(B, "Bo"), item(A, "Ana")])).toEqual([item(A, "Ana"), item(B, "Bo")]);
  });

  it("keeps the documented order when an answer names its URL in another spelling, or none", () => {
    const other = [item(A.replace("https://www.", ""), "Ana"), item(B, "Bo")];
    expect(lineUp([A, B], other)).toEqual(other);
    const none: BulkJobItem[] = [{ input: {}, lead: null }, item(B, "Bo")];
    expect(lineUp([A, B], none)).toEqual(none);
  });

  it("lines up the same URL sent twice, and cannot line up a list of another length", () => {
    expect(lineUp([A, A], [item(A, "1"), item(A, "2")])).toEqual([item(A, "1"), item(A, "2")]);
    expect(lineUp([A, B], [item(A, "Ana")])).toBeNull();
  });

  it("finds the answers a list that left profiles out still names, by their URL alone", () => {
    expect(answersByUrl([A, B], [item(B, "Bo")])).toEqual([undefined, item(B, "Bo")]);
    expect(answersByUrl([A, B], [{ input: {}, lead: null }])).toEqual([undefined, undefined]);
  });
});
