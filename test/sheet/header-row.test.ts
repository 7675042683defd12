import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { detectHeaderRow, looksLikeProfileUrl } from "../../src/sheet/header-row";

const header = { headerRow: 0, firstDataRow: 1 };
const noHeader = { headerRow: null, firstDataRow: 0 };

describe("looksLikeProfileUrl", () => {
  it("recognizes the profile link shapes of DESIGN.md", () => {
    for (const url of [
      "https://www.network.example/in/jane-doe/",
      "network.example/in/jane-doe",
      "http://de.network.example/pub/jane-doe/1/2/3",
      "https://network.example/pub-profile/jane",
      "https://www.network.example/sales/lead/ACwAAA,NAME_SEARCH,x1",
      "in/jane-doe",
      "  HTTPS://NETWORK.EXAMPLE/IN/JANE  ",
    ]) {
      expect(looksLikeProfileUrl(url)).toBe(true);
    }
  });

  it("rejects headers, other links and non-text", () => {
    for (const value of ["LinkedIn", "https://network.example/company/acme", "", null, 42, undefined]) {
      expect(looksLikeProfileUrl(value)).toBe(false);
    }
  });
});

describe("detectHeaderRow", () => {
  const urls = [["https://network.example/in/a"], ["https://network.example/in/b"]];

  it("sees no header when the block starts with a URL", () => {
    expect(detectHeaderRow(urls, 0)).toEqual(noHeader);
  });

  it("sees a header named like a profile column", () => {
    expect(detectHeaderRow([["Profile URL"], ...urls], 0)).toEqual(header);
    expect(detectHeaderRow([["network_url"], ...urls], 0)).toEqual(header);
  });

  it("sees a header row that names known fields elsewhere, even over a blank URL header", () => {
    expect(
      detectHeaderRow(
        [
          ["Name", "", "Title"],
          ["Jane", "https://network.example/in/a", "CEO"],
        ],
        1,
      ),
    ).toEqual(header);
  });

  it("sees an unknown header word above clean URLs", () => {
    expect(detectHeaderRow([["Contacts to refresh"], ...urls], 0)).toEqual(header);
  });

  it("reads a data row with a bad URL as data", () => {
    const rows = [
      ["Jane Doe", "https://network.example/company/acme"],
      ["Joe", "https://network.example/in/joe"],
    ];
    expect(detectHeaderRow(rows, 1)).toEqual(noHeader);
  });

  it("reads a data row of names as data when the URL cells below are mixed", () => {
    const rows = [
      ["Jane Doe", "missing"],
      ["Joe", "https://network.example/in/joe"],
      ["Ann", "n/a"],
    ];
    expect(detectHeaderRow(rows, 1)).toEqual(noHeader);
  });

  it("answers an empty block with no header", () => {
    expect(detectHeaderRow([], 0)).toEqual(noHeader);
    expect(detectHeaderRow([[""], [""]], 0)).toEqual(noHeader);
  });
});

describe("detectHeaderRow properties", () => {
  it("never takes a block that starts with a profile URL for one with a header", () => {
    const slug = fc.stringMatching(/^[a-z0-9-]{1,20}$/);
    const url = fc
      .tuple(
        fc.constantFrom("https://www.network.example/in/", "network.example/in/", "http://x.example/pub/"),
        slug,
      )
      .map(([prefix, s]) => prefix + s);
    fc.assert(
      fc.property(fc.array(url, { minLength: 1, maxLength: 6 }), (urls) => {
        expect(
          detectHeaderRow(
            urls.map((u) => ["Jane", u]),
            1,
          ),
        ).toEqual(noHeader);
      }),
    );
  });
});
