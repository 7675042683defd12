import { describe, expect, it } from "vitest";
import { leaveOutKey } from "../../src/jobs/company-search/leave-out";

describe("what a CRM export's company cell can leave out (issue 23.17)", () => {
  it("reads ids, company links that carry one, websites and domains", () => {
    expect(leaveOutKey("1000042")).toEqual({ id: "1000042" });
    expect(leaveOutKey(1000042)).toEqual({ id: "1000042" });
    expect(leaveOutKey("'0001000042")).toEqual({ id: "1000042" });
    expect(leaveOutKey("https://www.network.example/company/1000042/")).toEqual({ id: "1000042" });
    expect(leaveOutKey("https://www.Acme.com/about?x=1")).toEqual({ domain: "acme.com" });
    expect(leaveOutKey("acme.co.uk")).toEqual({ domain: "acme.co.uk" });
    expect(leaveOutKey("http://shop.acme.com:8080/")).toEqual({ domain: "shop.acme.com" });
    expect(leaveOutKey('=HYPERLINK("https://acme.com", "Acme")')).toEqual({ domain: "acme.com" });
  });

  it("leaves names and profile links by name to the estimate's warning", () => {
    expect(leaveOutKey("Acme Inc")).toBeNull();
    expect(leaveOutKey("https://www.network.example/company/acme/")).toBeNull();
    expect(leaveOutKey("")).toBeNull();
    expect(leaveOutKey("not a domain.com")).toBeNull();
  });
});
