/**
 * What google.script.run can carry between the sidebar and the server: plain JSON (strings,
 * finite numbers, booleans, null, arrays without holes or undefined, plain objects). A Date, a
 * function or a class instance makes the call fail in Apps Script, so it fails here too.
 */

/** Throws when google.script.run could not carry the value (plain JSON only). */
export function assertTransferable(value: unknown, what: string, path = "$"): void {
  if (value === null || value === undefined) return;
  const type = typeof value;
  if (type === "string" || type === "boolean") return;
  if (type === "number") {
    if (!Number.isFinite(value))
      throw new Error(`google.script.run cannot carry the ${what}: ${path} is ${value}.`);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item: unknown, i) => {
      if (item === undefined)
        throw new Error(`google.script.run cannot carry the ${what}: ${path}[${i}] is undefined.`);
      assertTransferable(item, what, `${path}[${i}]`);
    });
    return;
  }
  if (type === "object" && isPlain(value)) {
    for (const [key, item] of Object.entries(value as Record<string, unknown>))
      assertTransferable(item, what, `${path}.${key}`);
    return;
  }
  const kind = value instanceof Date ? "a Date" : type === "function" ? "a function" : "not plain JSON";
  throw new Error(`google.script.run cannot carry the ${what}: ${path} is ${kind}.`);
}

function isPlain(value: unknown): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype;
}
