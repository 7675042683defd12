import { describe, expect, it } from "vitest";
import { everyKeyOf } from "../../src/sheet/field-list";

interface Sample {
  a: string;
  b?: number;
}

describe("everyKeyOf", () => {
  it("accepts a list naming every key and returns it unchanged", () => {
    expect(everyKeyOf<Sample>()(["a", "b"])).toEqual(["a", "b"]);
  });

  it("rejects, at compile time, a list that misses a key or names a stranger", () => {
    // @ts-expect-error "b" is missing: a wire change cannot silently drop a column.
    everyKeyOf<Sample>()(["a"]);
    // @ts-expect-error "c" is not a key of Sample.
    everyKeyOf<Sample>()(["a", "b", "c"]);
    expect(true).toBe(true);
  });
});
