/** G7: executions see no built-in newer than ES2020 (Google does not promise them). */
import { describe, expect, it } from "vitest";
import { BUILT_INS_AFTER_ES2020 } from "../../sandbox/gas/builtins";
import { failure, tinyRuntime } from "./harness";

const CODE = `
function present(paths) {
  var typedArray = Object.getPrototypeOf(Int8Array);
  return paths.filter(function (path) {
    var parts = path.split(".");
    var owner = parts[0] === "TypedArray" ? typedArray : globalThis[parts[0]];
    if (parts.length === 1) return typeof owner !== "undefined";
    for (var j = 1; j < parts.length && owner !== undefined; j++) owner = owner[parts[j]];
    return owner !== undefined;
  });
}
function hasOwn() { return Object.hasOwn({ a: 1 }, "a"); }
function es2020() { return [[1, 2].flat().length, "a".padStart(2, "b"), Object.fromEntries([["k", 1]]).k, 2n ** 3n === 8n, Promise.allSettled !== undefined, globalThis !== undefined]; }
`;

describe("built-ins newer than ES2020", () => {
  it("are absent from every execution", () => {
    const rt = tinyRuntime(CODE);
    expect(rt.run("present", [Object.values(BUILT_INS_AFTER_ES2020).flat()])).toEqual([]);
    expect(failure(() => rt.run("hasOwn")).message).toBe("Object.hasOwn is not a function");
  });

  it("leave ES2020's own in place", () => {
    const rt = tinyRuntime(CODE);
    expect(rt.run("es2020")).toEqual([2, "ba", 1, true, true, true]);
  });

  it("stay in Node itself (only the executions' contexts lose them)", () => {
    tinyRuntime(CODE).run("present", [["Object.hasOwn"]]);
    expect(typeof Object.hasOwn).toBe("function");
    expect([1, 2].at(-1)).toBe(2);
  });
});
