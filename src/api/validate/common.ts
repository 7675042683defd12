/**
 * Building blocks of request validation. Each check appends problems (path, message, hint) to a
 * list instead of stopping at the first, so a form shows every fix at once.
 */
import type { Problem } from "../errors";

export interface SupportedLists {
  locations?: readonly string[];
  industries?: readonly string[];
}

export class Problems {
  readonly list: Problem[] = [];

  add(path: string, message: string, hint: string): void {
    this.list.push({ path, message, hint });
  }
}

const PREVIEW = 8;

/** "a, b, c or d" (shortened for long lists), for hints. */
export function listing(values: readonly (string | number)[]): string {
  const shown = values.slice(0, PREVIEW).map((v) => (typeof v === "string" ? `"${v}"` : String(v)));
  if (values.length > PREVIEW) return `${shown.join(", ")} and ${values.length - PREVIEW} more`;
  if (shown.length <= 1) return shown.join("");
  return `${shown.slice(0, -1).join(", ")} or ${shown[shown.length - 1]}`;
}

/** Fields the spec does not name are never sent. */
export function checkKnownFields(
  problems: Problems,
  request: object,
  known: readonly string[],
  where: string,
): void {
  for (const key of Object.keys(request)) {
    if (!known.includes(key)) {
      problems.add(key, `is not a field of ${where}`, `Remove "${key}"; ${where} takes ${listing(known)}.`);
    }
  }
}

export function checkBoolean(problems: Problems, value: unknown, path: string): void {
  if (value !== undefined && typeof value !== "boolean") {
    problems.add(path, "must be true or false", `Set ${path} to true or false, or leave it out.`);
  }
}

export function isInteger(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value);
}

/** An optional integer within [min, max]; `rule` states the range as the spec words it. */
export function checkIntegerRange(
  problems: Problems,
  value: unknown,
  path: string,
  min: number,
  max: number,
  rule: string,
): void {
  if (value === undefined) return;
  if (!isInteger(value) || value < min || value > max) {
    problems.add(path, `must be a whole number ${rule}`, `Use a whole number from ${min} to ${max}.`);
  }
}

/**
 * An optional list of non-empty texts; with `allowed`, every entry must be one of them (exact
 * spelling). `what` names the entries for messages ("headcount", "location").
 */
export function checkTextList(
  problems: Problems,
  value: unknown,
  path: string,
  what: string,
  allowed?: readonly string[],
): void {
  if (value === undefined) return;
  if (!Array.isArray(value)) {
    problems.add(
      path,
      `must be a list of ${what}s`,
      `Give ${path} as a list, for example ["${allowed?.[0] ?? "..."}"].`,
    );
    return;
  }
  value.forEach((entry, index) => {
    const at = `${path}[${index}]`;
    if (typeof entry !== "string" || entry.trim() === "") {
      problems.add(at, `must be a non-empty ${what}`, `Remove the empty entry or type a ${what}.`);
    } else if (allowed && !allowed.includes(entry)) {
      const near = allowed.find((a) => a.toLowerCase() === entry.trim().toLowerCase());
      const hint = near
        ? `Write it exactly as "${near}".`
        : `Choose a supported ${what}: ${listing(allowed)}.`;
      problems.add(at, `"${entry}" is not a supported ${what}`, hint);
    }
  });
}

/** An optional list of whole numbers, each within [min, max] when given. */
export function checkIntegerList(
  problems: Problems,
  value: unknown,
  path: string,
  what: string,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): void {
  if (value === undefined) return;
  if (!Array.isArray(value)) {
    problems.add(path, `must be a list of ${what}s`, `Give ${path} as a list of whole numbers.`);
    return;
  }
  value.forEach((entry, index) => {
    if (!isInteger(entry) || entry < min || entry > max) {
      const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`;
      problems.add(
        `${path}[${index}]`,
        `must be a ${what}: a whole number ${range}`,
        `Use a whole number ${range}.`,
      );
    }
  });
}

/** Locations or industries, checked against the supported list when the add-on has it. */
export function checkListed(
  problems: Problems,
  value: unknown,
  path: string,
  what: "location" | "industry",
  supported: readonly string[] | undefined,
): void {
  checkTextList(problems, value, path, what, supported && supported.length > 0 ? supported : undefined);
}
