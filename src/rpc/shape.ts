/**
 * Small shape checks for what google.script.run brings in. The sidebar is typed against the
 * contract, but the server receives whatever JSON arrives (an old sidebar, a form cleared to null,
 * a hand-made call), and a handler that reads `form.target.kind` from `null` would answer with
 * raw TypeError text. Each check either returns a fresh copy holding only the contract's keys
 * (so a `__proto__` or `constructor` key of the argument never reaches a handler) or throws a
 * ShapeFault naming the field at fault, without echoing its value.
 */

/** A refused argument: the field's path (`form.personas[2].functions`) and what is wrong. */
export class ShapeFault extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field === "" ? "The argument" : `"${field}"`} ${problem}`);
  }
}

/** Reads an untrusted value as T, or throws a ShapeFault for `field`. */
export type Shape<T> = (value: unknown, field: string) => T;

/** Longest text a form field may carry (a people-search URL is the longest legitimate one). */
export const MAX_TEXT = 10_000;
/**
 * Longest entry of a list field (a name, a domain, a location, a keyword): the sidebar refuses a
 * longer one at its field, so the server's shape check never has to.
 */
export const MAX_ENTRY = 2_000;
/** Most entries in one list (exclusion lists pasted from a CRM can be long). */
export const MAX_LIST = 5_000;

const at = (field: string, key: string): string => (field === "" ? key : `${field}.${key}`);

function kindOf(value: unknown): string {
  if (value === null) return "empty";
  if (Array.isArray(value)) return "a list";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

const refuse = (field: string, expected: string, value: unknown): never => {
  throw new ShapeFault(field, `should be ${expected}, not ${kindOf(value)}.`);
};

export function text(max = MAX_TEXT): Shape<string> {
  return (value, field) => {
    if (typeof value !== "string") return refuse(field, "text", value);
    if (value.length > max) throw new ShapeFault(field, `is too long (more than ${max} characters).`);
    return value;
  };
}

export const num: Shape<number> = (value, field) =>
  typeof value === "number" && Number.isFinite(value) ? value : refuse(field, "a number", value);

export const bool: Shape<boolean> = (value, field) =>
  typeof value === "boolean" ? value : refuse(field, "true or false", value);

/** One of a fixed set of words. */
export function oneOf<T extends string>(values: readonly T[]): Shape<T> {
  return (value, field) => {
    if (typeof value === "string" && (values as readonly string[]).includes(value)) return value as T;
    throw new ShapeFault(field, `should be one of ${values.join(", ")}.`);
  };
}

export function either<A, B>(first: Shape<A>, second: Shape<B>, expected: string): Shape<A | B> {
  return (value, field) => {
    try {
      return first(value, field);
    } catch {
      try {
        return second(value, field);
      } catch {
        return refuse(field, expected, value);
      }
    }
  };
}

/** Left out (undefined, or null as google.script.run may turn it) stays left out. */
export function optional<T>(shape: Shape<T>): Shape<T | undefined> {
  return (value, field) => (value === undefined || value === null ? undefined : shape(value, field));
}

/** null passes through as null (a number input cleared by the user arrives as null). */
export function nullable<T>(shape: Shape<T>): Shape<T | null> {
  return (value, field) => (value === null ? null : shape(value, field));
}

export function list<T>(item: Shape<T>, max = MAX_LIST): Shape<T[]> {
  return (value, field) => {
    if (!Array.isArray(value)) return refuse(field, "a list", value);
    if (value.length > max) throw new ShapeFault(field, `has more than ${max} entries.`);
    return value.map((entry, index) => item(entry, `${field}[${index}]`));
  };
}

function plainObject(value: unknown, field: string): Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return refuse(field, "an object", value);
  }
  return value as Record<string, unknown>;
}

/** Own property only: a key such as "toString" must not find Object.prototype's. */
function own(object: Record<string, unknown>, key: string): unknown {
  // Not Object.hasOwn: a built-in newer than ES2020 that Google does not promise.
  return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
}

/**
 * An object with exactly the fields of T, each checked by its shape (every field of T must be
 * named, so a field added to the contract without a check fails to compile). Other keys are
 * dropped; fields whose shape answers undefined are left out.
 */
export function fields<T>(shapes: { [K in keyof T]-?: Shape<T[K]> }): Shape<T> {
  return (value, field) => {
    const object = plainObject(value, field);
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(shapes)) {
      const checked = (shapes as Record<string, Shape<unknown>>)[key]?.(own(object, key), at(field, key));
      if (checked !== undefined) out[key] = checked;
    }
    return out as T;
  };
}

/** An object whose keys are some of `keys`, each value checked by `shape` (other keys dropped). */
export function someOf<K extends string, V>(
  keys: readonly K[],
  shape: Shape<V>,
): Shape<Partial<Record<K, V>>> {
  return (value, field) => {
    const object = plainObject(value, field);
    const out: Partial<Record<K, V>> = {};
    for (const key of keys) {
      const entry = own(object, key);
      if (entry !== undefined && entry !== null) out[key] = shape(entry, at(field, key));
    }
    return out;
  };
}

/** The methods that take no argument: whatever arrives is ignored. */
export const nothing: Shape<null> = () => null;
