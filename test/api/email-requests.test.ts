/** Issue 21 item 1: what the email finder and validator are sent, read and told, before any network. */
import { describe, expect, it } from "vitest";
import { finderFinding, validatorFinding } from "../../src/api/email-answers";
import { firstNameOf, lastNameOf, splitFullName } from "../../src/api/email-names";
import { redactEmails } from "../../src/api/redact-emails";
import { detailText } from "../../src/api/request";
import { emailDomain, validateEmailAddress, validateEmailFinder } from "../../src/api/validate/email";

describe("a domain from what a CRM export holds", () => {
  it.each([
    ["https://www.Acme.com/about/team?ref=x#top", "acme.com"],
    ["http://acme.co.uk", "acme.co.uk"],
    ["www.acme.io/", "acme.io"],
    ["acme.com:8080/path", "acme.com"],
    ["  ACME.COM.  ", "acme.com"],
    ["//www2.acme.com", "acme.com"],
    ["jane@acme.com", "acme.com"],
    ["https://bücher.de/shop", "bücher.de"],
    // A web or mail host is no mail domain; a mail provider named web or mail stays itself.
    ["mail.acme.co.uk", "acme.co.uk"],
    ["https://m.acme.com/", "acme.com"],
    ["web.de", "web.de"],
    ["mail.com", "mail.com"],
    ["www.acme", "acme"],
    ["https://user:secret@acme.com/", "acme.com"],
    ["", ""],
  ])("%s -> %s", (cell, domain) => {
    expect(emailDomain(cell)).toBe(domain);
  });

  it("refuses what is no domain before sending, naming the field", () => {
    expect(validateEmailFinder({ first_name: "Jane", last_name: "Doe", domain: "acme" })).toMatchObject([
      { path: "domain", message: "is not a domain" },
    ]);
    expect(
      validateEmailFinder({ first_name: " ", last_name: "", domain: "acme.com" }).map((p) => p.path),
    ).toEqual(["first_name", "last_name"]);
    expect(validateEmailFinder({ first_name: "Jane", last_name: "Doe", domain: "acme.com" })).toEqual([]);
  });

  it("refuses a name that no person has, before it costs: no letter, a formula, a tag, an address, a link", () => {
    for (const name of ["=1+1", "<b>x</b>", "123", "--", "jane@acme.com", "https://acme.com/jane", "{x}"]) {
      expect(
        validateEmailFinder({ first_name: name, last_name: "Doe", domain: "acme.com" }).map((p) => p.path),
        name,
      ).toEqual(["first_name"]);
    }
    for (const name of ["Jane", "O'Brien", "Jean-Luc", "María José", "J.", "Zoë", "李", 'Robert "Bob"']) {
      expect(validateEmailFinder({ first_name: name, last_name: "Doe", domain: "acme.com" }), name).toEqual(
        [],
      );
    }
  });

  it("never quotes an address in a validation message", () => {
    const problems = validateEmailAddress("jane.doe@acme");
    expect(problems).toHaveLength(1);
    expect(JSON.stringify(problems)).not.toContain("jane.doe");
    expect(validateEmailAddress("jane.doe@acme.com")).toEqual([]);
  });
});

