/** The current generation's lead in both of production's shapes (PRODUCTION.md A19) as a Lead. */
import { describe, expect, it } from "vitest";
import { readBulkStatus } from "../../src/api/bulk-enrich";
import { leadFromCurrent } from "../../src/api/current-lead";

describe("leadFromCurrent", () => {
  it("keeps the endpoint sample's legacy names and takes the sales id and company id", () => {
    const lead = leadFromCurrent({
      id: "ACwAAAE9bk0",
      network_id: "78461298",
      first_name: "Jordan",
      last_name: "Ellis",
      headline: "CEO at Microsoft",
      job_title: "Chief Executive Officer",
      company_name: "Microsoft",
      network_company_id: "1035",
      network_url: "https://www.network.example/in/jordan-ellis",
      location: "San Francisco, California, United States",
      jobs: [{ company_name: "Microsoft", job_title: "Chief Executive Officer", job_still_working: true }],
    });
    expect(lead).toMatchObject({
      sales_id: "ACwAAAE9bk0",
      full_name: "Jordan Ellis",
      job_title: "Chief Executive Officer",
      company_name: "Microsoft",
      company_id: "1035",
      headline: "CEO at Microsoft",
      location: "San Francisco, California, United States",
    });
    expect(lead.jobs).toHaveLength(1);
  });

  it("reads the migration guide's title, nested company and work history; absent fields stay absent", () => {
    const lead = leadFromCurrent({
      id: "ACwAAAE9bk0",
      first_name: "Jordan",
      last_name: "Ellis",
      title: "CEO",
      network_url: "https://www.network.example/in/jordan-ellis",
      company: { id: 1035, name: "Microsoft", domain: "microsoft.com" },
      work_history: [{ title: "CEO", company: { name: "Microsoft", id: 1035 } }],
      education: [],
      skills: [],
    });
    expect(lead).toMatchObject({
      job_title: "CEO",
      company_name: "Microsoft",
      company_website: "https://microsoft.com",
      company_id: "1035",
      jobs: [{ job_title: "CEO", company_name: "Microsoft", company_id: "1035" }],
    });
    for (const field of ["headline", "location", "title", "company", "work_history"])
      expect(field in lead).toBe(false);
  });
});

describe("readBulkStatus", () => {
  const meta = { job_id: "j1", status: "completed", total: 2, processed: 2, amount_charged: 0.04 };
  it("reads a completed list's items, of any length (the job's reader lines them up)", () => {
    const body = {
      data: [
        { input: { network_url: "a" }, lead: { job_title: "T" } },
        { input: {}, lead: null },
      ],
      meta,
    };
    expect(readBulkStatus(body)?.items?.map((item) => item.lead?.job_title ?? null)).toEqual(["T", null]);
    expect(readBulkStatus({ data: body.data.slice(0, 1), meta })?.items).toHaveLength(1);
    expect(readBulkStatus({ data: [1, 2], meta })).toBeNull();
  });
  it("answers no items before completion, and null without a job id", () => {
    expect(
      readBulkStatus({ data: null, meta: { ...meta, status: "processing", processed: 1 } }),
    ).toMatchObject({
      status: "processing",
      processed: 1,
      items: null,
    });
    expect(readBulkStatus({ data: null, meta: { status: "pending" } })).toBeNull();
  });
});
