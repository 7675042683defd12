/** POST /api/network/leads/by_link/: one lead by profile URL (spec section 3). */
import type { Lead } from "../../src/api/wire.ts";
import { BodyReader, parseJsonObject } from "./body-reader.ts";
import type { Endpoint } from "./endpoint.ts";
import { ApiFailure, validationError } from "./failure.ts";
import { buildLead } from "./lead-record.ts";
import { commentsOf, inexactCompanyOf, peopleAlsoViewedOf, postsOf } from "./lookup-extras.ts";
import { readProfileUrl } from "./profile-url.ts";

const FIELDS = [
  "url",
  "inexact_company",
  "people_also_viewed",
  "posts",
  "comments",
  "up_to_the_second_fresh",
  "get_full_experience",
] as const;

export const leadLookup: Endpoint = ({ body, data, state }) => {
  const reader = new BodyReader(parseJsonObject(body), FIELDS);
  const url = reader.string("url");
  if (url === undefined) throw validationError("url is required", "add the profile URL as url");
  const options = {
    inexactCompany: reader.boolean("inexact_company") ?? false,
    peopleAlsoViewed: reader.boolean("people_also_viewed") ?? false,
    posts: reader.boolean("posts") ?? false,
    comments: reader.boolean("comments") ?? false,
    fresh: reader.boolean("up_to_the_second_fresh") ?? false,
    fullExperience: reader.boolean("get_full_experience") ?? false,
  };
  const ref = readProfileUrl(url);
  if (ref === null) {
    throw validationError(
      `url is not a profile URL: ${url.slice(0, 200)}`,
      "edit url; use a profile link such as https://www.network.example/in/<name>",
    );
  }
  const core = data.findLead(ref);
  if (core === null) throw new ApiFailure(404, "Lead not found: no profile at this URL.");
  const lead: Lead = buildLead(data.seed, data.companies, core, {
    variant: "lookup",
    fresh: options.fresh,
    fullExperience: options.fullExperience,
  });
  lead.input_url = url;
  lead.source = options.fresh ? "live" : "cache";
  if (options.inexactCompany && lead.company_id === null && lead.company_name !== "") {
    lead.inexact_company = inexactCompanyOf(data, lead.company_name);
  }
  if (options.peopleAlsoViewed) lead.people_also_viewed = peopleAlsoViewedOf(data, core);
  if (options.posts) lead.posts = postsOf(data, core);
  if (options.comments) lead.comments = commentsOf(data, core);
  const credits = 1 + Number(options.peopleAlsoViewed) + Number(options.posts) + Number(options.comments);
  return {
    status: 200,
    body: { lead, amount: -credits },
    charge: { credits, balanceType: "leads_by_link", description: `Lead lookup: ${lead.network_url}`, url },
    extraDelayMs: options.fresh ? state.config.freshLatencyMs : 0,
  };
};
