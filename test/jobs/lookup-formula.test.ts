import { describe, expect, it } from "vitest";
import { type ApiError, apiError } from "../../src/api/errors";
import type { Lead, LeadLookupRequest } from "../../src/api/wire";
import { leadCacheKey, type TextCache } from "../../src/jobs/lookup/cache";
import {
  type LeadLookupPort,
  type LookupArguments,
  type LookupFormulaDeps,
  type LookupOutcome,
  lookupLeadFormula,
  MESSAGES,
} from "../../src/jobs/lookup/formula";
import { createShelves } from "../../src/jobs/lookup/shelves";
import { CELL_CHAR_LIMIT, toCellValue } from "../../src/sheet/cell-value";
import { listText } from "../../src/sheet/list-text";

function leadFor(url: string): Lead {
  const slug = url.replace(/\/+$/, "").split("/").pop() ?? "";
  return {
    full_name: `Name ${slug}`,
    job_title: '=HYPERLINK("x")',
    company_name: `Co ${slug}`,
    location: "Berlin",
    network_url: `https://www.network.example/in/${slug}`,
    num_of_connections: 42,
    jobs: [],
    location_city: null,
  } as unknown as Lead;
}

/** A fake client: answers every request, with a per-URL override. */
class FakeLookup implements LeadLookupPort {
  calls: LeadLookupRequest[][] = [];
  stoppedBy: ApiError | null = null;
  constructor(private readonly answer: (request: LeadLookupRequest) => LookupOutcome = okAnswer) {}
  lookupLeads(requests: LeadLookupRequest[]) {
    this.calls.push(requests);
    const outcomes = requests.map((r) => this.answer(r));
    return { outcomes, stoppedBy: this.stoppedBy, spent: outcomes.filter((o) => o?.ok).length };
  }
}

function okAnswer(request: LeadLookupRequest): LookupOutcome {
  return { ok: true, value: { lead: leadFor(request.url), amount: -1 } };
}

class MapCache implements TextCache {
  constructor(public values = new Map<string, string>()) {}
  puts = 0;
  getAll(keys: string[]) {
    const found: Record<string, string> = {};
    for (const key of keys) {
      const value = this.values.get(key);
      if (value !== undefined) found[key] = value;
    }
    return found;
  }
  putAll(values: Record<string, string>) {
    this.puts += 1;
    for (const [k, v] of Object.entries(values)) this.values.set(k, v);
  }
  removeAll(keys: string[]) {
    for (const key of keys) this.values.delete(key);
  }
}

function run(
  args: LookupArguments,
  port: LeadLookupPort | null = new FakeLookup(),
  cache = new MapCache(),
  now = Date.now(),
  more: Partial<LookupFormulaDeps> = {},
) {
  return lookupLeadFormula(args, {
    connect: () => port,
    cache,
    deadline: now + 25_000,
    spendCap: 500,
    now: () => now,
    formatTime: (ms) => new Date(ms).toISOString().slice(11, 16),
    ...more,
  });
}

/** The URLs (of the default options) marked in flight in `cache`. */
function inFlight(cache: TextCache, urls: string[], now: number): string[] {
  const keys = urls.map((url) => leadCacheKey(`in/${url.split("/in/")[1]}`, []));
  const found = createShelves(cache).read(keys, now).inFlight;
  return urls.filter((_, i) => found.has(keys[i]!));
}

const URL_A = "https://www.network.example/in/alice";
const URL_B = "https://www.network.example/in/bob";

