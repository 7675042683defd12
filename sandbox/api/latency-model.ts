/**
 * Production-like latency (PRODUCTION.md A4): production recommends timeouts of 100 s (lookup) to
 * 300 s (company search), and its real-time calls take from seconds to about a minute. Apps
 * Script's UrlFetchApp gives up at about 60 s, so the add-on must be tested against answers that
 * slow: this model draws each request's latency from a log-normal distribution per endpoint, with
 * a long tail, and some answers past 60 s (fresh lookups, large searches).
 *
 * Deterministic: the draw is a pure function of (seed, path, body), so the same request always
 * takes the same time in a run, whatever order parallel requests arrive in.
 */
import { API_PATHS, V1_PATHS } from "./paths.ts";
import { hashText, Random } from "./random.ts";

/** The request facts the model reads (taken leniently from the body: validation comes later). */
export interface LatencyInput {
  path: string;
  body: string;
}

interface Profile {
  /** Median in ms before the size term. */
  medianMs: number;
  /** Added per requested item (limit_by), ms. */
  perItemMs: number;
  /** Items assumed when limit_by is absent. */
  defaultItems: number;
  /** Spread of the log-normal body (sigma of ln). */
  sigma: number;
  /** Share of requests in the long tail, and the tail's multiplier range. */
  tailRate: number;
  tailFactor: readonly [number, number];
  /** Never longer than production's recommended timeout for the endpoint (A4). */
  capMs: number;
}

/** Per endpoint. Lookups: cached 1.5 s median, fresh 9 s; searches grow with limit_by. */
const PROFILES: Record<string, Profile> = {
  cachedLookup: {
    medianMs: 1_500,
    perItemMs: 0,
    defaultItems: 0,
    sigma: 0.45,
    tailRate: 0.02,
    tailFactor: [4, 10],
    capMs: 100_000,
  },
  freshLookup: {
    medianMs: 9_000,
    perItemMs: 0,
    defaultItems: 0,
    sigma: 0.6,
    tailRate: 0.06,
    tailFactor: [4, 9],
    capMs: 100_000,
  },
  [API_PATHS.companySearch]: {
    medianMs: 2_500,
    perItemMs: 12,
    defaultItems: 1600,
    sigma: 0.35,
    tailRate: 0.04,
    tailFactor: [2.5, 5],
    capMs: 300_000,
  },
  [API_PATHS.leadSearch]: {
    medianMs: 3_000,
    perItemMs: 25,
    defaultItems: 2500,
    sigma: 0.35,
    tailRate: 0.04,
    tailFactor: [2.5, 5],
    capMs: 300_000,
  },
  [API_PATHS.transactions]: {
    medianMs: 250,
    perItemMs: 0,
    defaultItems: 0,
    sigma: 0.3,
    tailRate: 0.01,
    tailFactor: [3, 6],
    capMs: 100_000,
  },
};

/** The body's fields the model needs, or {} when the body is not a JSON object. */
function facts(body: string): { fresh: boolean; limitBy: number | undefined } {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== "object" || parsed === null) return { fresh: false, limitBy: undefined };
    const record = parsed as Record<string, unknown>;
    const limitBy = typeof record.limit_by === "number" && record.limit_by > 0 ? record.limit_by : undefined;
    return { fresh: record.up_to_the_second_fresh === true, limitBy };
  } catch {
    return { fresh: false, limitBy: undefined };
  }
}

/**
 * A bulk submit or status read answers at once (A19: "202 at once"): the work itself is each
 * lead's own lookup latency, modelled by the job (bulk-jobs.ts).
 */
const BULK_REQUEST: Profile = {
  medianMs: 300,
  perItemMs: 0,
  defaultItems: 0,
  sigma: 0.3,
  tailRate: 0.01,
  tailFactor: [3, 6],
  capMs: 10_000,
};

function profileOf(path: string, fresh: boolean): Profile | undefined {
  if (path === API_PATHS.leadLookup) return fresh ? PROFILES.freshLookup : PROFILES.cachedLookup;
  if ((Object.values(V1_PATHS) as string[]).includes(path)) return BULK_REQUEST;
  return PROFILES[path];
}

/** A standard normal draw (Box-Muller) from two uniform draws. */
function normal(random: Random): number {
  const u = Math.max(random.next(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.next());
}

/** The modelled latency of one request in ms (before the scale), rounded. */
export function modelLatency(input: LatencyInput, seed: number): number {
  const { fresh, limitBy } = facts(input.body);
  const profile = profileOf(input.path, fresh);
  if (profile === undefined) return 0;
  const random = new Random(seed, hashText(input.path), hashText(input.body));
  const items = Math.min(limitBy ?? profile.defaultItems, profile.defaultItems);
  const median = profile.medianMs + profile.perItemMs * items;
  let ms = median * Math.exp(profile.sigma * normal(random));
  if (random.chance(profile.tailRate)) {
    const [low, high] = profile.tailFactor;
    ms *= low + random.next() * (high - low);
  }
  return Math.round(Math.min(ms, profile.capMs));
}
