/**
 * Locations the add-on's list does not hold, said under the field before anything is sent. The
 * API's supported-location list is not published (spec: "not shown"), so such a place is not
 * refused here: it goes as typed, and an unknown one comes back as the API's ValidationError, free.
 * Shared by the Companies tab's Locations and the Leads tab's lead and headquarters locations.
 */
import { LOCATIONS } from "../vocabulary/locations";

export function unlistedLocations(values: readonly string[]): string[] {
  return values.filter((value) => LOCATIONS.canonical(value) === null);
}

export function UnlistedLocations({ values }: { values: readonly string[] }) {
  const unlisted = unlistedLocations(values);
  if (unlisted.length === 0) return null;
  const names = unlisted.map((value) => `"${value}"`).join(", ");
  return (
    <span class="hint" data-testid="unlisted-locations" role="note">
      Not in the add-on's list of locations: {names}. {unlisted.length === 1 ? "It is" : "They are"} sent as
      typed; if the API does not know {unlisted.length === 1 ? "it" : "one"}, it refuses the search with a
      hint shown here, and charges nothing.
    </span>
  );
}
