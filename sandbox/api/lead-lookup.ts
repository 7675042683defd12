/** POST /api/network/leads/by_link/: one lead by profile URL (spec section 3, PRODUCTION.md A2, A3, A7). */
import type { Lead } from "../../src/api/wire.ts";
import { BodyReader, parseJsonObject } from "./body-reader.ts";
import type { Endpoint, EndpointAnswer } from "./endpoint.ts";
import { validationError } from "./failure.ts";
import { buildLead } from "./lead-record.ts";
import { commentsOf, inexactCompanyOf, peopleAlsoViewedOf, postsOf, reactionsOf } from "./lookup-extras.ts";
import { isNetworkHost, readProfileUrl } from "./profile-url.ts";

const FIELDS = [
  "url",
  "inexact_company",
  "people_also_viewed",
  "posts",
  "comments",
  "reactions",
  "up_to_the_second_fresh",
  "get_full_experience",
] as const;

/** The paid extras (+1 credit each), in the order they are added to the lead. */
const EXTRAS = ["people_also_viewed", "posts", "comments", "reactions"] as const;

/**
 * PRODUCTION.md A3: a lookup that matches no one (or names a host that is not the network's) is a
 * 400 with this body, and free. The spec's first reading (`lookupNotFound: "not_found_404"`) is a
 * 404 with the same lookup fields (amount, input_url), which a router's 404 for a path it does not
 * serve never has.
 */
function noOne(url: string, reading: "bad_url" | "not_found_404"): EndpointAnswer {
  const [status, detail] =
    reading === "not_found_404" ? [404, "Lead not found: no profile at this URL."] : [400, "Bad url"];
  return { status, body: { amount: 0, detail, input_url: url, status: "error", status_code: status } };
}

export const leadLookup: Endpoint = ({ body, data, state }) => {
  const reader = new BodyReader(parseJsonObject(body), FIELDS);
  const url = reader.string("url");
  if (url === undefined) throw validationError("url is required", "add the profile URL as url");
  const wanted = Object.fromEntries(EXTRAS.map((extra) => [extra, reader.boolean(extra) ?? false]));
  const inexactCompany = reader.boolean("inexact_company") ?? false;
  const fresh = reader.boolean("up_to_the_second_fresh") ?? false;
  const fullExperience = reader.boolean("get_full_experience") ?? false;
  const ref = readProfileUrl(url);
  if (ref === null) {
    throw validationError(
      `url is not a profile URL: ${url.slice(0, 200)}`,
      "edit url; use a profile link such as https://www.network.example/in/<name>",
    );
  }
  const reading = state.config.lookupNotFound;
  if (reading === "bad_url" && !isNetworkHost(url)) return noOne(url, reading);
  const core = data.findLead(ref);
  if (core === null) return noOne(url, reading);
  const lead: Lead = buildLead(data.seed, data.companies, core, { variant: "lookup", fresh, fullExperience });
  lead.input_url = url;
  // PRODUCTION.md A2: production always answers lead_by_link; freshness is what was asked for.
  lead.source = state.config.lookupSource === "lead_by_link" ? "lead_by_link" : fresh ? "live" : "cache";
  if (inexactCompany && lead.company_id === null && lead.company_name !== "") {
    lead.inexact_company = inexactCompanyOf(data, lead.company_name);
  }
  let credits = 1;
  const builders = {
    people_also_viewed: peopleAlsoViewedOf,
    posts: postsOf,
    comments: commentsOf,
    reactions: reactionsOf,
  };
  for (const extra of EXTRAS) {
    if (!wanted[extra]) continue;
    const items: unknown[] = builders[extra](data, core);
    (lead as unknown as Record<string, unknown>)[extra] = items;
    // PRODUCTION.md A12 (inferred, a control): extras may be charged only when data comes back.
    if (state.config.extrasCharged === "always" || items.length > 0) credits++;
  }
  return {
    status: 200,
    body: { lead, amount: -credits },
    charge: { credits, balanceType: "leads_by_link", description: `Lead lookup: ${lead.network_url}`, url },
    // The production latency model already makes fresh lookups slower.
    extraDelayMs: fresh && state.config.latencyModel === "fixed" ? state.config.freshLatencyMs : 0,
  };
};
