import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { answerKey, canonicalProfileUrl, normalizeProfileUrl, profileSite } from "../../src/api/profile-url";

const slugChar = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789-".split(""));
const slug = fc
  .array(slugChar, { minLength: 3, maxLength: 30 })
  .map((chars) => chars.join(""))
  // Spelled "ACwAA..." a slug would be a (case-sensitive) sales id: the next property covers those.
  .filter((s) => !/^ac.aa/.test(s));
const salesId = fc
  .array(fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-".split("")), {
    minLength: 20,
    maxLength: 40,
  })
  .map((chars) => `ACwAA${chars.join("")}`);
const host = fc.constantFrom(
  "www.network.example",
  "network.example",
  "de.network.example",
  "uk.network.example",
  "www.linked.example",
);
const scheme = fc.constantFrom("https://", "http://", "");
const trailing = fc.constantFrom("", "/");
const tail = fc.constantFrom("", "?trk=abc", "#about", "?a=1&b=2");

function randomCase(text: string, flips: boolean[]): string {
  return [...text].map((c, i) => (flips[i % flips.length] ? c.toUpperCase() : c)).join("");
}

describe("normalizeProfileUrl", () => {
  it("maps every spelling of an /in/ profile to one key", () => {
    fc.assert(
      fc.property(
        slug,
        scheme,
        host,
        trailing,
        tail,
        fc.array(fc.boolean(), { minLength: 1 }),
        (s, sc, h, tr, t, flips) => {
          const url = `${sc}${h}/in/${randomCase(s, flips)}${tr}${t}`;
          expect(normalizeProfileUrl(url)).toBe(`in/${s}`);
        },
      ),
    );
  });

  it("keeps the case of sales ids and joins /sales/lead/ with /in/", () => {
    fc.assert(
      fc.property(salesId, scheme, host, (id, sc, h) => {
        expect(normalizeProfileUrl(`${sc}${h}/in/${id}/`)).toBe(`in/${id}`);
        expect(normalizeProfileUrl(`${sc}${h}/sales/lead/${id},NAME_SEARCH,x1Yz`)).toBe(`in/${id}`);
      }),
    );
  });

  it("is idempotent through its own key", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          slug.map((s) => `in/${s}`),
          salesId.map((s) => `in/${s}`),
        ),
        (key) => {
          expect(normalizeProfileUrl(`https://www.network.example/${key}`)).toBe(key);
        },
      ),
    );
  });

  it("never throws and answers null or a known key on any text", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.webUrl({ withQueryParameters: true, withFragments: true })),
        (text) => {
          const key = normalizeProfileUrl(text);
          expect(key === null || /^(in|pub|pub-profile)\/\S+$/.test(key)).toBe(true);
        },
      ),
    );
  });

  it("accepts the legacy formats", () => {
    expect(normalizeProfileUrl("www.network.example/pub/john-doe/12/345/678")).toBe(
      "pub/john-doe/12/345/678",
    );
    expect(normalizeProfileUrl("https://network.example/pub-profile/in/Jane")).toBe("pub-profile/in/jane");
    expect(normalizeProfileUrl("  https://fr.network.example/in/jos%C3%A9-p  ")).toBe("in/josé-p");
  });

  it("reads a page of a profile as that profile, as people copy it from the browser", () => {
    for (const text of [
      "https://www.network.example/in/jane-doe/details/experience/",
      "https://www.network.example/in/Jane-Doe/en",
      "https://www.network.example/in/jane-doe/recent-activity/all/?trk=x",
      "network.example/in/jane-doe/overlay/contact-info/",
    ]) {
      expect(normalizeProfileUrl(text), text).toBe("in/jane-doe");
      expect(canonicalProfileUrl(text)?.replace(/^https?:\/\/(www\.)?/, ""), text).toBe(
        "network.example/in/jane-doe",
      );
    }
  });

  it("rejects what is not a profile URL", () => {
    for (const text of [
      "",
      "jane-doe",
      "in/jane-doe",
      "https://www.network.example/",
      "https://www.network.example/company/acme",
      "https://www.network.example/in/",
      "mailto:jane@example.com",
      "https://www.network.example/in/jane doe",
    ]) {
      expect(normalizeProfileUrl(text)).toBeNull();
    }
  });
});

describe("canonicalProfileUrl (issue 12.9: one spelling sent per person)", () => {
  it("lower-cases scheme, host, path prefix and vanity slug; keeps a sales id's case", () => {
    expect(canonicalProfileUrl("HTTPS://WWW.Network.Example/IN/Jane-Doe/?trk=x")).toBe(
      "https://www.network.example/in/jane-doe",
    );
    expect(canonicalProfileUrl("network.example/in/jane-doe")).toBe("https://network.example/in/jane-doe");
    expect(canonicalProfileUrl("http://de.network.example/In/ACwAAAbCdEfGhIjKlMnOpQrSt")).toBe(
      "http://de.network.example/in/ACwAAAbCdEfGhIjKlMnOpQrSt",
    );
    expect(
      canonicalProfileUrl("www.network.example/Sales/Lead/ACwAAAbCdEfGhIjKlMnOpQrSt,NAME_SEARCH,x1"),
    ).toBe("https://www.network.example/sales/lead/ACwAAAbCdEfGhIjKlMnOpQrSt,NAME_SEARCH,x1");
    expect(canonicalProfileUrl("https://www.network.example/PUB/John-Doe/12/345/678")).toBe(
      "https://www.network.example/pub/john-doe/12/345/678",
    );
    expect(canonicalProfileUrl("not a url")).toBeNull();
  });

  it("is the same person as the input, and every spelling of a person gets one canonical URL", () => {
    fc.assert(
      fc.property(
        slug,
        scheme,
        host,
        trailing,
        tail,
        fc.array(fc.boolean(), { minLength: 1 }),
        (s, sc, h, tr, t, flips) => {
          const typed = randomCase(`${sc}${h}/in/${s}${tr}${t}`, flips);
          const canonical = canonicalProfileUrl(typed);
          expect(canonical).not.toBeNull();
          expect(normalizeProfileUrl(canonical!)).toBe(normalizeProfileUrl(typed));
          expect(canonical).toBe(canonicalProfileUrl(`${sc.toLowerCase()}${h}/in/${s}`));
          expect(canonicalProfileUrl(canonical!)).toBe(canonical);
        },
      ),
    );
  });
});

describe("the site that decides the answer (PRODUCTION.md A3)", () => {
  it("is the host without www. or a country subdomain", () => {
    expect(profileSite("https://www.network.example/in/jane")).toBe("network.example");
    expect(profileSite("de.network.example/in/jane")).toBe("network.example");
    expect(profileSite("http://NETWORK.example:8080/in/jane")).toBe("network.example");
    expect(profileSite("not a url")).toBeNull();
  });

  it("keeps the person's key for the first site seen and gives another site its own", () => {
    const sites = new Map<string, string>();
    const keys = [
      "https://www.elsewhere.example/in/jane",
      "https://de.elsewhere.example/in/Jane/",
      "https://www.network.example/in/jane",
      "https://www.network.example/in/bob",
      "nonsense",
    ].map((url) => answerKey(url, sites));
    expect(keys).toEqual(["in/jane", "in/jane", "in/jane@network.example", "in/bob", null]);
  });
});
