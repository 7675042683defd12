/**
 * Keyword rules of company search (spec rules 6 and 7): at most 10 keywords of at most 40
 * characters, none of ! @ # $ % ^ \ * ( ) { } [ ] / |, except that parentheses may group an
 * expression using AND, OR, NOT, as in the spec's example `(x AND y)`. "Keyword" means one element
 * of the list, as in "10 keywords", so the 40-character limit covers a whole expression too.
 */
import { listing, type Problems } from "./common";

export const MAX_KEYWORDS = 10;
export const MAX_KEYWORD_LENGTH = 40;
const DISALLOWED = ["!", "@", "#", "$", "%", "^", "\\", "*", "{", "}", "[", "]", "/", "|"];
const BINARY = new Set(["AND", "OR"]);

function parenthesesBalanced(text: string): boolean {
  let depth = 0;
  for (const char of text) {
    if (char === "(") depth++;
    if (char === ")") depth--;
    if (depth < 0) return false;
  }
  return depth === 0;
}

/** Problems of one expression's structure: terms joined by AND / OR, each optionally after NOT. */
function expressionProblems(text: string): string[] {
  const tokens = text.replace(/[()]/g, " ").trim().split(/\s+/);
  const found: string[] = [];
  let wordsInTerm = 0;
  let expectTerm = true;
  tokens.forEach((token, index) => {
    if (BINARY.has(token)) {
      if (expectTerm) found.push(`"${token}" has nothing before it`);
      wordsInTerm = 0;
      expectTerm = true;
    } else if (token === "NOT") {
      if (wordsInTerm > 0) found.push(`"NOT" must follow AND or OR, or start the expression`);
      if (index === tokens.length - 1) found.push(`"NOT" has nothing after it`);
    } else {
      wordsInTerm++;
      expectTerm = false;
    }
  });
  if (expectTerm && tokens.length > 0) found.push("the expression ends with an operator");
  return found;
}

function hasOperator(text: string): boolean {
  return /(^|[\s()])(AND|OR|NOT)([\s()]|$)/.test(text);
}

export function checkKeywords(problems: Problems, value: unknown, path = "keywords"): void {
  if (value === undefined) return;
  if (!Array.isArray(value)) {
    problems.add(
      path,
      "must be a list of keywords",
      `Give ${path} as a list, for example ["saas", "(cloud AND security)"].`,
    );
    return;
  }
  if (value.length > MAX_KEYWORDS) {
    problems.add(
      path,
      `has ${value.length} keywords; at most ${MAX_KEYWORDS} are allowed`,
      "Remove keywords, or combine some with OR inside one keyword: (a OR b).",
    );
  }
  value.forEach((keyword, index) => {
    const at = `${path}[${index}]`;
    if (typeof keyword !== "string" || keyword.trim() === "") {
      problems.add(at, "must be a non-empty keyword", "Remove the empty keyword or type one.");
      return;
    }
    const bad = DISALLOWED.filter((c) => keyword.includes(c));
    if (bad.length > 0) {
      problems.add(
        at,
        `contains ${listing(bad)}, which keywords may not contain`,
        `Remove ${listing(bad)} from "${keyword}".`,
      );
    }
    const grouped = keyword.includes("(") || keyword.includes(")");
    const expression = hasOperator(keyword);
    if (grouped && (!expression || !parenthesesBalanced(keyword) || /\(\s*\)/.test(keyword))) {
      problems.add(
        at,
        "uses parentheses outside a grouped expression",
        "Parentheses may only group an expression with AND, OR or NOT, such as (x AND y); otherwise remove them.",
      );
    }
    if (expression) {
      for (const problem of expressionProblems(keyword)) {
        problems.add(
          at,
          problem,
          "Write the expression as terms joined by AND, OR, NOT, for example (cloud AND security).",
        );
      }
    }
    if (keyword.length > MAX_KEYWORD_LENGTH) {
      problems.add(
        at,
        `is ${keyword.length} characters long; at most ${MAX_KEYWORD_LENGTH} are allowed`,
        "Shorten the keyword, or split it into two keywords.",
      );
    }
  });
}