describe("=LOOKUP_LEAD", () => {
  it("answers one URL with the default fields, in order, as values", () => {
    const rows = run({ url: URL_A });
    expect(rows).toEqual([["Name alice", '=HYPERLINK("x")', "Co alice", "Berlin", URL_A]]);
  });

  it("gives one row per cell of a column: blanks empty, duplicates fetched once", () => {
    const port = new FakeLookup();
    const rows = run(
      { url: [[URL_A], [""], ["network.example/in/ALICE/"], [URL_B]], fields: "full_name" },
      port,
    );
    expect(rows).toEqual([["Name alice"], [""], ["Name alice"], ["Name bob"]]);
    expect(port.calls).toHaveLength(1);
    expect(port.calls[0]!.map((r) => r.url)).toEqual([URL_A, URL_B]);
  });

  it("accepts a row of URLs as well as a column, but not a block", () => {
    expect(run({ url: [[URL_A, URL_B]], fields: "full_name" })).toEqual([["Name alice"], ["Name bob"]]);
    expect(() =>
      run({
        url: [
          [URL_A, URL_B],
          [URL_A, URL_B],
        ],
      }),
    ).toThrow(/one column or one row/);
  });

  it("asks for a URL when the argument is left out, and gives a blank row for an empty cell", () => {
    expect(() => run({ url: undefined })).toThrow(/first argument.*=LOOKUP_LEAD\(A2\)/);
    expect(run({ url: "", fields: "full_name, job_title" })).toEqual([["", ""]]);
  });

  it("puts a message in the row of a bad URL or a lead not found, and keeps every row's width", () => {
    const missing = "https://www.network.example/in/nobody";
    const port = new FakeLookup((r) =>
      r.url === missing
        ? { ok: false, error: apiError("not_found", { status: 404, charged: "no" }) }
        : okAnswer(r),
    );
    const rows = run(
      { url: [["not a url"], [missing], [42], [URL_A]], fields: "full_name, company_name" },
      port,
    );
    expect(rows.every((row) => row.length === 2)).toBe(true);
    expect(rows[0]).toEqual([MESSAGES.notProfileUrl("not a url"), ""]);
    expect(rows[1]![0]).toMatch(/No profile was found/);
    expect(rows[2]![0]).toMatch(/Not a profile URL: "42"/);
    expect(rows[3]).toEqual(["Name alice", "Co alice"]);
    expect(port.calls[0]!.map((r) => r.url)).toEqual([missing, URL_A]);
  });

  it("fails the formula for unknown fields or options, listing the valid ones", () => {
    expect(() => run({ url: URL_A, fields: "full_name, shoe_size" })).toThrow(
      /Unknown field "shoe_size".*job_title/,
    );
    expect(() => run({ url: URL_A, options: "fresh, turbo" })).toThrow(
      /Unknown lookup option "turbo".*posts/,
    );
  });

  it("fails the formula when an extras field is asked without its paid option, naming the option", () => {
    const port = new FakeLookup();
    expect(() => run({ url: URL_A, fields: "full_name, posts" }, port)).toThrow(
      /The field "posts" is only filled with the option of the same name \(\+1 credit per lead each\): add it as the third argument/,
    );
    expect(() => run({ url: URL_A, fields: "comments, people_also_viewed", options: "fresh" }, port)).toThrow(
      /The fields "comments", "people_also_viewed" are only filled .*"comments, people_also_viewed"/,
    );
    expect(port.calls).toHaveLength(0);
    // With the option (its friendly name too) the field is fine.
    expect(() =>
      run({ url: URL_A, fields: "full_name, people_also_viewed", options: "similar" }, port),
    ).not.toThrow();
  });

  it("takes fields and options from ranges, and sends the spec's option names", () => {
    const port = new FakeLookup();
    const rows = run(
      { url: URL_A, fields: [["full_name"], ["num_of_connections, posts"]], options: [["fresh"], ["posts"]] },
      port,
    );
    expect(rows[0]!.slice(0, 2)).toEqual(["Name alice", 42]);
    expect(port.calls[0]).toEqual([{ url: URL_A, posts: true, up_to_the_second_fresh: true }]);
  });

  it("answers from the cache on recalculation, whatever the fields, and never caches errors", () => {
    const cache = new MapCache();
    const failing = "https://www.network.example/in/flaky";
    const port = new FakeLookup((r) =>
      r.url === failing
        ? { ok: false, error: apiError("server", { status: 500, charged: "no" }) }
        : okAnswer(r),
    );
    run({ url: [[URL_A], [failing]] }, port, cache);
    expect(cache.values.size).toBe(1);
    const again = run({ url: [[URL_A], [failing]], fields: "company_name" }, port, cache);
    expect(again[0]).toEqual(["Co alice"]);
    expect(port.calls.map((call) => call.map((r) => r.url))).toEqual([[URL_A, failing], [failing]]);
  });

  it("keys the cache by options: other options fetch again", () => {
    const cache = new MapCache();
    const port = new FakeLookup();
    run({ url: URL_A }, port, cache);
    run({ url: URL_A, options: "fresh" }, port, cache);
    run({ url: URL_A, options: "up_to_the_second_fresh" }, port, cache);
    expect(port.calls).toHaveLength(2);
  });

  it("shows cached answers without a key, and says to save one for the rest", () => {
    const cache = new MapCache();
    const key = leadCacheKey("in/alice", []);
    createShelves(cache).settle(new Map([[key, leadFor(URL_A)]]), [key], Date.now());
    const rows = run({ url: [[URL_A], [URL_B]], fields: "full_name" }, null, cache);
    expect(rows).toEqual([["Name alice"], [MESSAGES.noKey]]);
  });

  it("marks rows the client did not attempt before the deadline, not the whole formula", () => {
    const port = new FakeLookup((r) => (r.url === URL_B ? null : okAnswer(r)));
    expect(run({ url: [[URL_A], [URL_B]], fields: "full_name" }, port)).toEqual([
      ["Name alice"],
      [MESSAGES.notFetched],
    ]);
  });

  it("a lookup whose answer was lost after sending (a gateway's 502) says it may have been charged, not 'try again'", () => {
    const lost = apiError("server", { status: 502, charged: "maybe" });
    const port = new FakeLookup((r) => (r.url === URL_B ? { ok: false, error: lost } : okAnswer(r)));
    const rows = run({ url: [[URL_A], [URL_B]], fields: "full_name" }, port);
    expect(rows[1]![0]).toMatch(/may have been charged/);
    expect(rows[1]![0]).not.toMatch(/Try again in a few minutes/);
  });

  it("says why when the client stopped the batch (out of credits)", () => {
    const port = new FakeLookup((r) => (r.url === URL_B ? null : okAnswer(r)));
    port.stoppedBy = apiError("insufficient_funds", { status: 402, charged: "no" });
    const rows = run({ url: [[URL_A], [URL_B]], fields: "full_name" }, port);
    expect(rows[1]![0]).toMatch(/out of credits/);
  });

  it("fetches no more than the spend cap allows, counting paid options", () => {
    const port = new FakeLookup();
    const urls = ["a", "b", "c", "d"].map((s) => [`https://www.network.example/in/${s}`]);
    const rows = lookupLeadFormula(
      { url: urls, fields: "full_name, posts, comments", options: "posts, comments" },
      {
        connect: () => port,
        cache: new MapCache(),
        deadline: Date.now() + 25_000,
        spendCap: 7,
        now: () => Date.now(),
        formatTime: String,
      },
    );
    expect(port.calls[0]).toHaveLength(2);
    expect(rows[2]![0]).toBe(MESSAGES.overCap(7));
  });

  it("does not re-send a URL whose lookup was cut off by the 30 s limit, and says when to retry", () => {
    const cache = new MapCache();
    const start = Date.UTC(2026, 10, 21, 9, 0, 0);
    // Apps Script kills the execution while the request is out: nothing after the fetch runs.
    const cutOff: LeadLookupPort = {
      lookupLeads: () => {
        throw new Error("Exceeded maximum execution time");
      },
    };
    expect(() => run({ url: URL_A }, cutOff, cache, start)).toThrow(/Exceeded/);

    // 10 s later the first execution may still be running (another cell at once): not paid for
    // twice; this cell waits for that answer in the cache while its time allows, then says so.
    const sameTime = new FakeLookup();
    let clock = start + 10_000;
    const waiting = run({ url: URL_A }, sameTime, new MapCache(new Map(cache.values)), clock, {
      now: () => clock,
      sleep: (ms) => {
        clock += ms;
      },
    });
    expect(sameTime.calls).toEqual([]);
    expect(waiting).toEqual([[MESSAGES.notFetched, "", "", "", ""]]);

    // 40 s later it must have died: URL_A is not sent again, URL_B is.
    const port = new FakeLookup();
    const rows = run({ url: [[URL_A], [URL_B]], fields: "full_name" }, port, cache, start + 40_000);
    expect(port.calls).toEqual([[{ url: URL_B }]]);
    expect(rows[0]).toEqual([MESSAGES.abandoned("09:10")]);
    expect(rows[1]).toEqual(["Name bob"]);
    expect(inFlight(cache, [URL_A, URL_B], start + 40_000)).toEqual([URL_A]);
  });

  it("clears its in-flight markers when the answers (or errors) come back", () => {
    const cache = new MapCache();
    const port = new FakeLookup((r) =>
      r.url === URL_B
        ? { ok: false, error: apiError("server", { status: 500, charged: "no" }) }
        : okAnswer(r),
    );
    run({ url: [[URL_A], [URL_B]] }, port, cache);
    expect(inFlight(cache, [URL_A, URL_B], Date.now())).toEqual([]);
  });

  it("does not cache a lead too large for one cache value", () => {
    const cache = new MapCache();
    const big = new FakeLookup((r) => ({
      ok: true,
      value: { lead: { ...leadFor(r.url), summary: "x".repeat(200_000) }, amount: -1 },
    }));
    run({ url: URL_A }, big, cache);
    expect(cache.values.size).toBe(0);
  });
});

