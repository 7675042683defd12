/**
 * The names the sandbox serves under (PRODUCTION.md A14). Production writes the network's real name
 * where the spec writes `network` (`/api/<name>/leads/by_link/`, `<name>_id`, `posted_on_<name>`)
 * and the company database's name for `company_db` (`<db>_urn`). Started with `--network-name WORD`
 * (and `--company-db-name WORD`), the sandbox answers as production does under that word: its
 * paths only (the spec's neutral paths are 404 like any unknown path), request fields read under
 * that word (a field still carrying the neutral word is an unknown field, refused), and answers
 * with every such key renamed, at any depth.
 *
 * Written apart from src/api/wire-names.ts on purpose (DESIGN.md: the sandbox shares types with
 * the client, never logic): a key here is renamed by pattern on whole `_`-separated words.
 */
import { ApiFailure, validationError } from "./failure.ts";

/** A request field in the spec's neutral word while the API serves another: its text is final. */
export class NeutralField extends ApiFailure {}

import { API_PATHS, bulkJobIdOf, V1_PATHS } from "./paths.ts";

export interface ServedNameOptions {
  /** Production's word for `network`; default `network`. */
  networkName?: string;
  /** Production's word for `company_db`; default `company_db`. */
  companyDbName?: string;
}

const NEUTRAL_NETWORK = "network";
const NEUTRAL_DB = "company_db";

/** `word` as a whole `_`-separated part of a key (start, end, or between underscores). */
function wholeWord(word: string): RegExp {
  return new RegExp(`(^|_)${word}(?=_|$)`, "g");
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function renameKeys(value: Json, rename: (key: string) => string): Json {
  if (Array.isArray(value)) return value.map((item) => renameKeys(item, rename));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [rename(k), renameKeys(v, rename)]));
}

export class ServedNames {
  readonly network: string;
  readonly companyDb: string;
  /** Served path -> the spec's path the sandbox's handlers know it by. */
  private readonly routes = new Map<string, string>();

  constructor(options: ServedNameOptions = {}) {
    this.network = options.networkName ?? NEUTRAL_NETWORK;
    this.companyDb = options.companyDbName ?? NEUTRAL_DB;
    for (const word of [this.network, this.companyDb]) {
      if (!/^[a-z][a-z0-9_]*$/.test(word)) throw new Error(`not a name the API could serve under: "${word}"`);
    }
    for (const path of Object.values(API_PATHS)) {
      this.routes.set(path.replace(`/api/${NEUTRAL_NETWORK}/`, `/api/${this.network}/`), path);
    }
    // The current generation's paths carry no network word (its fields do).
    for (const path of Object.values(V1_PATHS)) this.routes.set(path, path);
  }

  /** True when the sandbox serves the spec's own names (nothing to rename). */
  get neutral(): boolean {
    return this.network === NEUTRAL_NETWORK && this.companyDb === NEUTRAL_DB;
  }

  /** The spec's path for a served path, or null: a path this API does not serve (404). */
  specPath(servedPath: string): string | null {
    if (bulkJobIdOf(servedPath) !== null) return V1_PATHS.bulkStatus;
    return this.routes.get(servedPath) ?? null;
  }

  /** A request body in the handlers' (the spec's) names; text that is not JSON is left to them. */
  requestBody(text: string): string {
    if (this.neutral) return text;
    let parsed: Json;
    try {
      parsed = JSON.parse(text) as Json;
    } catch {
      return text;
    }
    return JSON.stringify(renameKeys(parsed, (key) => this.keyIn(key)));
  }

  /** An answer in production's names. */
  answer(body: unknown): unknown {
    if (this.neutral) return body;
    return renameKeys(body as Json, (key) => this.keyOut(key));
  }

  /** An error detail text in production's names: the field names it quotes. */
  detailText(text: string): string {
    if (this.neutral) return text;
    return text.replace(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g, (word) => this.keyOut(word));
  }

  private keyOut(key: string): string {
    return key
      .replace(wholeWord(NEUTRAL_DB), (_m, lead: string) => `${lead}${this.companyDb}`)
      .replace(wholeWord(NEUTRAL_NETWORK), (_m, lead: string) => `${lead}${this.network}`);
  }

  /**
   * A request field in the spec's names. A field that carries the spec's neutral word while the
   * API serves another is not one of production's fields: refused, as production would ignore
   * or refuse it and the client must never send it.
   */
  private keyIn(key: string): string {
    const neutralWords = [
      this.network === NEUTRAL_NETWORK ? null : NEUTRAL_NETWORK,
      this.companyDb === NEUTRAL_DB ? null : NEUTRAL_DB,
    ];
    for (const word of neutralWords) {
      if (word !== null && wholeWord(word).test(key)) {
        const refused = validationError(
          `unknown field ${key}`,
          `remove ${key}; this API names its fields with "${this.network}"`,
        );
        throw new NeutralField(refused.status, refused.detail);
      }
    }
    return key
      .replace(wholeWord(this.companyDb), (_m, lead: string) => `${lead}${NEUTRAL_DB}`)
      .replace(wholeWord(this.network), (_m, lead: string) => `${lead}${NEUTRAL_NETWORK}`);
  }
}
