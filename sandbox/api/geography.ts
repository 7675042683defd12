/**
 * The supported-location list (data/supported-locations.json, reusable by the sidebar) read into
 * structured places. An entry is either a country name or "city, state, country".
 */
import supportedLocations from "./data/supported-locations.json" with { type: "json" };

export interface Place {
  /** The supported-location text this place was read from (for cities). */
  label: string;
  city: string;
  state: string;
  country: string;
  countryCode: string;
}

const COUNTRY_CODES: Record<string, string> = {
  Argentina: "AR",
  Australia: "AU",
  Austria: "AT",
  Belgium: "BE",
  Brazil: "BR",
  Canada: "CA",
  Chile: "CL",
  China: "CN",
  Colombia: "CO",
  Denmark: "DK",
  Egypt: "EG",
  Finland: "FI",
  France: "FR",
  Germany: "DE",
  Greece: "GR",
  India: "IN",
  Indonesia: "ID",
  Ireland: "IE",
  Israel: "IL",
  Italy: "IT",
  Japan: "JP",
  Kenya: "KE",
  Mexico: "MX",
  Netherlands: "NL",
  "New Zealand": "NZ",
  Nigeria: "NG",
  Norway: "NO",
  Poland: "PL",
  Portugal: "PT",
  Singapore: "SG",
  "South Africa": "ZA",
  "South Korea": "KR",
  Spain: "ES",
  Sweden: "SE",
  Switzerland: "CH",
  Turkey: "TR",
  Ukraine: "UA",
  "United Arab Emirates": "AE",
  "United Kingdom": "GB",
  "United States": "US",
  Vietnam: "VN",
};

export const SUPPORTED_LOCATIONS: readonly string[] = supportedLocations;

const supportedSet = new Set(SUPPORTED_LOCATIONS);

/** Exactly as the list spells it: the list is the input vocabulary. */
export function isSupportedLocation(text: string): boolean {
  return supportedSet.has(text);
}

/** Every "city, state, country" entry as a place; data is generated only in these cities. */
export const CITIES: readonly Place[] = SUPPORTED_LOCATIONS.filter((l) => l.includes(",")).map((label) => {
  const [city = "", state = "", country = ""] = label.split(",").map((p) => p.trim());
  return { label, city, state, country, countryCode: COUNTRY_CODES[country] ?? "US" };
});

/** True when the place lies in the supported location `filter` (a country name or a city entry). */
export function placeMatches(place: Place, filter: string): boolean {
  return filter === place.label || filter === place.country;
}
