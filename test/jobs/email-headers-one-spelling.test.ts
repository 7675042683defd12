/**
 * The Email and Email Status columns are one pair of columns whoever adds them: a lead search's
 * work emails, the Emails action and Enrich's Work email find each other's columns by header (case
 * aside), so each added them in its own spelling and a sheet filled by all three read
 * "Email status" beside "Checked At". One spelling, the sheet's labels (field-labels.ts).
 */
import { describe, expect, it } from "vitest";
import { OUTPUT_HEADERS } from "../../src/jobs/emails/columns";
import { emailColumns } from "../../src/jobs/lead-search/lead-emails";
import { LEAD_LABELS } from "../../src/sheet/field-labels";

describe("the headers of the email columns", () => {
  it("are spelled the same by a lead search, the Emails action and Enrich", () => {
    const added = emailColumns(["Full Name", "Company Website"], 2).added;
    expect(added).toEqual([LEAD_LABELS.email, LEAD_LABELS.email_status]);
    expect([OUTPUT_HEADERS.email, OUTPUT_HEADERS.status]).toEqual(added);
    expect(added).toEqual(["Email", "Email Status"]);
  });
});
