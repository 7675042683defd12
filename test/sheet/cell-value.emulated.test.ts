/**
 * Round trip through the emulated Sheets input parser (sandbox/gas/cells.ts, an independent
 * reading of how Sheets parses what setValues writes): every string our escaping writes comes
 * back as the same text, never a formula, number, boolean or date.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HOSTILE_PREFIXES, HOSTILE_VALUES } from "../../sandbox/api/hostile-text";
import { parseInput } from "../../sandbox/gas/cells";
import { toCellValue } from "../../src/sheet/cell-value";

const tricky = fc.oneof(
  fc.string(),
  fc.constantFrom("=1+1", "+1 555", "-5", " -5", "@x", "'quoted", "00123", "1,234.5", "10%", "TRUE"),
  fc.constantFrom("2024-01-15", "1/15/2024", "1-10", "11-50", "$12", "(12)", "1e5", " 42 "),
  // Month names with a hyphen are dates to Sheets as with a space (PRODUCTION.md G8): "Sep-2023".
  fc.constantFrom("Sep-2023", "15-Sep-2023", "Sep-15", "Dec-1", "sept.-2023", "1 - March - 2020"),
  // The sandbox's hostile answers (hostileText): full-width signs, error names, fractions, hours.
  fc.constantFrom(...HOSTILE_VALUES),
  fc.tuple(fc.constantFrom(...HOSTILE_PREFIXES), fc.string()).map(([prefix, rest]) => prefix + rest),
  fc.constantFrom("#N/A", "1 1/2", "3pm", "12,5 €", "＝1+1", "−5", "'t Hooft"),
  fc
    .tuple(
      fc.constantFrom("Jan", "feb", "MARCH", "Sept.", "oct"),
      fc.constantFrom(" ", "-", " - ", ", "),
      fc.integer({ min: 1, max: 2030 }),
    )
    .chain(([month, gap, n]) => fc.constantFrom(`${month}${gap}${n}`, `${n % 31 || 1}${gap}${month}`)),
  fc
    .tuple(fc.constantFrom("", " ", "-", "+", "="), fc.stringMatching(/^[0-9.,%e+-]{0,8}$/))
    .map(([a, b]) => a + b),
);

describe("toCellValue through the emulated Sheets parser", () => {
  it("reads back every written string as the same text", () => {
    fc.assert(
      fc.property(tricky, (text) => {
        const cell = toCellValue(text);
        const parsed = parseInput(String(cell));
        if (text === "") expect(parsed).toEqual({ kind: "empty" });
        else expect(parsed).toMatchObject({ kind: "value", value: text });
      }),
      { numRuns: 2000 },
    );
  });
});
