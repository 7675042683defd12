/**
 * Issue 18.12 end to end in the emulated runtime: an editor of the shared spreadsheet rewrites a
 * Profile URL cell of the change history to `javascript:...`; the owner's job-change digest, read
 * through the built add-on's historyDigest, keeps the signed URL (the Profile URL column is only
 * for reading), and the sidebar's own component shows a javascript: URL as text and links only
 * https profiles.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../sandbox/gas/clock";
import { ChangeLine } from "../../sidebar/tabs/enrich/history";
import { HISTORY_SHEET } from "../../src/jobs/history/columns";
import type { EnrichEstimate, EnrichProgress } from "../../src/rpc/enrich";
import type { JobChangeDigest } from "../../src/rpc/history";
import { driveSteps, type EnrichWorld, rpcValue, SHEET, startEnrichWorld } from "../jobs/enrich-world";
import { vnodeHtml } from "../sidebar/vnode-html";

const EVIL = "javascript:alert(document.domain)";

let world: EnrichWorld;
let urls: string[];

beforeAll(async () => {
  world = await startEnrichWorld({
    rows: [],
    userProperties: { SPEND_CAP: "5000" },
    clock: manualClock(Date.UTC(2026, 10, 21, 9, 0, 0)),
  });
  urls = await world.control.sampleUrls(2, 77);
});

afterAll(async () => {
  await world?.close();
});

describe("the job-change digest's links after an editor rewrites the history", () => {
  it("shows a javascript: Profile URL as text and links the https one", () => {
    world.runtime.setValues(SHEET, "A1", [
      ["Profile URL", "Title", "Company"],
      [urls[0]!, "Old title", "Old Co"],
      [urls[1]!, "Older title", "Older Co"],
    ]);
    world.runtime.select(SHEET, "A1:A3");
    const estimate = rpcValue<EnrichEstimate>(world.runtime, "enrichEstimate", {
      options: {
        fields: ["full_name", "job_title", "company_name"],
        extras: { up_to_the_second_fresh: true },
        mode: "refresh",
      },
    });
    const jobId = estimate.progress.jobId;
    rpcValue<EnrichProgress>(world.runtime, "enrichConfirm", { jobId });
    expect(driveSteps(world.runtime, jobId).state).toBe("done");

    // The editor's edit: every history cell listing the first person's URL now lists script.
    const cells = world.runtime.getSheetCells(HISTORY_SHEET);
    let rewritten = 0;
    cells.forEach((row, r) => {
      row.forEach((cell, c) => {
        const lines = String(cell.value).split("\n");
        if (!lines.includes(urls[0]!)) return;
        const edited = lines.map((line) => (line === urls[0] ? EVIL : line)).join("\n");
        world.runtime.setCell(HISTORY_SHEET, `${String.fromCharCode(65 + c)}${r + 1}`, edited);
        rewritten++;
      });
    });
    expect(rewritten).toBeGreaterThan(0);

    const digest = rpcValue<JobChangeDigest>(world.runtime, "historyDigest", { jobId });
    // The compact history's Profile URL column is for reading: the digest takes each row's URL
    // from its signed Changes cell (issue 20, 18.6), so the editor's text never reaches it.
    expect(digest.changes.some((change) => change.url === EVIL)).toBe(false);
    const first = digest.changes.find((change) => change.url === urls[0]);
    const fine = digest.changes.find((change) => change.url === urls[1]);
    expect(first, "the digest still lists the person whose row was rewritten").toBeDefined();
    expect(fine).toBeDefined();
    // Had a javascript: URL reached a change (an earlier-layout history is read as it stands),
    // the sidebar shows it as text.
    const evilHtml = vnodeHtml(ChangeLine({ change: { ...first!, url: EVIL } }));
    expect(evilHtml).not.toContain("href=");
    expect(evilHtml).toContain(`profile: ${EVIL}`);
    expect(vnodeHtml(ChangeLine({ change: fine! }))).toContain(
      `<a href="${urls[1]}" target="_blank" rel="noopener noreferrer">profile</a>`,
    );
  });
});
