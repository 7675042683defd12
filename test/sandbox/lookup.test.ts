/** Spec section 3 (lead lookup by link), DESIGN.md's URL formats, and the lookup costs. */
import { describe, expect, it } from "vitest";
import type { Lead } from "../../src/api/wire.ts";
import { DEMO_KEY, EMPTY_KEY, PATHS, useSandbox } from "./support.ts";

const api = useSandbox();

type LookupBody = { lead: Lead & Record<string, unknown>; amount: number };

async function firstUrl(offset = 0): Promise<string> {
  return (await api.control.sampleUrls(1, offset))[0]!;
}

describe("lead lookup", () => {
  it("answers the lead record (lookup variant) and a negative amount of 1 credit", async () => {
    const url = await firstUrl(5000);
    const before = await api.balance();
    const { status, body } = await api.post<LookupBody>(PATHS.lookup, { url });
    expect(status).toBe(200);
    expect(body.amount).toBe(-1);
    expect(body.lead.network_url).toBe(url);
    expect(body.lead.input_url).toBe(url);
    expect(typeof body.lead.source).toBe("string");
    for (const field of [
      "job_location_city",
      "job_location_county",
      "job_location_state",
      "job_location_country",
    ]) {
      expect(field in body.lead).toBe(true);
    }
    expect(await api.balance()).toBe(before - 1);
  });

  it("accepts every URL format of DESIGN.md, host-agnostic", async () => {
    const url = await firstUrl(777);
    const slug = new URL(url).pathname.split("/")[2]!;
    const { body } = await api.post<LookupBody>(PATHS.lookup, { url });
    const salesId = body.lead.sales_id;
    const variants = [
      `${url}/`,
      `http://network.example/in/${slug}`,
      `www.network.example/in/${slug}/`,
      `network.example/in/${slug}`,
      `https://de.network.example/in/${slug}`,
      `https://www.linkedin.com/in/${slug}?utm_source=share`,
      `https://www.network.example/pub/${slug}`,
      `https://www.network.example/pub-profile/${slug}/`,
      `https://www.network.example/in/${salesId}`,
      `https://www.network.example/sales/lead/${salesId},NAME_SEARCH,abcd`,
    ];
    for (const variant of variants) {
      const answer = await api.post<LookupBody>(PATHS.lookup, { url: variant });
      expect(answer.status, variant).toBe(200);
      expect(answer.body.lead.network_id).toBe(body.lead.network_id);
      expect(answer.body.lead.input_url).toBe(variant);
    }
  });

  it("charges 1 extra credit per paid option, and inexact_company or freshness nothing", async () => {
    const url = await firstUrl(100);
    const cases: Array<[Record<string, boolean>, number]> = [
      [{ people_also_viewed: true }, 2],
      [{ posts: true }, 2],
      [{ comments: true }, 2],
      [{ people_also_viewed: true, posts: true, comments: true }, 4],
      [{ inexact_company: true, up_to_the_second_fresh: true, get_full_experience: true }, 1],
    ];
    for (const [options, cost] of cases) {
      const before = await api.balance();
      const { status, body } = await api.post<LookupBody>(PATHS.lookup, { url, ...options });
      expect(status).toBe(200);
      expect(body.amount).toBe(-cost);
      expect(await api.balance()).toBe(before - cost);
    }
  });

  it("adds at most 20 posts, comments and similar profiles", async () => {
    const urls = await api.control.sampleUrls(30, 2000);
    for (const url of urls) {
      const { body } = await api.post<LookupBody>(PATHS.lookup, {
        url,
        posts: true,
        comments: true,
        people_also_viewed: true,
      });
      for (const extra of ["posts", "comments", "people_also_viewed"]) {
        const list = body.lead[extra];
        expect(Array.isArray(list)).toBe(true);
        expect((list as unknown[]).length).toBeLessThanOrEqual(20);
      }
    }
  });

  it("returns the full work history only with get_full_experience and up_to_the_second_fresh", async () => {
    const urls = await api.control.sampleUrls(200, 300);
    let sawHistory = false;
    for (const url of urls) {
      const cached = (await api.post<LookupBody>(PATHS.lookup, { url, get_full_experience: true })).body.lead;
      expect(cached.jobs.every((j) => j.job_still_working)).toBe(true);
      const freshOnly = (await api.post<LookupBody>(PATHS.lookup, { url, up_to_the_second_fresh: true })).body
        .lead;
      expect(freshOnly.jobs.every((j) => j.job_still_working)).toBe(true);
      const full = (
        await api.post<LookupBody>(PATHS.lookup, {
          url,
          up_to_the_second_fresh: true,
          get_full_experience: true,
        })
      ).body.lead;
      if (full.jobs.some((j) => !j.job_still_working)) sawHistory = true;
    }
    expect(sawHistory).toBe(true);
  });

  it("cached data may lag a recent job change that fresh data shows; source is lead_by_link either way (A2)", async () => {
    const urls = await api.control.sampleUrls(300, 9000);
    let changed = 0;
    for (const url of urls) {
      const cached = (await api.post<LookupBody>(PATHS.lookup, { url })).body.lead;
      const fresh = (await api.post<LookupBody>(PATHS.lookup, { url, up_to_the_second_fresh: true })).body
        .lead;
      expect(cached.source).toBe("lead_by_link");
      expect(fresh.source).toBe("lead_by_link");
      expect(fresh.network_id).toBe(cached.network_id);
      if (fresh.company_name !== cached.company_name || fresh.job_title !== cached.job_title) changed++;
    }
    expect(changed).toBeGreaterThan(0);
    expect(changed).toBeLessThan(urls.length / 5);
  });

  it("adds inexact_company only when the lead's company id is None and its company name is not empty", async () => {
    const urls = await api.control.sampleUrls(400, 0);
    let resolved = 0;
    for (const url of urls) {
      const lead = (await api.post<LookupBody>(PATHS.lookup, { url, inexact_company: true })).body.lead;
      if (lead.company_id === null) {
        expect("inexact_company" in lead).toBe(true);
        if (lead.inexact_company !== null) resolved++;
      } else {
        expect("inexact_company" in lead).toBe(false);
      }
    }
    expect(resolved).toBeGreaterThan(0);
  });

  it("answers 400 for a bad URL, 400 Bad url for a well-formed URL of nobody (A3), and charges neither", async () => {
    const before = await api.balance();
    for (const url of ["not a url", "https://www.network.example/company/acme", "ftp://x.example/in/a", ""]) {
      const answer = await api.post(PATHS.lookup, { url });
      expect(answer.status, url).toBe(400);
      expect(answer.body).toMatchObject({ status: "error", status_code: 400 });
    }
    const missing = await api.post(PATHS.lookup, {
      url: "https://www.network.example/in/nobody-here-zzzzzz",
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      amount: 0,
      detail: "Bad url",
      input_url: "https://www.network.example/in/nobody-here-zzzzzz",
      status: "error",
      status_code: 400,
    });
    expect((await api.post(PATHS.lookup, {})).status).toBe(400);
    expect((await api.post(PATHS.lookup, { url: "x", posts: "yes" })).status).toBe(400);
    expect(await api.balance()).toBe(before);
  });

  it("answers 402 and charges nothing when the balance is short", async () => {
    const url = await firstUrl();
    const answer = await api.post(PATHS.lookup, { url }, { key: EMPTY_KEY });
    expect(answer.status).toBe(402);
    await api.control.setCredits(EMPTY_KEY, 2);
    expect(
      (await api.post(PATHS.lookup, { url, posts: true, comments: true }, { key: EMPTY_KEY })).status,
    ).toBe(402);
    expect((await api.post(PATHS.lookup, { url, posts: true }, { key: EMPTY_KEY })).status).toBe(200);
    expect(await api.balance(EMPTY_KEY)).toBe(0);
    expect(await api.balance(DEMO_KEY)).toBe(10_000);
  });
});

