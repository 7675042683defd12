import { describe, expect, it } from "vitest";
import {
  cancelJob,
  confirmJob,
  currentJob,
  estimateJob,
  pauseJob,
  resumeJob,
  stepJob,
} from "../../src/jobs/enrich/job";
import { DEFAULT_ENRICH_OPTIONS, type EnrichOptions } from "../../src/jobs/enrich/options";
import type { SelectionBox } from "../../src/jobs/enrich/plan";
import { CACHED_CHANGE, STATUS_TEXT } from "../../src/jobs/enrich/row-writer";
import { deps, errorOf, FakeClient, lead, MemoryGrid, url } from "./enrich-fakes";

const box = (height: number, top = 1): SelectionBox => ({
  sheetId: 1,
  sheetName: "CRM",
  top,
  left: 1,
  height,
  width: 1,
});

/** A CRM export: header, then one URL per row; `slugs` may repeat. */
function crm(slugs: string[]): MemoryGrid {
  return MemoryGrid.fromRows([["Profile URL", "Title", "Company"], ...slugs.map((s) => [url(s), "", ""])]);
}

function runAll(d: ReturnType<typeof deps>, jobId: string, maxSteps = 50) {
  let progress = stepJob(d, jobId);
  for (let i = 0; i < maxSteps && progress.state === "running"; i += 1) progress = stepJob(d, jobId);
  return progress;
}

const opts = (over: Partial<EnrichOptions> = {}): EnrichOptions => ({ ...DEFAULT_ENRICH_OPTIONS, ...over });