describe("names as people type them", () => {
  it.each([
    ["Jane Q. Doe Jr.", "Jane", "Doe"],
    ["Doe, Jane", "Jane", "Doe"],
    ["Jane Doe, PhD", "Jane", "Doe"],
    ["Jean-Luc Picard", "Jean-Luc", "Picard"],
    ["  José   García-López III ", "José", "García-López"],
    ["Madonna", "Madonna", ""],
    ["Dr. Jane Doe", "Jane", "Doe"],
    ["Prof Ada Lovelace", "Ada", "Lovelace"],
    // A family name's particle starts the last name (the Leads sheet's Full Name of a lead whose
    // own last_name is "da Silva"): "Silva" alone asked the finder for another person.
    ["Susan Marie da Silva", "Susan", "da Silva"],
    ["Ludwig van der Berg", "Ludwig", "van der Berg"],
    ["Anna De la Cruz", "Anna", "De la Cruz"],
    ["Dee Smith", "Dee", "Smith"],
    ["Van Morrison", "Van", "Morrison"],
    // Credentials after a comma are no first name; an all-capitals export's "DOE, JANE" is one.
    ["Jane Doe, MBA, PMP", "Jane", "Doe"],
    ["Jane Doe, CISSP", "Jane", "Doe"],
    ["Dr. Jane Doe, Ph.D.", "Jane", "Doe"],
    ["DOE, JANE", "JANE", "DOE"],
    // A headline, pronouns, a nickname, emoji: no part of the name.
    ["Jane Doe - CEO", "Jane", "Doe"],
    ["Jane Doe | Growth", "Jane", "Doe"],
    ["Jane Doe (she/her)", "Jane", "Doe"],
    ["Robert (Bob) Smith", "Robert", "Smith"],
    ["Jane Doe ✔️", "Jane", "Doe"],
  ])("%s -> %s / %s", (full, first, last) => {
    expect(splitFullName(full)).toEqual({ first, last });
  });

  it("first names lose initials, last names lose suffixes", () => {
    expect(firstNameOf("Mary J.")).toBe("Mary");
    expect(firstNameOf("Mary Ann")).toBe("Mary Ann");
    expect(lastNameOf("Doe Jr.")).toBe("Doe");
    expect(lastNameOf("Doe, MBA")).toBe("Doe");
    expect(lastNameOf("van der Berg")).toBe("van der Berg");
    expect(firstNameOf("Bob (Robert)")).toBe("Bob");
    expect(lastNameOf("Doe (she/her)")).toBe("Doe");
    expect(lastNameOf("Doe, M.D.")).toBe("Doe");
    expect(lastNameOf("Doe | Growth")).toBe("Doe");
  });
});

describe("what an answer means", () => {
  const base = { error: null, exist: "yes", mx_domain: "mx.acme.com" };

  it("a catch-all domain's 'valid' is reported as catch-all, never valid (text or boolean)", () => {
    for (const catchAll of ["true", true, "yes"]) {
      expect(
        finderFinding({ ...base, result: "valid", catch_all: catchAll, valid_email: "j@acme.com" }).status,
      ).toBe("catch-all");
      expect(
        validatorFinding({ ...base, email: "j@acme.com", result: "valid", catch_all: catchAll }, "j@acme.com")
          .status,
      ).toBe("catch-all");
    }
    expect(
      finderFinding({ ...base, result: "valid", catch_all: "false", valid_email: "j@acme.com" }),
    ).toEqual({
      status: "valid",
      email: "j@acme.com",
    });
  });

  it("no address, or one the finder calls invalid, is 'not found'", () => {
    expect(finderFinding({ ...base, result: "invalid", catch_all: "false", valid_email: "" }).status).toBe(
      "not found",
    );
    expect(
      finderFinding({ ...base, result: "invalid", catch_all: "false", valid_email: "j@acme.com" }),
    ).toEqual({
      status: "not found",
      email: null,
    });
    expect(finderFinding({ ...base, result: "valid", catch_all: "false", valid_email: null }).status).toBe(
      "not found",
    );
  });

  it("an answer whose address is no address (no name before @, no domain) is 'not found', never written", () => {
    // The sandbox's finder answered "@granite-partners.com" for a lead named in Devanagari at a
    // catch-all domain, and the Email cell got that text under "catch-all".
    for (const valid_email of [
      "@granite-partners.com",
      "jane@",
      "jane@acme",
      "a b@acme.com",
      "j@acme.com@x.io",
    ]) {
      expect(finderFinding({ ...base, result: "valid", catch_all: "true", valid_email })).toEqual({
        status: "not found",
        email: null,
      });
    }
  });

  it("a validator's invalid, unknown and no-mail-server answers", () => {
    const sent = "j@acme.com";
    expect(
      validatorFinding({ ...base, email: sent, result: "invalid", catch_all: "false" }, sent).status,
    ).toBe("invalid");
    expect(
      validatorFinding({ ...base, email: sent, result: "unknown", catch_all: "false" }, sent).status,
    ).toBe("unknown");
    expect(
      validatorFinding({ ...base, email: sent, result: "unknown", catch_all: "false", mx_domain: "" }, sent)
        .status,
    ).toBe("invalid");
  });
});

describe("emails stay out of error text", () => {
  it("cuts addresses out of any text, and out of the API's error details", () => {
    expect(redactEmails("SMTP rejected <jane.doe+x@acme.co.uk>; retry")).toBe(
      "SMTP rejected <[address]>; retry",
    );
    expect(detailText(JSON.stringify({ detail: "Mailbox jane@acme.com is full" }))).toBe(
      "Mailbox [address] is full",
    );
    expect(detailText(JSON.stringify({ detail: { email: ["bob@x.io is not valid"] } }))).toBe(
      "email: [address] is not valid",
    );
  });
});
