/**
 * Google does not list which built-ins newer than ES2020 its V8 runtime has (PRODUCTION.md, G7),
 * and esbuild's es2020 target does not polyfill them: the code that runs in Apps Script (src/)
 * must not call them. The sidebar runs in the user's browser and is not checked here.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const NEWER_THAN_ES2020: Array<[string, RegExp]> = [
  ["Object.hasOwn", /\bObject\.hasOwn\s*\(/],
  ["Array/String .at()", /\.at\(\s*-?\d/],
  ["structuredClone", /\bstructuredClone\s*\(/],
  ["String.replaceAll", /\.replaceAll\s*\(/],
  ["findLast", /\.findLast(Index)?\s*\(/],
  ["Object.groupBy", /\b(Object|Map)\.groupBy\s*\(/],
  ["toSorted / toReversed / toSpliced", /\.(toSorted|toReversed|toSpliced)\s*\(/],
  ["Array.prototype.with", /\]\.with\s*\(/],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The code without comments, so a comment may name what it avoids. */
function codeOf(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");
}

describe("built-ins Google does not promise", () => {
  it("are not called anywhere in src/", () => {
    const found: string[] = [];
    for (const file of sourceFiles(join(__dirname, "../../src"))) {
      const code = codeOf(readFileSync(file, "utf8"));
      for (const [name, pattern] of NEWER_THAN_ES2020) if (pattern.test(code)) found.push(`${file}: ${name}`);
    }
    expect(found).toEqual([]);
  });

  it.each(["Code.js", "server-module.html"])(
    "are not in the built dist/%s either (dependencies included)",
    (file) => {
      const bundle = codeOf(readFileSync(join(__dirname, "../../dist", file), "utf8"));
      expect(NEWER_THAN_ES2020.filter(([, pattern]) => pattern.test(bundle)).map(([name]) => name)).toEqual(
        [],
      );
    },
  );
});
