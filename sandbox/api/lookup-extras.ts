/**
 * The extra data lead lookup's options add (shapes are the sandbox's choice; the spec does not show
 * them; see sandbox/README.md). Each is a list of at most 20 items, on the lead object.
 */

import { recordOf } from "./companies.ts";
import type { Dataset } from "./dataset.ts";
import { type LeadCore, profileUrl } from "./lead-core.ts";
import { buildLead } from "./lead-record.ts";
import { Random } from "./random.ts";
import { HOSTILE_TEXTS, KEYWORD_TOPICS, POST_TEXTS } from "./vocabulary.ts";

export interface Post {
  id: string;
  url: string;
  text: string;
  posted_at: string;
  reactions_count: number;
  comments_count: number;
  reposts_count: number;
}

export interface Comment {
  id: string;
  url: string;
  text: string;
  commented_at: string;
  post_url: string;
  reactions_count: number;
}

/** A reaction of the lead to someone's post (PRODUCTION.md A7's `reactions` option). */
export interface Reaction {
  id: string;
  post_url: string;
  reaction_type: string;
  reacted_at: string;
  post_text: string;
}

export interface SimilarProfile {
  full_name: string;
  headline: string;
  location: string;
  network_url: string;
}

export interface InexactCompany {
  company_id: string;
  company_name: string;
  company_url: string;
  /** How the company was found: always by a company search on the name. */
  matched_by: "company_search";
}

const DAY = 86_400_000;
const REFERENCE = Date.UTC(2026, 10, 1);

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function text(rng: Random): string {
  if (rng.chance(0.03)) return rng.pick(HOSTILE_TEXTS);
  return rng.pick(POST_TEXTS).replace("{topic}", rng.pick(KEYWORD_TOPICS));
}

/** The lead's last posts, newest first; 0 to 20 of them (some leads never post). */
export function postsOf(data: Dataset, core: LeadCore): Post[] {
  const rng = new Random(data.seed, 5, core.index);
  const count = core.postedOnNetwork ? rng.int(1, 20) : rng.chance(0.7) ? 0 : rng.int(1, 3);
  return Array.from({ length: count }, (_, i) => {
    const id = `${core.index}${String(i).padStart(2, "0")}`;
    return {
      id,
      url: `https://www.network.example/feed/update/urn:activity:${id}`,
      text: text(rng),
      posted_at: isoDay(REFERENCE - (i * 9 + rng.int(0, 8)) * DAY),
      reactions_count: rng.int(0, 900),
      comments_count: rng.int(0, 80),
      reposts_count: rng.int(0, 30),
    };
  });
}

export function commentsOf(data: Dataset, core: LeadCore): Comment[] {
  const rng = new Random(data.seed, 6, core.index);
  const count = rng.chance(0.4) ? 0 : rng.int(1, 20);
  return Array.from({ length: count }, (_, i) => {
    const id = `${core.index}c${i}`;
    return {
      id,
      url: `https://www.network.example/feed/update/urn:comment:${id}`,
      text: rng.chance(0.5) ? "Great point!" : text(rng),
      commented_at: isoDay(REFERENCE - (i * 5 + rng.int(0, 4)) * DAY),
      post_url: `https://www.network.example/feed/update/urn:activity:${rng.int(1, 9_999_999)}`,
      reactions_count: rng.int(0, 50),
    };
  });
}

const REACTION_TYPES = ["LIKE", "PRAISE", "EMPATHY", "INTEREST", "APPRECIATION", "ENTERTAINMENT"];

/** The lead's last reactions, newest first; 0 to 20 (a third of leads never react). */
export function reactionsOf(data: Dataset, core: LeadCore): Reaction[] {
  const rng = new Random(data.seed, 8, core.index);
  const count = rng.chance(0.35) ? 0 : rng.int(1, 20);
  return Array.from({ length: count }, (_, i) => ({
    id: `${core.index}r${i}`,
    post_url: `https://www.network.example/feed/update/urn:activity:${rng.int(1, 9_999_999)}`,
    reaction_type: rng.pick(REACTION_TYPES),
    reacted_at: isoDay(REFERENCE - (i * 4 + rng.int(0, 3)) * DAY),
    post_text: text(rng),
  }));
}

/** Up to 20 other existing leads, so each similar profile can itself be looked up. */
export function peopleAlsoViewedOf(data: Dataset, core: LeadCore): SimilarProfile[] {
  const rng = new Random(data.seed, 7, core.index);
  const count = rng.chance(0.1) ? 0 : rng.int(5, 20);
  return Array.from({ length: count }, () => {
    const other = data.lead(rng.int(0, data.leadCount - 1));
    const lead = buildLead(data.seed, data.companies, other, { variant: "search" });
    return {
      full_name: lead.full_name,
      headline: lead.headline,
      location: lead.location,
      network_url: profileUrl(other),
    };
  });
}

/**
 * inexact_company: for a lead whose company id is None and whose company name is not empty, the
 * company a search on that name finds (the first exact-name match); null when nothing is found.
 * Absent when the option does not apply (the lead's company id is known).
 */
export function inexactCompanyOf(data: Dataset, companyName: string): InexactCompany | null {
  const found = data.companies.byLowerName.get(companyName.toLowerCase())?.[0];
  if (found === undefined) return null;
  return {
    company_id: found.networkId,
    company_name: found.name,
    company_url: recordOf(data.seed, found).network_link,
    matched_by: "company_search",
  };
}
