/**
 * The smallest and largest of many numbers in one loop. `Math.min(...values)` passes every value
 * as an argument and throws "Maximum call stack size exceeded" above about 125,000 of them (a
 * 25,000-row run's cells, =LOOKUP_LEAD over a long range); test/unit/no-spread-calls.test.ts keeps
 * that pattern out of src/.
 */
export function extent(values: Iterable<number>): { min: number; max: number } {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const value of values) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return { min, max };
}
