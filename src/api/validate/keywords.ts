/**
 * Keyword rules of company search (spec rules 6 and 7): at most 10 keywords of at most 40
 * characters, none of ! @ # $ % ^ \ * ( ) { } [ ] / |, except that parentheses may group an
 * expression using AND, OR, NOT, as in the spec's example `(x AND y)`. "Keyword" means one element
 * of the list, as in "10 keywords", so the 40-character limit covers a whole expression too.
 */
import { listing, type Problems } from "./common";
import { expressionProblem, hasOperator } from "./keyword-expression";

export const MAX_KEYWORDS = 10;
export const MAX_KEYWORD_LENGTH = 40;
const DISALLOWED = ["!", "@", "#", "$", "%", "^", "\\", "*", "{", "}", "[", "]", "/", "|"];
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
    // Parentheses only group an expression: around a lone phrase, as in "(saas)", the API refuses
    // them as one of the spec's disallowed characters.
    const grouped = keyword.includes("(") || keyword.includes(")");
    if (grouped && !hasOperator(keyword)) {
      problems.add(
        at,
        "uses parentheses outside a grouped expression",
        "Parentheses may only group an expression with AND, OR or NOT, such as (x AND y); otherwise remove them.",
      );
    } else if (grouped || hasOperator(keyword)) {
      const problem = expressionProblem(keyword);
      if (problem !== null) {
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
