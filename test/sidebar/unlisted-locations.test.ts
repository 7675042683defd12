/**
 * An unlisted location is said under Locations before anything is sent (it goes as typed: the API's
 * list is not published), while listed ones typed in any case say nothing.
 */
import { describe, expect, it } from "vitest";
import { UnlistedLocations } from "../../sidebar/components/unlisted-locations";
import { vnodeHtml } from "./vnode-html";

const said = (values: string[]) =>
  vnodeHtml(UnlistedLocations({ values }))
    .replace(/<[^>]+>/g, "")
    .replaceAll("&quot;", '"');

describe("locations not in the add-on's list", () => {
  it("names each one, says it goes as typed and that a refusal is free", () => {
    expect(said(["Germany", "atlantis"])).toBe(
      `Not in the add-on's list of locations: "atlantis". It is sent as typed; if the API does not know it, it refuses the search with a hint shown here, and charges nothing.`,
    );
    expect(said(["atlantis", "Springfield, Illinois"])).toContain(
      `"atlantis", "Springfield, Illinois". They are sent as typed`,
    );
  });

  it("says nothing for listed places, whatever their case", () => {
    expect(said(["germany", "Berlin, Berlin, Germany", "FRANCE"])).toBe("");
    expect(said([])).toBe("");
  });
});