describe("enrichment job", () => {
  it("charges nothing before the confirmation, then fetches each distinct URL once and fills every row", () => {
    const slugs = ["a", "b", "a", "c", "b", "d"];
    const grid = crm(slugs);
    const client = new FakeClient();
    const d = deps(grid, client);
    const { progress } = estimateJob(d, grid, box(7), opts());
    expect(progress).toMatchObject({ state: "planned", distinct: 4, rows: 6, creditsPerUrl: 1 });
    expect(stepJob(d, progress.jobId).state).toBe("planned");
    expect(client.sent).toEqual([]);

    confirmJob(d, progress.jobId);
    const end = runAll(d, progress.jobId);
    expect(end).toMatchObject({ state: "done", ok: 4, remaining: 0, failed: 0, spent: 4 });
    expect(client.sent).toEqual([url("a"), url("b"), url("c"), url("d")]);
    expect(grid.column("Title")).toEqual(slugs.map((s) => `Title ${s}`));
    expect(grid.column("enrichment_status")).toEqual(slugs.map(() => "ok"));
    // No earlier job in the rows: nothing was compared, so Job Changed says nothing (not FALSE).
    expect(grid.column("job_changed")).toEqual(slugs.map(() => ""));
  });

  it("Job Changed: TRUE or FALSE where an earlier job was compared, empty where there was none", () => {
    const grid = MemoryGrid.fromRows([
      ["Profile URL", "Title", "Company"],
      [url("a"), "Title a", "Company a"],
      [url("b"), "Old title", ""],
      [url("c"), "", ""],
      [url("d"), "", "Company d"],
    ]);
    const client = new FakeClient();
    const d = deps(grid, client);
    const { progress } = estimateJob(d, grid, box(5), opts());
    confirmJob(d, progress.jobId);
    expect(runAll(d, progress.jobId).state).toBe("done");
    expect(grid.column("job_changed")).toEqual([false, true, "", false]);
  });

  it("dedupes URLs written in different forms of the same profile", () => {
    const grid = MemoryGrid.fromRows([
      ["url"],
      ["https://www.network.example/in/Jane-Doe/"],
      ["network.example/in/jane-doe"],
      ["http://de.network.example/in/jane-doe"],
    ]);
    const client = new FakeClient();
    const d = deps(grid, client);
    const { progress } = estimateJob(d, grid, box(4), opts());
    expect(progress.distinct).toBe(1);
    confirmJob(d, progress.jobId);
    runAll(d, progress.jobId);
    // One canonical spelling per person (issue 12.9), whichever form came first.
    expect(client.sent).toEqual(["https://www.network.example/in/jane-doe"]);
    expect(grid.column("enrichment_status")).toEqual(["ok", "ok", "ok"]);
  });

  it("writes each chunk as a few block writes, not a write per cell", () => {
    const slugs = Array.from({ length: 120 }, (_, i) => `p${i}`);
    const grid = crm(slugs);
    const d = deps(grid, new FakeClient(), { settings: { chunkSize: 50, spendCap: 500 } });
    // Cached answers go 50 to a fetchAll (fresh ones 4: issue 23.1).
    const { progress } = estimateJob(d, grid, box(121), opts({ extras: {} }));
    confirmJob(d, progress.jobId);
    grid.writes = 0;
    runAll(d, progress.jobId);
    // 3 chunks; per chunk: Title..Company run + appended run (5 fields and status columns) = 2 writes; plus headers.
    expect(grid.writes).toBeLessThanOrEqual(3 * 2 + 1);
  });

  it("flags job changes and keeps the old job visible", () => {
    const grid = MemoryGrid.fromRows([
      ["Profile URL", "Title", "Company"],
      [url("a"), "Old title", "Old Co"],
      [url("b"), "Title b", "Company b"],
    ]);
    const d = deps(grid, new FakeClient());
    const { progress } = estimateJob(d, grid, box(3), opts({ fields: ["job_title", "company_name"] }));
    confirmJob(d, progress.jobId);
    runAll(d, progress.jobId);
    expect(grid.column("job_changed")).toEqual([true, false]);
    expect(grid.column("previous_job")).toEqual(["Old title @ Old Co", ""]);
    expect(grid.column("Title")).toEqual(["Title a", "Title b"]);
  });

  it("in fill mode writes only empty cells", () => {
    const grid = MemoryGrid.fromRows([
      ["Profile URL", "Title", "Company"],
      [url("a"), "Kept title", ""],
    ]);
    const d = deps(grid, new FakeClient());
    const { progress } = estimateJob(
      d,
      grid,
      box(2),
      opts({ fields: ["job_title", "company_name"], mode: "fill" }),
    );
    confirmJob(d, progress.jobId);
    runAll(d, progress.jobId);
    expect(grid.column("Title")).toEqual(["Kept title"]);
    expect(grid.column("Company")).toEqual(["Company a"]);
    expect(grid.column("job_changed")).toEqual([true]);
    expect(grid.column("previous_job")).toEqual([""]);
  });

  it("in fill mode says where the job changed but the cells were kept, with no misleading previous_job", () => {
    const grid = MemoryGrid.fromRows([
      ["Profile URL", "Title", "Company", "Location"],
      [url("a"), "Old Title X", "Old Co", ""],
    ]);
    const d = deps(grid, new FakeClient());
    const { progress } = estimateJob(
      d,
      grid,
      box(2),
      opts({ fields: ["job_title", "company_name", "location"], mode: "fill" }),
    );
    confirmJob(d, progress.jobId);
    expect(runAll(d, progress.jobId)).toMatchObject({ state: "done", ok: 1 });
    expect(grid.column("Title")).toEqual(["Old Title X"]);
    expect(grid.column("job_changed")).toEqual([true]);
    expect(grid.column("previous_job")).toEqual([""]);
    expect(grid.column("enrichment_status")).toEqual([
      "ok: job changed to Title a @ Company a; cells kept (fill mode)",
    ]);
  });

  it("says a job change seen in a cached answer may be outdated", () => {
    const grid = MemoryGrid.fromRows([
      ["Profile URL", "Title", "Company"],
      [url("a"), "Senior Legal Associate", "Pioneer Networks"],
    ]);
    const cachedAnswer = new FakeClient(() => ({ ok: true, lead: lead("a", { source: "cache" }) }));
    const d = deps(grid, cachedAnswer);
    const cachedRun = opts({ fields: ["job_title", "company_name"], extras: {} });
    const { progress } = estimateJob(d, grid, box(2), cachedRun);
    confirmJob(d, progress.jobId);
    runAll(d, progress.jobId);
    expect(grid.column("enrichment_status")).toEqual([`ok: ${CACHED_CHANGE}`]);
    expect(grid.column("previous_job")).toEqual(["Senior Legal Associate @ Pioneer Networks"]);
  });

  it.each([
    ["lead_by_link", { up_to_the_second_fresh: true }, "ok"],
    ["lead_by_link", {}, `ok: ${CACHED_CHANGE}`],
    ["cache", { up_to_the_second_fresh: true }, "ok"],
    ["live", {}, `ok: ${CACHED_CHANGE}`],
  ] as const)(
    "judges freshness by what was asked, not by source %s (extras %j)",
    (source, extras, status) => {
      // Production answers source "lead_by_link", fresh or not (PRODUCTION.md A2).
      const grid = MemoryGrid.fromRows([
        ["Profile URL", "Title", "Company"],
        [url("a"), "Senior Legal Associate", "Pioneer Networks"],
      ]);
      const answer = new FakeClient(() => ({ ok: true, lead: lead("a", { source }) }));
      const d = deps(grid, answer);
      const { progress } = estimateJob(
        d,
        grid,
        box(2),
        opts({ fields: ["job_title", "company_name"], extras }),
      );
      confirmJob(d, progress.jobId);
      runAll(d, progress.jobId);
      expect(grid.column("enrichment_status")).toEqual([status]);
      expect(grid.column("job_changed")).toEqual([true]);
    },
  );

  it("in fill mode fetches and counts only URLs whose rows have an empty chosen cell", () => {
    const grid = MemoryGrid.fromRows([
      ["Profile URL", "Title", "Company"],
      [url("full"), "T", "C"],
      [url("half"), "T", ""],
      [url("dup"), "T", "C"],
      [url("dup"), "", "C"],
    ]);
    const client = new FakeClient();
    const d = deps(grid, client);
    const fill = opts({ fields: ["job_title", "company_name"], mode: "fill" });
    const { plan, progress } = estimateJob(d, grid, box(5), fill);
    expect(plan.toFetch).toEqual([1, 2]);
    expect(plan.maxCredits).toBe(2);
    confirmJob(d, progress.jobId);
    expect(runAll(d, progress.jobId)).toMatchObject({ state: "done", ok: 2, skipped: 1, spent: 2 });
    expect(client.sent).toEqual([url("half"), url("dup")]);
    expect(grid.column("enrichment_status")).toEqual([
      "",
      "ok: job changed to Title half @ Company half; cells kept (fill mode)",
      "ok: job changed to Title dup @ Company dup; cells kept (fill mode)",
      "ok: job changed to Title dup @ Company dup; cells kept (fill mode)",
    ]);

    // Everything is filled now: a second fill run fetches nothing and costs nothing.
    const again = estimateJob(d, grid, box(5), fill);
    expect(again.plan.maxCredits).toBe(0);
    confirmJob(d, again.progress.jobId);
    expect(runAll(d, again.progress.jobId)).toMatchObject({ state: "done", ok: 0, skipped: 3, spent: 0 });
    expect(client.sent).toHaveLength(2);
  });

  it("set to answer after a slow chunk, a step ends after it so the progress moves", () => {
    const slugs = Array.from({ length: 30 }, (_, i) => `p${i}`);
    const grid = crm(slugs);
    const d = deps(grid, new FakeClient(), {
      settings: { chunkSize: 10, spendCap: 500 },
      limits: { slowChunkMs: 2000 },
    });
    const slow = new FakeClient((request) => {
      d.clock.time += 300; // 10 URLs in a chunk: 3 s
      return { ok: true, lead: lead(request.split("/in/")[1] ?? request) };
    });
    d.client = () => slow;
    const { progress } = estimateJob(d, grid, box(31), opts({ extras: {} }));
    confirmJob(d, progress.jobId);
    expect(stepJob(d, progress.jobId)).toMatchObject({ state: "running", ok: 10, remaining: 20 });
    expect(runAll(d, progress.jobId)).toMatchObject({ state: "done", ok: 30 });
  });

  it("runs in one step when the work fits in one execution, in more only past the budget", () => {
    // Cached lookups: a fresh run returns after each group of 4 so that its progress and Cancel
    // move with it (issue 23.1); the one-step rule is for the rest.
    const cached = () => opts({ extras: {} });
    const slugs = Array.from({ length: 60 }, (_, i) => `p${i}`);
    const grid = crm(slugs);
    const d = deps(grid, new FakeClient(), { settings: { chunkSize: 10, spendCap: 500 } });
    // 6 chunks of 3 s each (a slow API): 18 s, well within one execution.
    const slow = new FakeClient((request) => {
      d.clock.time += 300;
      return { ok: true, lead: lead(request.split("/in/")[1] ?? request) };
    });
    d.client = () => slow;
    const { progress } = estimateJob(d, grid, box(61), cached());
    confirmJob(d, progress.jobId);
    expect(stepJob(d, progress.jobId)).toMatchObject({ state: "done", ok: 60 });
    // 6 chunks of 40 s: the chunks started before 150 s (four) run in the first step.
    const grid2 = crm(slugs);
    const d2 = deps(grid2, new FakeClient(), { settings: { chunkSize: 10, spendCap: 500 } });
    const slower = new FakeClient((request) => {
      d2.clock.time += 4000;
      return { ok: true, lead: lead(request.split("/in/")[1] ?? request) };
    });
    d2.client = () => slower;
    const second = estimateJob(d2, grid2, box(61), cached());
    confirmJob(d2, second.progress.jobId);
    expect(stepJob(d2, second.progress.jobId)).toMatchObject({ state: "running", ok: 40 });
    expect(stepJob(d2, second.progress.jobId)).toMatchObject({ state: "done", ok: 60 });
  });

  it("escapes formula-like API text and writes nested arrays as JSON", () => {
    const grid = crm(["a"]);
    const client = new FakeClient(() => ({
      ok: true,
      lead: lead("a", {
        job_title: '=HYPERLINK("http://evil")',
        company_name: "+1 Co",
        languages: [{ name: "German", proficiency: "NATIVE" }],
      }),
    }));
    const d = deps(grid, client);
    const { progress } = estimateJob(
      d,
      grid,
      box(2),
      opts({ fields: ["job_title", "company_name", "languages"] }),
    );
    confirmJob(d, progress.jobId);
    runAll(d, progress.jobId);
    expect(grid.column("Title")).toEqual([`'=HYPERLINK("http://evil")`]);
    expect(grid.column("Company")).toEqual(["'+1 Co"]);
    expect(grid.column("languages")).toEqual(['[{"name":"German","proficiency":"NATIVE"}]']);
  });

  it("gives not found, per-row errors and bad URLs their own status, and keeps going", () => {
    const grid = MemoryGrid.fromRows([["url"], [url("a")], [url("gone")], [url("bad")], ["not a url"], [""]]);
    const client = new FakeClient((u) =>
      u.endsWith("gone")
        ? { ok: false, error: errorOf("not_found") }
        : u.endsWith("bad")
          ? { ok: false, error: { ...errorOf("validation"), hint: "url: malformed" } }
          : { ok: true, lead: lead("a") },
    );
    const d = deps(grid, client);
    const { progress } = estimateJob(d, grid, box(6), opts());
    expect(progress).toMatchObject({ distinct: 3, invalidRows: 1 });
    confirmJob(d, progress.jobId);
    expect(runAll(d, progress.jobId)).toMatchObject({ state: "done", ok: 1, notFound: 1, failed: 1 });
    const status = grid.column("enrichment_status");
    expect(status.slice(0, 4)).toEqual([
      "ok",
      "not found",
      expect.stringMatching(/^error: .*url: malformed/),
      STATUS_TEXT.invalid,
    ]);
    expect(status[4] ?? "").toBe("");
  });

  it("stops at the spend cap before exceeding it, and resumes after the cap is raised", () => {
    const grid = crm(["a", "b", "c", "d", "e"]);
    const client = new FakeClient(undefined, 2);
    const d = deps(grid, client, { settings: { chunkSize: 500, spendCap: 6 } });
    const { progress } = estimateJob(d, grid, box(6), opts({ extras: { posts: true } }));
    expect(progress.creditsPerUrl).toBe(2);
    confirmJob(d, progress.jobId);
    const stopped = runAll(d, progress.jobId);
    expect(stopped).toMatchObject({ state: "stopped", ok: 3, remaining: 2, spent: 6 });
    expect(stopped.message?.kind).toBe("spend_cap");
    expect(grid.column("enrichment_status")[4]).toMatch(/spend cap/);
    d.settings.spendCap = 100;
    resumeJob(d, progress.jobId);
    expect(runAll(d, progress.jobId)).toMatchObject({ state: "done", ok: 5, spent: 10 });
    expect(client.sent).toHaveLength(5);
  });

  it("stops on insufficient funds, keeps what was done, and never re-sends the done URLs", () => {
    const grid = crm(["a", "b", "c", "d"]);
    let funds = 2;
    const client = new FakeClient((u) => {
      if (funds === 0) return { ok: false, error: errorOf("insufficient_funds") };
      funds -= 1;
      return { ok: true, lead: lead(u.slice(-1)) };
    });
    const d = deps(grid, client, { settings: { chunkSize: 1, spendCap: 500 } });
    const { progress } = estimateJob(d, grid, box(5), opts());
    confirmJob(d, progress.jobId);
    const stopped = runAll(d, progress.jobId);
    expect(stopped).toMatchObject({ state: "stopped", ok: 2, remaining: 2 });
    expect(stopped.message?.kind).toBe("insufficient_funds");
    expect(grid.column("enrichment_status").slice(2)).toEqual([
      expect.stringMatching(/out of credits/),
      expect.stringMatching(/out of credits/),
    ]);
    funds = 10;
    resumeJob(d, progress.jobId);
    expect(runAll(d, progress.jobId)).toMatchObject({ state: "done", ok: 4 });
    const paid = client.sent.filter((_, i) => i !== 2);
    expect(new Set(paid).size).toBe(4);
  });

  it("after an execution cut off during a fetch, marks those URLs interrupted and never re-sends them", () => {
    const grid = crm(["a", "b", "c", "d"]);
    let cut = true;
    const client = new FakeClient((u) => {
      if (cut && u.endsWith("c")) {
        cut = false;
        throw new Error("Exceeded maximum execution time");
      }
      return { ok: true, lead: lead(u.slice(-1)) };
    });
    const d = deps(grid, client, { settings: { chunkSize: 2, spendCap: 500 } });
    const { progress } = estimateJob(d, grid, box(5), opts());
    confirmJob(d, progress.jobId);
    expect(() => runAll(d, progress.jobId)).toThrow(/maximum execution/);
    const end = runAll(d, progress.jobId);
    expect(end).toMatchObject({ state: "done", ok: 2, interrupted: 2 });
    expect(grid.column("enrichment_status")).toEqual([
      "ok",
      "ok",
      STATUS_TEXT.interrupted,
      STATUS_TEXT.interrupted,
    ]);
    expect(client.sent.filter((u) => u.endsWith("d"))).toEqual([]);
  });

  it("after a cut-off between the write and the cursor save, trusts the sheet and does not re-send", () => {
    const grid = crm(["a", "b"]);
    const d = deps(grid, new FakeClient());
    const { progress } = estimateJob(d, grid, box(3), opts());
    confirmJob(d, progress.jobId);
    const realSet = d.store.set.bind(d.store);
    let armed = false;
    const client = new FakeClient();
    d.client = () => {
      armed = true;
      return client;
    };
    d.store.set = (key, value) => {
      if (armed && grid.column("enrichment_status")[0] === "ok") throw new Error("cut off");
      realSet(key, value);
    };
    expect(() => stepJob(d, progress.jobId)).toThrow(/cut off/);
    d.store.set = realSet;
    expect(runAll(d, progress.jobId)).toMatchObject({ state: "done", ok: 2, interrupted: 0 });
    expect(client.sent).toHaveLength(2);
  });

  // enriched_at is stamped only on enriched rows (issue 14.4), so an error row cannot tell this run
  // from an earlier one: after a cut-off its URL may have been charged, and it says so.
  it("after a cut-off, an error row without this run's time is interrupted, never re-sent", () => {
    const grid = crm(["a", "bad"]);
    const d = deps(grid, new FakeClient());
    const { progress } = estimateJob(d, grid, box(3), opts());
    confirmJob(d, progress.jobId);
    const realSet = d.store.set.bind(d.store);
    d.client = () =>
      new FakeClient((u) =>
        u.endsWith("bad") ? { ok: false, error: errorOf("validation") } : { ok: true, lead: lead("a") },
      );
    d.store.set = (key, value) => {
      if (
        grid.column("enrichment_status")[1] !== undefined &&
        String(grid.column("enrichment_status")[1]).startsWith("error")
      )
        throw new Error("cut off");
      realSet(key, value);
    };
    expect(() => stepJob(d, progress.jobId)).toThrow(/cut off/);
    d.store.set = realSet;
    expect(runAll(d, progress.jobId)).toMatchObject({ state: "done", ok: 1, failed: 0, interrupted: 1 });
  });

  it("stops on a refused key or plan without marking rows failed, and points to what to do", () => {
    for (const kind of ["auth", "forbidden"] as const) {
      const grid = crm(["a", "b"]);
      const d = deps(grid, new FakeClient(() => ({ ok: false, error: errorOf(kind) })));
      const { progress } = estimateJob(d, grid, box(3), opts());
      confirmJob(d, progress.jobId);
      const end = runAll(d, progress.jobId);
      expect(end).toMatchObject({ state: "stopped", failed: 0, remaining: 2 });
      expect(end.message?.kind).toBe(kind);
      expect(grid.column("enrichment_status")[0]).toMatch(/^not enriched yet: /);
    }
  });

  it("pauses, resumes, cancels, and refuses a second run while one is unfinished", () => {
    const grid = crm(["a", "b"]);
    const d = deps(grid, new FakeClient());
    const { progress } = estimateJob(d, grid, box(3), opts());
    confirmJob(d, progress.jobId);
    expect(pauseJob(d, progress.jobId).state).toBe("paused");
    expect(stepJob(d, progress.jobId).state).toBe("paused");
    expect(currentJob(d)?.jobId).toBe(progress.jobId);
    expect(() => estimateJob(d, grid, box(3), opts())).toThrow(/unfinished/);
    expect(resumeJob(d, progress.jobId).state).toBe("running");
    expect(cancelJob(d, progress.jobId).state).toBe("cancelled");
    // The cancelled run stays the last run (Finish this run, Select failed rows), finished.
    expect(currentJob(d)?.state).toBe("cancelled");
    expect(estimateJob(d, grid, box(3), opts()).progress.state).toBe("planned");
  });

  it("keeps two steps apart with the document lock", () => {
    const grid = crm(["a"]);
    const d = deps(grid, new FakeClient());
    const { progress } = estimateJob(d, grid, box(2), opts());
    confirmJob(d, progress.jobId);
    d.lock.held = true;
    expect(() => stepJob(d, progress.jobId)).toThrow(/Another enrichment step/);
  });

  it("stops rather than mixing rows up when the URL column changed", () => {
    const grid = crm(["a", "b"]);
    const d = deps(grid, new FakeClient());
    const { progress } = estimateJob(d, grid, box(3), opts());
    confirmJob(d, progress.jobId);
    grid.cells[1]![0] = url("z");
    const end = stepJob(d, progress.jobId);
    expect(end).toMatchObject({ state: "stopped" });
    expect(end.message?.kind).toBe("changed");
    expect(() => resumeJob(d, progress.jobId)).toThrow();
  });

  it("keeps a 3,000-URL cursor under the store's 9 KB per value", () => {
    const slugs = Array.from({ length: 3000 }, (_, i) => `p${i}`);
    const grid = crm(slugs);
    const d = deps(grid, new FakeClient(), { settings: { chunkSize: 500, spendCap: 5000 } });
    // Cached answers, 500 to a step's group (fresh ones go 4 to a step: issue 23.1).
    const { progress } = estimateJob(d, grid, box(3001), opts({ extras: {} }));
    confirmJob(d, progress.jobId);
    expect(d.store.data.size).toBeGreaterThan(1);
    expect(runAll(d, progress.jobId)).toMatchObject({ state: "done", ok: 3000 });
  });
});
