/** Suggestions for mistyped names ("job_titel" -> job_title), by edit distance. */

/** Levenshtein distance: insertions, deletions and substitutions, one each. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** Longer than any name a user means to type: no suggestion is worked out for it. */
const MAX_SUGGESTED_LENGTH = 64;

/**
 * The candidate nearest to `name` within `maxDistance` edits (the first on a tie), or null. The
 * work is bounded: a candidate whose length differs by more than `maxDistance` cannot be within
 * it (each edit changes the length by one at most), and a name over 64 characters gets none, so a
 * pasted 50,000-character "name" costs nothing.
 */
export function closestName<T extends string>(
  name: string,
  candidates: readonly T[],
  maxDistance = 2,
): T | null {
  if (name.length > MAX_SUGGESTED_LENGTH) return null;
  let best: T | null = null;
  let bestDistance = maxDistance + 1;
  for (const candidate of candidates) {
    if (Math.abs(candidate.length - name.length) > maxDistance) continue;
    const distance = editDistance(name, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Characters of a typed name quoted back in an error. */
const QUOTED_LENGTH = 40;
/** Unknown names quoted in one error; the rest are counted. */
const QUOTED_NAMES = 5;

/** A typed name in quotes, cut to 40 characters: an error must stay readable in a cell. */
export function quotedName(name: string): string {
  return `"${name.length > QUOTED_LENGTH ? `${name.slice(0, QUOTED_LENGTH)}…` : name}"`;
}

/** The first five items joined with ", ", then "and N more". */
export function someOf(items: readonly string[]): string {
  const shown = items.slice(0, QUOTED_NAMES).join(", ");
  return items.length > QUOTED_NAMES ? `${shown} and ${items.length - QUOTED_NAMES} more` : shown;
}
