import { describe, expect, it } from "vitest";
import { answerValue, jobCompanionColumns } from "../../src/jobs/enrich/job-companions";
import { planLayout } from "../../src/jobs/enrich/layout";

const LEADS_HEADERS = [
  "Full Name",
  "Job Title",
  "Company",
  "Location",
  "LinkedIn URL",
  "Persona",
  "Company Network ID",
  "Headline",
  "Industry",
  "Company Headcount",
  "Company Website",
  "Job Start Date",
];

describe("the job's other cells a refresh writes with Title and Company", () => {
  it("the Leads sheet's company and job columns, in place, none appended", () => {
    const layout = planLayout(LEADS_HEADERS, 1, 5, ["full_name", "job_title", "company_name", "location"]);
    expect(layout.fields).toEqual(
      expect.arrayContaining([
        ["network_company_id", 7],
        ["headline", 8],
        ["company_headcount_range", 10],
        ["company_website", 11],
        ["job_started_on", 12],
      ]),
    );
    expect(layout.appended).not.toContain("company_website");
  });

  it("the API-field-name headers too", () => {
    expect(
      jobCompanionColumns(["job_title", "company_website", "network_company_id"], ["job_title"], new Set()),
    ).toEqual([
      ["network_company_id", 3],
      ["company_website", 2],
    ]);
  });

  it("a CRM export's own Website, Industry or Company ID columns are never written", () => {
    const crm = ["Profile URL", "Title", "Company", "Website", "Industry", "Company ID", "Start date"];
    expect(jobCompanionColumns(crm, ["job_title", "company_name"], new Set([1]))).toEqual([]);
  });

  it("nothing when the run does not write the job, and never a column already taken", () => {
    expect(jobCompanionColumns(LEADS_HEADERS, ["full_name", "location"], new Set())).toEqual([]);
    expect(jobCompanionColumns(["Company Website"], ["company_name"], new Set([1]))).toEqual([]);
  });

  it("a lookup's company_id names the company when the answer has no network_company_id", () => {
    expect(answerValue({ company_id: "1000254" }, "network_company_id")).toBe("1000254");
    expect(answerValue({ company_id: null }, "network_company_id")).toBeUndefined();
    expect(answerValue({ network_company_id: "7", company_id: "8" }, "network_company_id")).toBe("7");
    expect(answerValue({}, "company_website")).toBeUndefined();
  });
});