describe("the reactions extra (PRODUCTION.md A7: +1 credit)", () => {
  it("is an option of =LOOKUP_LEAD, sent by its name, and its field needs it", () => {
    const port = new FakeLookup();
    run({ url: URL_A, fields: "full_name, reactions", options: "reactions, fresh" }, port);
    expect(port.calls[0]).toEqual([{ url: URL_A, reactions: true, up_to_the_second_fresh: true }]);
    expect(() => run({ url: URL_A, fields: "full_name, reactions" }, new FakeLookup())).toThrow(
      /The field "reactions" is only filled with the option of the same name/,
    );
  });
});

describe("list fields follow the List fields setting (as Enrich and the sheets do)", () => {
  const JOBS = [
    {
      job_title: "=CTO",
      company_name: "Acme",
      job_started_on: "Mar 2019",
      job_still_working: true,
    },
    { job_title: "Engineer", company_name: "Initech", job_started_on: "2015", job_ended_on: "2019" },
  ];
  const withJobs = (jobs: unknown[]) =>
    new FakeLookup((r) => ({
      ok: true,
      value: { lead: { ...leadFor(r.url), jobs } as unknown as Lead, amount: -1 },
    }));

  it("readable: the same text Enrich writes (list-text), not JSON; JSON when the setting says so", () => {
    const readable = run(
      { url: URL_A, fields: "full_name, jobs" },
      withJobs(JOBS),
      new MapCache(),
      Date.now(),
      {
        lists: "readable",
      },
    );
    expect(readable).toEqual([
      ["Name alice", "=CTO at Acme (Mar 2019 - present); Engineer at Initech (2015 - 2019)"],
    ]);
    expect(readable[0]![1]).toBe(listText(JOBS));
    const json = run({ url: URL_A, fields: "full_name, jobs" }, withJobs(JOBS), new MapCache(), Date.now(), {
      lists: "json",
    });
    expect(json).toEqual([["Name alice", JSON.stringify(JOBS)]]);
  });

  it("a changed setting shows on the next recalculation from the cached answer, fetching nothing", () => {
    const cache = new MapCache();
    const port = withJobs(JOBS);
    const now = Date.now();
    const args = { url: [[URL_A], [URL_B]], fields: "jobs" };
    const first = run(args, port, cache, now, { lists: "json" });
    expect(first[0]![0]).toBe(JSON.stringify(JOBS));
    const again = run(args, port, cache, now, { lists: "readable" });
    expect(again).toEqual([[listText(JOBS)], [listText(JOBS)]]);
    expect(run(args, port, cache, now, { lists: "json" })).toEqual(first);
    expect(port.calls).toHaveLength(1);
  });

  it("readable text keeps Sheets' 50,000-character cell limit with Enrich's marker", () => {
    const many = Array.from({ length: 2000 }, (_, i) => ({
      job_title: `Title ${i} ${"x".repeat(30)}`,
      company_name: `Company ${i}`,
    }));
    const [[cell]] = run({ url: URL_A, fields: "jobs" }, withJobs(many), new MapCache(), Date.now(), {
      lists: "readable",
    }) as [[string]];
    expect(listText(many).length).toBeGreaterThan(CELL_CHAR_LIMIT);
    // Booleans, not the strings: a failure would print 100,000 characters.
    expect(cell.length).toBe(CELL_CHAR_LIMIT);
    expect(/ …\[truncated: [\d,]+ characters in full\]$/.test(cell)).toBe(true);
    expect(cell.startsWith("Title 0 ")).toBe(true);
    expect(cell === toCellValue(many, { lists: "readable", target: "customFunction" })).toBe(true);
  });
});

describe("the bound on distinct URLs with a paid extra", () => {
  it("names the extra the formula was given, reactions too, when 501 URLs pass the 500", () => {
    const urls = Array.from({ length: 501 }, (_, i) => [`https://www.network.example/in/person-${i}`]);
    const port = new FakeLookup();
    expect(() => run({ url: urls, fields: "full_name, reactions", options: "reactions" }, port)).toThrow(
      /at most 500 with posts, comments, reactions or similar/,
    );
    expect(port.calls).toHaveLength(0);
  });
});
