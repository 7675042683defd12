/**
 * Spreading an array into a call (`Math.max(...cells)`, `rows.push(...more)`) passes every element
 * as an argument: above about 125,000 of them V8 throws "Maximum call stack size exceeded". The
 * add-on meets arrays that long (a 25,000-row run's cells, =LOOKUP_LEAD over a 130,000-row range),
 * so src/ and sidebar/ use loops instead. This scan keeps the pattern out.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { urlCells } from "../../src/jobs/lookup/arguments";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

// A spread right after an opening parenthesis or a comma inside a call's arguments; object and
// array literals (`{ ...a }`, `[...a]`) build new values and are fine, and so is a fixed list
// spelt as a constant (`...TARGET_KINDS`).
const SPREAD_INTO_CALL = /[\w\])]\s*\((?:[^()[\]{}]*,\s*)?\.\.\.(?![A-Z][A-Z_]*\b)(?![^(]*=>)/;
const COMMENT = /^\s*(\*|\/\/|\/\*)/;

describe("no spread of an array into a call", () => {
  it("src/ and sidebar/ have none", () => {
    const found: string[] = [];
    for (const file of [...sources("src"), ...sources("sidebar")]) {
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, index) => {
          const code = line.replace(/\/\/.*$/, "");
          if (!COMMENT.test(line) && SPREAD_INTO_CALL.test(code))
            found.push(`${file}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });

  it("=LOOKUP_LEAD takes a 130,000-row range", () => {
    const rows = Array.from({ length: 130_000 }, (_, index) => [`https://www.example.com/in/p${index}`]);
    const result = urlCells(rows);
    expect("cells" in result && result.cells.length).toBe(130_000);
  });
});
