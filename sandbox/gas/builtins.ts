/**
 * G7 of PRODUCTION.md: Apps Script runs V8 with modern syntax, but Google does not list which
 * built-ins newer than ES2020 it has. The add-on must not depend on them, so every execution's
 * context is made without them: code that calls one fails here as it might there
 * ("Object.hasOwn is not a function"). The build targets es2020, which lowers syntax only, never
 * built-ins. Each entry names the edition that added it (ECMA-262, 12th to 16th editions).
 */
import vm from "node:vm";

/** `Owner.name` paths removed from every execution's globals, by edition. */
export const BUILT_INS_AFTER_ES2020: Record<string, string[]> = {
  ES2021: ["String.prototype.replaceAll", "Promise.any", "AggregateError", "WeakRef", "FinalizationRegistry"],
  ES2022: ["Object.hasOwn", "Array.prototype.at", "String.prototype.at", "TypedArray.prototype.at"],
  ES2023: [
    "Array.prototype.findLast",
    "Array.prototype.findLastIndex",
    "TypedArray.prototype.findLast",
    "TypedArray.prototype.findLastIndex",
    "Array.prototype.toSorted",
    "Array.prototype.toReversed",
    "Array.prototype.toSpliced",
    "Array.prototype.with",
  ],
  ES2024: [
    "Object.groupBy",
    "Map.groupBy",
    "Promise.withResolvers",
    "String.prototype.isWellFormed",
    "String.prototype.toWellFormed",
    "Atomics.waitAsync",
  ],
  ES2025: [
    "Set.prototype.union",
    "Set.prototype.intersection",
    "Set.prototype.difference",
    "Set.prototype.symmetricDifference",
    "Set.prototype.isSubsetOf",
    "Set.prototype.isSupersetOf",
    "Set.prototype.isDisjointFrom",
    "Promise.try",
    "RegExp.escape",
    "Iterator",
  ],
  // Not ECMAScript at all: hosts (browsers, Node) add it; V8 alone does not.
  host: ["structuredClone"],
};

const PATHS = Object.values(BUILT_INS_AFTER_ES2020).flat();

const STRIP = new vm.Script(
  `(function (paths) {
    var typedArray = Object.getPrototypeOf(Int8Array);
    for (var i = 0; i < paths.length; i++) {
      var parts = paths[i].split(".");
      var owner = parts[0] === "TypedArray" ? typedArray : globalThis[parts[0]];
      if (parts.length === 1) { delete globalThis[parts[0]]; continue; }
      for (var j = 1; j < parts.length - 1 && owner; j++) owner = owner[parts[j]];
      if (owner) delete owner[parts[parts.length - 1]];
    }
  })`,
  { filename: "apps-script-builtins" },
);

/** Removes the built-ins newer than ES2020 from a fresh context. */
export function stripNewerBuiltIns(context: vm.Context): void {
  (STRIP.runInContext(context) as (paths: string[]) => void)(PATHS);
}