describe("lead lookup: as production answers (PRODUCTION.md A2, A3, A7)", () => {
  it("answers a profile on a host that is not the network's with the same free 400 Bad url, input_url as sent", async () => {
    const url = await firstUrl(42);
    const slug = new URL(url).pathname.split("/")[2]!;
    const before = await api.balance();
    for (const other of [`https://www.example.com/in/${slug}`, ` https://x.example/in/${slug}/ `]) {
      const answer = await api.post(PATHS.lookup, { url: other });
      expect(answer.status, other).toBe(400);
      expect(answer.body).toEqual({
        amount: 0,
        detail: "Bad url",
        input_url: other,
        status: "error",
        status_code: 400,
      });
    }
    expect(await api.balance()).toBe(before);
    expect((await api.control.stats()).creditsCharged).toBe(0);
  });

  it("keeps the spec's first reading behind controls: 404 not found and source cache/live", async () => {
    await api.control.configure({ readings: "spec" });
    const missing = await api.post(PATHS.lookup, {
      url: "https://www.network.example/in/nobody-here-zzzzzz",
    });
    expect(missing.status).toBe(404);
    const url = await firstUrl(43);
    expect((await api.post<LookupBody>(PATHS.lookup, { url })).body.lead.source).toBe("cache");
    expect(
      (await api.post<LookupBody>(PATHS.lookup, { url, up_to_the_second_fresh: true })).body.lead.source,
    ).toBe("live");
    await api.control.configure({ lookupNotFound: "bad_url" });
    expect((await api.post(PATHS.lookup, { url: "https://www.network.example/in/nobody-zz" })).status).toBe(
      400,
    );
  });

  it("reactions adds the lead's reactions (at most 20) for 1 more credit", async () => {
    const urls = await api.control.sampleUrls(20, 3000);
    let withData = 0;
    for (const url of urls) {
      const before = await api.balance();
      const { status, body } = await api.post<LookupBody>(PATHS.lookup, { url, reactions: true });
      expect(status).toBe(200);
      const reactions = body.lead.reactions as Array<Record<string, unknown>>;
      expect(Array.isArray(reactions)).toBe(true);
      expect(reactions.length).toBeLessThanOrEqual(20);
      if (reactions.length > 0) {
        withData++;
        expect(Object.keys(reactions[0]!).sort()).toEqual([
          "id",
          "post_text",
          "post_url",
          "reacted_at",
          "reaction_type",
        ]);
      }
      expect(body.amount).toBe(-2);
      expect(await api.balance()).toBe(before - 2);
    }
    expect(withData).toBeGreaterThan(0);
    expect(withData).toBeLessThan(urls.length);
  });

  it('charges extras only when data comes back under the A12 control extrasCharged: "when_returned"', async () => {
    await api.control.configure({ extrasCharged: "when_returned" });
    const urls = await api.control.sampleUrls(30, 3000);
    let empty = 0;
    for (const url of urls) {
      const { body } = await api.post<LookupBody>(PATHS.lookup, { url, reactions: true, posts: true });
      const returned = ["reactions", "posts"].filter((k) => (body.lead[k] as unknown[]).length > 0).length;
      if (returned < 2) empty++;
      expect(body.amount).toBe(-(1 + returned));
    }
    expect(empty).toBeGreaterThan(0);
  });
});
