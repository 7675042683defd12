/**
 * List fields split what users type and paste, bring each entry to the API's form, and refuse what
 * cannot match (issue 12.8: "a.com, b.com" was one chip, and both companies were charged).
 */

import { describe, expect, it } from "vitest";
import {
  companyNameEntries,
  domainEntries,
  type EntryKind,
  idEntries,
  keywordRuleEntries,
  textEntries,
  withinEntryLimit,
} from "../../sidebar/components/list-entries";
import {
  COMPANY_ID_ENTRIES,
  GROUP_ID_ENTRIES,
  INDUSTRY_ENTRIES,
  LEAVE_OUT_NAME_ENTRIES,
  LOCATION_ENTRIES,
  SCHOOL_ID_ENTRIES,
  SENIORITY_ENTRIES,
} from "../../sidebar/vocabulary/entries";
import { INDUSTRIES } from "../../sidebar/vocabulary/industries";

const accepted = (kind: EntryKind, text: string) =>
  kind.split(text).map((entry) => {
    const answer = kind.accept(entry);
    return "value" in answer
      ? answer.value
      : `! ${answer.problem} | ${(answer.suggestions ?? []).join("; ")}`;
  });

describe("list entries", () => {
  it("splits on commas, new lines, tabs and semicolons", () => {
    expect(textEntries.split("a, b\nc\td; e,,")).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("takes domains as the API matches them and refuses what cannot be one", () => {
    expect(accepted(domainEntries, "a.com, B.com\nhttps://www.c.co.uk/about")).toEqual([
      "a.com",
      "b.com",
      "c.co.uk",
    ]);
    expect(accepted(domainEntries, "a .com")[0]).toMatch(/^! "a \.com" is not a web domain/);
    expect(accepted(domainEntries, "acme")[0]).toMatch(/^! "acme" is not a web domain/);
  });

  it("takes ids as digits only", () => {
    const ids = idEntries("a company id (network_id)");
    expect(accepted(ids, "1000042, 1000043 ; #7")).toEqual(["1000042", "1000043", "7"]);
    expect(accepted(ids, "10a")[0]).toMatch(/^! "10a" is not a company id/);
  });

  it("takes a group's address pasted whole as its id (the hint says: the number in its address)", () => {
    expect(
      accepted(
        GROUP_ID_ENTRIES,
        "https://www.network.example/groups/1234567/\nwww.network.example/groups/89/about, 42",
      ),
    ).toEqual(["1234567", "89", "42"]);
    // An address of something else is still not a group id.
    expect(accepted(GROUP_ID_ENTRIES, "https://www.network.example/company/1234/")[0]).toMatch(
      /is not a group id/,
    );
  });

  // Before: "digits only" for both, so a CRM column of company links pasted into Exclude company
  // ids was refused row by row (the leave-out sheet and the Leads tab's Company id read them), and
  // School ids refused the school's address its own hint offers.
  it.each([
    [
      "a company's profile link, tracking parameters and sales links included",
      COMPANY_ID_ENTRIES,
      "https://www.network.example/company/1000254/?trk=public_profile&originalSubdomain=de\nwww.network.example/sales/company/1000042#about, 7",
      ["1000254", "1000042", "7"],
      "https://www.network.example/company/acme/",
    ],
    [
      "a school's address",
      SCHOOL_ID_ENTRIES,
      "https://www.network.example/school/15093/?trk=x\nnetwork.example/school/77/people, 5",
      ["15093", "77", "5"],
      "https://www.network.example/school/mit/",
    ],
  ])("takes %s that carries the id as that id; one by name is refused", (_, kind, pasted, ids, byName) => {
    expect(accepted(kind, pasted)).toEqual(ids);
    expect(accepted(kind, byName)[0]).toMatch(/^! .* is not a (company|school) id/);
  });

  it("keeps manager+ as typed or picked: it is not manager (A5: manager+ is Manager up to Chief Officer)", () => {
    // Before, the "+" folded away and manager+ became the listed manager, so a persona asking for
    // managers up to chiefs searched managers only.
    expect(accepted(SENIORITY_ENTRIES, "manager+, Manager+, manager, MANAGER")).toEqual([
      "manager+",
      "manager+",
      "manager",
      "manager",
    ]);
    expect(accepted(SENIORITY_ENTRIES, "c lvl, co founder")).toEqual(["c-lvl", "co-founder"]);
    // Production documents chief, c-lvl and cxo for "Chief ... Officer" (A5), not c-level or c-suite
    // (the sandbox takes them too); as a plain phrase they are in no title. c-lvl is right either way.
    expect(accepted(SENIORITY_ENTRIES, "C-level, c-suite, C level")).toEqual(["c-lvl", "c-lvl", "c-lvl"]);
  });

  it("keeps company names with a legal suffix whole", () => {
    expect(companyNameEntries.split("Acme, Inc., Globex, Initech GmbH")).toEqual([
      "Acme, Inc.",
      "Globex",
      "Initech GmbH",
    ]);
  });

  it("folds locations to the listed spelling, splits listed ones, keeps an unknown city whole", () => {
    expect(accepted(LOCATION_ENTRIES, "germany, FRANCE")).toEqual(["Germany", "France"]);
    expect(accepted(LOCATION_ENTRIES, "USA\nuk")).toEqual(["United States", "United Kingdom"]);
    expect(accepted(LOCATION_ENTRIES, "berlin, berlin, germany")).toEqual(["Berlin, Berlin, Germany"]);
    expect(accepted(LOCATION_ENTRIES, "munchen")).toEqual(["München, Bavaria, Germany"]);
    expect(accepted(LOCATION_ENTRIES, "Springfield, Illinois, United States")).toEqual([
      "Springfield, Illinois, United States",
    ]);
    expect(accepted(LOCATION_ENTRIES, "Atlantis")).toEqual(["Atlantis"]);
  });

  it("reads a listed city typed with its country as that city, not the city and the whole country", () => {
    // "paris, france" was two chips, Paris and France: a lead search for Paris paid for Lyon.
    expect(accepted(LOCATION_ENTRIES, "paris, france")).toEqual(["Paris, Île-de-France, France"]);
    expect(accepted(LOCATION_ENTRIES, "munich, bavaria, germany, berlin, germany")).toEqual([
      "München, Bavaria, Germany",
      "Berlin, Berlin, Germany",
    ]);
    expect(accepted(LOCATION_ENTRIES, "new york, united states, uk")).toEqual([
      "New York, New York, United States",
      "United Kingdom",
    ]);
    // The country by its short name or alias too: "london, uk" was London and all of the UK.
    expect(accepted(LOCATION_ENTRIES, "new york, london, uk")).toEqual([
      "New York, New York, United States",
      "London, England, United Kingdom",
    ]);
    expect(accepted(LOCATION_ENTRIES, "munich, deutschland; san francisco, usa")).toEqual([
      "München, Bavaria, Germany",
      "San Francisco, California, United States",
    ]);
    // Another country after a city is a place of its own.
    expect(accepted(LOCATION_ENTRIES, "berlin, france")).toEqual(["Berlin, Berlin, Germany", "France"]);
  });

  it("keeps listed places apart from an unknown one typed on the same line", () => {
    // "germany, atlantis" was one location, "germany, atlantis", sent as typed.
    expect(accepted(LOCATION_ENTRIES, "germany, atlantis")).toEqual(["Germany", "atlantis"]);
    expect(
      accepted(
        LOCATION_ENTRIES,
        "germany, united kingdom, zurich, montreal, springfield, illinois, united states, Atlantis",
      ),
    ).toEqual([
      "Germany",
      "United Kingdom",
      "Zürich, Zurich, Switzerland",
      "Montréal, Quebec, Canada",
      "springfield, illinois, united states",
      "Atlantis",
    ]);
    // An unknown city with its country stays one place: never the whole country instead.
    expect(accepted(LOCATION_ENTRIES, "nantes, france, japan")).toEqual(["nantes, france", "Japan"]);
  });

  it("writes the operators of a grouped keyword in capitals, as the API reads them", () => {
    // "(cloud and security)" was refused: "uses parentheses outside a grouped expression".
    expect(
      accepted(keywordRuleEntries, "(cloud and security), (Saas Or paas), (fintech AND not crypto)"),
    ).toEqual(["(cloud AND security)", "(Saas OR paas)", "(fintech AND NOT crypto)"]);
    // Without parentheses a keyword is a phrase: its words stay as typed.
    expect(accepted(keywordRuleEntries, "research and development")).toEqual(["research and development"]);
  });

  it("takes a phrase typed in parentheses as the phrase (the API refuses parentheses that group nothing)", () => {
    expect(accepted(keywordRuleEntries, "(saas), ( fintech ), ((b2b))")).toEqual(["saas", "fintech", "b2b"]);
    // Parentheses that group something, or that the user left unbalanced, stay for the form to judge.
    expect(accepted(keywordRuleEntries, "(cloud) and security, (saas")).toEqual([
      "(cloud) AND security",
      "(saas",
    ]);
  });

  it("keeps a person's name with its credential whole (the API matches the name as the network stores it)", () => {
    // "Jane Doe, MBA" was two people, "Jane Doe" and "MBA": the lead was not left out, and charged.
    expect(accepted(LEAVE_OUT_NAME_ENTRIES, "Jane Doe, MBA, John Roe")).toEqual([
      "Jane Doe, MBA",
      "John Roe",
    ]);
    expect(accepted(LEAVE_OUT_NAME_ENTRIES, "Ann Lee, PhD\nBo Kim, Jr.\nCy Park, CISSP, PMP")).toEqual([
      "Ann Lee, PhD",
      "Bo Kim, Jr.",
      "Cy Park, CISSP, PMP",
    ]);
    expect(accepted(LEAVE_OUT_NAME_ENTRIES, "ana garcía, luis pérez")).toEqual(["ana garcía", "luis pérez"]);
  });

  it("reads a CRM's 'Last, First' line as one person, first name first", () => {
    // Before: "Doe" and "Jane", two one-word names that match no one, so Jane Doe was charged.
    expect(accepted(LEAVE_OUT_NAME_ENTRIES, "Doe, Jane\nMüller, José\nJane Doe, MBA")).toEqual([
      "Jane Doe",
      "José Müller",
      "Jane Doe, MBA",
    ]);
    // Two full names on a line stay two people.
    expect(accepted(LEAVE_OUT_NAME_ENTRIES, "Jane Doe, John Roe")).toEqual(["Jane Doe", "John Roe"]);
  });

  it("refuses an industry outside the list, with the closest names", () => {
    expect(accepted(INDUSTRY_ENTRIES, "software development, banking")).toEqual([
      "Software Development",
      "Banking",
    ]);
    const [refused] = accepted(INDUSTRY_ENTRIES, "sofware developmnt");
    expect(refused).toMatch(/^! "sofware developmnt" is not in the industry list \| Software Development/);
  });

  it("suggests industries that start with the words typed before ones that hold them inside a word (issue 23.14)", () => {
    expect(INDUSTRIES.closest("it services")[0]).toBe("IT Services and IT Consulting");
    // "Urban Transit Services" holds "it services" inside a word: it may follow, never lead.
    const ranked = INDUSTRIES.closest("it services", 10);
    expect(ranked.indexOf("Urban Transit Services")).toBeGreaterThan(0);
    // A name with the typed word at a later word ranks before one holding it inside a word.
    const design = INDUSTRIES.closest("design services", 10);
    expect(design[0]).toBe("Design Services");
    expect(INDUSTRIES.closest("banking")[0]).toBe("Banking");
  });

  it("suggests names sharing the words of an industry typed in another spelling, as CRM exports hold them", () => {
    // Before: no suggestion at all for these (no listed name contains them, nor is a few typos
    // away), so the user was left to guess the network's current name.
    const cases: Array<[string, string]> = [
      ["computer software", "Software Development"],
      ["marketing and advertising", "Advertising Services"],
      ["Information Technology & Services", "Information Services"],
      ["Hospital & Health Care", "Hospitals and Health Care"],
    ];
    for (const [typed, listed] of cases) expect(INDUSTRIES.closest(typed), typed).toContain(listed);
    // A word no listed name holds, or filler words alone, suggest nothing.
    expect(INDUSTRIES.closest("fintech")).toEqual([]);
    expect(INDUSTRIES.closest("and of the")).toEqual([]);
  });

  it("refuses what is longer than the field's rule at the field, quoting its start (issue 23.11)", () => {
    const [keyword] = accepted(keywordRuleEntries, "k".repeat(41));
    expect(keyword).toBe(`! "${"k".repeat(41)}" is 41 characters: a keyword has at most 40 | `);
    expect(accepted(keywordRuleEntries, "saas, (cloud AND security)")).toEqual([
      "saas",
      "(cloud AND security)",
    ]);
    const [location] = accepted(LOCATION_ENTRIES, "x".repeat(5_000));
    expect(location).toMatch(/^! "x{60}…" is not a listed location/);
    // A place the list does not know still goes as typed.
    expect(accepted(LOCATION_ENTRIES, "Smallville, Kansas")).toEqual(["Smallville, Kansas"]);
    const [name] = accepted(withinEntryLimit(textEntries), "n".repeat(2_001));
    expect(name).toMatch(/is 2,001 characters: an entry has at most 2,000/);
  });
});
