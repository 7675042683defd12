/**
 * The spec's enumerated input values, written out here on purpose rather than imported from
 * src/api/: the sandbox is a second, independent reading of the spec.
 */
export const HEADCOUNT_VALUES = [
  "1-10",
  "11-50",
  "51-200",
  "201-500",
  "501-1000",
  "1001-5000",
  "5001-10000",
  "10 000+",
] as const;

export const COMPANY_TYPE_VALUES = [
  "Public Company",
  "Educational",
  "Self Employed",
  "Government Agency",
  "Non Profit",
  "Self Owned",
  "Privately Held",
  "Partnership",
] as const;

/** num_of_followers values and the follower counts each covers. */
export const FOLLOWER_RANGES: ReadonlyArray<readonly [string, number, number]> = [
  ["1-50", 1, 50],
  ["51-100", 51, 100],
  ["101-1000", 101, 1000],
  ["1001-5000", 1001, 5000],
  ["5001+", 5001, Number.POSITIVE_INFINITY],
];

export const FILTER_EMPTY_VARS = [
  "job_started_on",
  "profile_photo",
  "started_at_position",
  "company_website",
] as const;

/** Exact-count bounds of a headcount value (the filters test headcount_exact, spec rule 5). */
export function headcountBounds(value: string): readonly [number, number] {
  const index = HEADCOUNT_VALUES.indexOf(value as (typeof HEADCOUNT_VALUES)[number]);
  const lows = [1, 11, 51, 201, 501, 1001, 5001, 10001];
  const highs = [10, 50, 200, 500, 1000, 5000, 10000, Number.POSITIVE_INFINITY];
  return [lows[index]!, highs[index]!];
}

export function inHeadcounts(exact: number, values: readonly string[]): boolean {
  return values.some((value) => {
    const [low, high] = headcountBounds(value);
    return exact >= low && exact <= high;
  });
}
