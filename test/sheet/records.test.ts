import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { leadsToRows, leadValue, recordsToRows, recordValue } from "../../src/sheet/records";

describe("recordValue", () => {
  it("reads own fields only", () => {
    expect(recordValue({ a: 1 }, "a")).toBe(1);
    expect(recordValue({}, "toString")).toBeUndefined();
    expect(recordValue({}, "__proto__")).toBeUndefined();
  });
});

describe("leadValue", () => {
  const jobs = [
    { job_title: "Intern", company_name: "Old Co", job_still_working: false },
    { job_title: "CEO", company_name: "Acme", job_still_working: true },
  ];

  it("prefers the lead's own flattened field, null included", () => {
    expect(leadValue({ job_title: "CTO", jobs }, "job_title")).toBe("CTO");
    expect(leadValue({ job_title: null, jobs }, "job_title")).toBeNull();
  });

  it("falls back to the current job when the lead lacks the field", () => {
    expect(leadValue({ jobs }, "company_name")).toBe("Acme");
    expect(leadValue({ jobs: [jobs[0]] }, "job_title")).toBe("Intern");
    expect(leadValue({ jobs: [] }, "job_title")).toBeUndefined();
    expect(leadValue({ jobs: "junk" }, "job_title")).toBeUndefined();
  });
});

describe("recordsToRows", () => {
  it("writes one safe row per record in field order", () => {
    const rows = recordsToRows(
      [
        { full_name: "=HYPERLINK(1)", num_of_connections: 500, is_premium: true, skills: ["a"] },
        { full_name: "Joe", missing: 1 },
      ],
      ["full_name", "num_of_connections", "is_premium", "skills"],
    );
    expect(rows).toEqual([
      ["'=HYPERLINK(1)", 500, true, '["a"]'],
      ["Joe", "", "", ""],
    ]);
  });

  it("passes the custom-function target through", () => {
    expect(recordsToRows([{ a: "=1" }], ["a"], { target: "customFunction" })).toEqual([["=1"]]);
  });

  it("leadsToRows fills current-job fields from jobs", () => {
    expect(
      leadsToRows([{ full_name: "Ann", jobs: [{ job_title: "VP" }] }], ["full_name", "job_title"]),
    ).toEqual([["Ann", "VP"]]);
  });

  it("always gives records x fields cells, none starting a formula", () => {
    const field = fc.constantFrom("a", "b", "c", "toString");
    fc.assert(
      fc.property(
        fc.array(fc.dictionary(fc.constantFrom("a", "b", "c"), fc.jsonValue())),
        fc.array(field, { maxLength: 5 }),
        (records, fields) => {
          const rows = recordsToRows(records, fields);
          expect(rows).toHaveLength(records.length);
          for (const row of rows) {
            expect(row).toHaveLength(fields.length);
            for (const cell of row) {
              if (typeof cell === "string") expect(cell.trimStart()).not.toMatch(/^[=+\-@]/);
              else if (typeof cell === "number") expect(Number.isFinite(cell)).toBe(true);
            }
          }
        },
      ),
    );
  });
});
