import { describe, expect, it } from "vitest";
import { CELL_CHAR_LIMIT, toCellValue } from "../../src/sheet/cell-value";
import { listText } from "../../src/sheet/list-text";

describe("list fields as readable text", () => {
  it("words experience, education, languages, certifications and plain lists", () => {
    expect(
      listText([
        {
          job_title: "CTO",
          company_name: "Acme",
          job_started_on: "Mar 2019",
          job_ended_on: null,
          job_still_working: true,
        },
        { job_title: "Engineer", company_name: "Beta", job_started_on: "2015", job_ended_on: "2019" },
      ]),
    ).toBe("CTO at Acme (Mar 2019 - present); Engineer at Beta (2015 - 2019)");
    expect(
      listText([
        {
          degree: "MSc",
          university_name: "ETH",
          fields_of_study: ["Physics"],
          started_on: { year: 2010, month: 9 },
          ended_on: { year: 2012 },
        },
        {
          degree: "BSc",
          university_name: "EPFL",
          fields_of_study: null,
          started_on: { year: 2006 },
          ended_on: null,
        },
      ]),
    ).toBe("MSc in Physics at ETH (2010 - 2012); BSc at EPFL (2006)");
    expect(
      listText([
        { name: "English", proficiency: "Native" },
        { name: "German", proficiency: "Professional" },
      ]),
    ).toBe("English (Native); German (Professional)");
    expect(listText([{ name: "PMP", authority: "PMI", year: 2020 }])).toBe("PMP (PMI, 2020)");
    expect(listText(["cloud", "", "security"])).toBe("cloud; security");
    expect(listText([{ city: "Paris", country: "France", street: null }])).toBe("Paris, France");
    expect(listText([{ text: "Hello\nworld", posted_at: "2026-01-02" }])).toBe("2026-01-02: Hello world");
    expect(listText([{ full_name: "Ann Lee", headline: "CEO" }])).toBe("Ann Lee (CEO)");
    expect(listText([])).toBe("");
  });

  it("stays escaped and within a cell when written as readable text", () => {
    expect(toCellValue([{ job_title: "=IMPORTXML(1)", company_name: "X" }], { lists: "readable" })).toBe(
      "'=IMPORTXML(1) at X",
    );
    expect(toCellValue(["+1"], { lists: "readable" })).toBe("'+1");
    const long = Array.from({ length: 5000 }, (_, i) => `Skill number ${i}`);
    const cell = String(toCellValue(long, { lists: "readable" }));
    expect(cell.length).toBeLessThanOrEqual(CELL_CHAR_LIMIT);
    expect(cell).toContain("truncated");
    // JSON stays the default where nothing asks for readable lists (formulas, exports).
    expect(toCellValue(["a", "b"])).toBe('["a","b"]');
    expect(toCellValue(["a", "b"], { lists: "json" })).toBe('["a","b"]');
  });
});
