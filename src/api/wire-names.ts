/**
 * The spec's neutral names and production's, met at the client's wire boundary (PRODUCTION.md A14).
 *
 * The spec writes `network` where production's identifiers carry the network's real name
 * (`/api/<name>/leads/by_link/`, `<name>_id`, `posted_on_<name>`, ...) and `company_db_urn` where
 * production's field carries the company database's name (`<db>_urn`). Inside the add-on every
 * path, field, sheet header and formula argument keeps the spec's names; only the requests the
 * client builds and the answers it reads are translated, here, from two build settings
 * (API_NETWORK_NAME, API_COMPANY_DB_NAME in scripts/build.ts).
 *
 * A key is translated word by word (words are split on `_`): the word `network` becomes the
 * network's name, the words `company_db` the database's, wherever they stand in the key, in
 * objects nested at any depth and inside arrays. Values are never touched.
 */

export interface WireNames {
  /** The word production writes for the spec's `network`. */
  network: string;
  /** The word production writes for the spec's `company_db` (in `company_db_urn`). */
  companyDb: string;
}

/** The spec's own words: the identity mapping. */
export const SPEC_WIRE_NAMES: WireNames = { network: "network", companyDb: "company_db" };

/** One word of a key: lower-case letters and digits, starting with a letter. */
const WORD = /^[a-z][a-z0-9]*$/;
/** The database's word may itself be the spec's two words. */
const DB_WORD = /^[a-z][a-z0-9]*(_db)?$/;

/** Why these names cannot be used on the wire, or null when they can. */
export function wireNamesProblem(names: WireNames): string | null {
  if (!WORD.test(names.network))
    return `the network name must be one lower-case word of letters and digits, not "${names.network}"`;
  if (!DB_WORD.test(names.companyDb))
    return `the company-database name must be one lower-case word of letters and digits, not "${names.companyDb}"`;
  if (names.network === names.companyDb) return "the network and company-database names must differ";
  return null;
}

function isSpec(names: WireNames): boolean {
  return names.network === SPEC_WIRE_NAMES.network && names.companyDb === SPEC_WIRE_NAMES.companyDb;
}

/** Replaces every occurrence of the word sequence `from` in `words` by `to`. */
function replaceWords(words: string[], from: readonly string[], to: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; ) {
    if (from.every((word, k) => words[i + k] === word)) {
      for (const word of to) out.push(word);
      i += from.length;
    } else {
      out.push(words[i]!);
      i += 1;
    }
  }
  return out;
}

/** A key translator in one direction; `null` when the names are the spec's (nothing to do). */
type KeyMap = ((key: string) => string) | null;

function keyMap(from: WireNames, to: WireNames): KeyMap {
  if (from.network === to.network && from.companyDb === to.companyDb) return null;
  const cache = new Map<string, string>();
  const [netFrom, netTo] = [from.network.split("_"), to.network.split("_")];
  const [dbFrom, dbTo] = [from.companyDb.split("_"), to.companyDb.split("_")];
  return (key) => {
    let mapped = cache.get(key);
    if (mapped === undefined) {
      // Database first: its spec words ("company", "db") never contain the network's word.
      const words = replaceWords(replaceWords(key.split("_"), dbFrom, dbTo), netFrom, netTo);
      mapped = words.join("_");
      cache.set(key, mapped);
    }
    return mapped;
  };
}

/**
 * `value` with every key renamed by `map`, at any depth. It works on the value itself (fresh
 * parsed JSON, or a copy): an object is rebuilt only when one of its own keys changes, so the
 * answers of a large batch are not copied whole for the few keys that carry the name.
 */
function renameKeysInPlace(value: unknown, map: (key: string) => string): unknown {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) value[i] = renameKeysInPlace(value[i], map);
    return value;
  }
  if (value === null || typeof value !== "object") return value;
  const record = value as Record<string, unknown>;
  let renamed = false;
  for (const key in record) {
    const item = record[key];
    if (item !== null && typeof item === "object") record[key] = renameKeysInPlace(item, map);
    if (!renamed && map(key) !== key) renamed = true;
  }
  if (!renamed) return record;
  const out: Record<string, unknown> = {};
  for (const key in record) out[map(key)] = record[key];
  return out;
}

/** The translations one client uses: requests out to production's names, answers back in. */
export interface WireTranslation {
  names: WireNames;
  /** `/api/network/leads/by_link/` -> `/api/<name>/leads/by_link/`; other paths as they are. */
  path(specPath: string): string;
  /** A request body or query with every key in production's names. */
  toWire<T>(value: T): unknown;
  /** An answer with every key in the spec's names; the answer itself may be changed (fresh JSON). */
  fromWire(value: unknown): unknown;
  /** One key in the spec's names (an error detail's field name). */
  specKey(key: string): string;
}

export function wireTranslation(names: WireNames): WireTranslation {
  const problem = wireNamesProblem(names);
  if (problem !== null) throw new Error(`Wire names: ${problem}.`);
  const out = keyMap(SPEC_WIRE_NAMES, names);
  const back = keyMap(names, SPEC_WIRE_NAMES);
  const prefix = `/api/${SPEC_WIRE_NAMES.network}/`;
  return {
    names,
    path: (specPath) =>
      isSpec(names) || !specPath.startsWith(prefix)
        ? specPath
        : `/api/${names.network}/${specPath.slice(prefix.length)}`,
    // A request is the caller's object: renamed on a copy (requests are small).
    toWire: (value) =>
      out === null || value === undefined ? value : renameKeysInPlace(JSON.parse(JSON.stringify(value)), out),
    // An answer is freshly parsed: renamed where it is.
    fromWire: (value) => (back === null ? value : renameKeysInPlace(value, back)),
    specKey: (key) => (back === null ? key : back(key)),
  };
}
