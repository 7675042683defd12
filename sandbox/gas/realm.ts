/**
 * Values crossing into a vm context. Each execution runs in its own context, whose Array, Object,
 * Date and Error differ from Node's: code like `value instanceof Date` or `error instanceof Error`
 * in the add-on must see its own realm's objects, as it would in Apps Script. So data handed to
 * the add-on is copied into the context's realm, and errors are made by the context's Error.
 */

import { types } from "node:util";
import vm from "node:vm";

export interface Realm {
  Error: ErrorConstructor;
  Array: ArrayConstructor;
  Object: ObjectConstructor;
  Date: DateConstructor;
}

export function realmOf(context: vm.Context): Realm {
  return vm.runInContext("({ Error, Array, Object, Date })", context) as Realm;
}

/** Deep copy of plain data (arrays, plain objects, dates, primitives) into the realm. */
export function intoRealm(realm: Realm, value: unknown): unknown {
  if (Array.isArray(value)) {
    const out = new realm.Array<unknown>();
    for (const item of value) out.push(intoRealm(realm, item));
    return out;
  }
  if (types.isDate(value)) return new realm.Date((value as Date).getTime());
  if (isPlainObject(value)) {
    const out = new realm.Object() as Record<string, unknown>;
    for (const [key, item] of Object.entries(value)) out[key] = intoRealm(realm, item);
    return out;
  }
  return value;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  // An object of any realm: its prototype is that realm's Object.prototype (or null).
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/** An Apps Script exception ("Exception: message" when printed) made in the realm. */
export function realmException(realm: Realm, message: string): Error {
  const error = new realm.Error(message);
  error.name = "Exception";
  return error;
}
