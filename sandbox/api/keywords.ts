/**
 * Company search keywords (spec rules 6 and 7). Each element is an expression: phrases combined
 * with AND, OR, NOT (upper case) and grouping parentheses; the elements are combined with OR, so
 * [a, b] means (a) OR (b). A phrase matches as a case-insensitive substring of a company's text.
 */
import { validationError } from "./failure.ts";

export const MAX_KEYWORDS = 10;
export const MAX_KEYWORD_LENGTH = 40;
/** The spec's disallowed characters; parentheses are allowed only as balanced grouping. */
const DISALLOWED = /[!@#$%^\\*{}[\]/|]/;

export type Expression =
  | { kind: "phrase"; text: string }
  | { kind: "not"; operand: Expression }
  | { kind: "and" | "or"; operands: Expression[] };

type Token = "(" | ")" | "AND" | "OR" | "NOT" | { word: string };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(/\(|\)|[^\s()]+/g)) {
    const t = match[0];
    tokens.push(t === "(" || t === ")" || t === "AND" || t === "OR" || t === "NOT" ? t : { word: t });
  }
  return tokens;
}

/** Recursive descent over: or := and (OR and)*; and := unary (AND unary)*; unary := NOT unary | ( or ) | phrase. */
class Parser {
  private position = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly source: string,
  ) {}

  parse(): Expression {
    const expression = this.or();
    if (this.position < this.tokens.length) this.fail();
    return expression;
  }

  private fail(): never {
    throw validationError(
      `keyword "${this.source}" is not a valid expression`,
      "edit keywords; use words joined by AND, OR, NOT with balanced parentheses, e.g. (cloud AND security)",
    );
  }

  private peek(): Token | undefined {
    return this.tokens[this.position];
  }

  private or(): Expression {
    const operands = [this.and()];
    while (this.peek() === "OR") {
      this.position++;
      operands.push(this.and());
    }
    return operands.length === 1 ? operands[0]! : { kind: "or", operands };
  }

  private and(): Expression {
    const operands = [this.unary()];
    while (this.peek() === "AND") {
      this.position++;
      operands.push(this.unary());
    }
    return operands.length === 1 ? operands[0]! : { kind: "and", operands };
  }

  private unary(): Expression {
    const token = this.peek();
    if (token === "NOT") {
      this.position++;
      return { kind: "not", operand: this.unary() };
    }
    if (token === "(") {
      this.position++;
      const inner = this.or();
      if (this.peek() !== ")") this.fail();
      this.position++;
      return inner;
    }
    const words: string[] = [];
    for (let t = this.peek(); t !== undefined && typeof t === "object"; t = this.peek()) {
      words.push(t.word.toLowerCase());
      this.position++;
    }
    if (words.length === 0) this.fail();
    return { kind: "phrase", text: words.join(" ") };
  }
}

/** Validates the keyword list and answers one expression: its elements combined with OR. */
export function parseKeywords(keywords: string[]): Expression | null {
  if (keywords.length === 0) return null;
  if (keywords.length > MAX_KEYWORDS) {
    throw validationError(
      `keywords has ${keywords.length} entries; the limit is ${MAX_KEYWORDS}`,
      "edit keywords; remove some",
    );
  }
  const elements = keywords.map((keyword) => {
    if (keyword.trim() === "")
      throw validationError("a keyword is empty", "edit keywords; remove the empty entry");
    if (keyword.length > MAX_KEYWORD_LENGTH) {
      throw validationError(
        `keyword "${keyword}" is longer than ${MAX_KEYWORD_LENGTH} characters`,
        "edit keywords; shorten it",
      );
    }
    const bad = DISALLOWED.exec(keyword);
    if (bad !== null) {
      throw validationError(
        `keyword "${keyword}" contains the disallowed character ${bad[0]}`,
        "edit keywords; remove ! @ # $ % ^ \\ * { } [ ] / |",
      );
    }
    const tokens = tokenize(keyword);
    // Parentheses are among the spec's disallowed characters except where they group an
    // expression (rule 7): around a lone phrase, as in "(saas)", they group nothing.
    if (tokens.includes("(") && !tokens.some((t) => t === "AND" || t === "OR" || t === "NOT")) {
      throw validationError(
        `keyword "${keyword}" uses parentheses without AND, OR or NOT`,
        "edit keywords; remove the parentheses, or group an expression such as (cloud AND security)",
      );
    }
    return new Parser(tokens, keyword).parse();
  });
  return elements.length === 1 ? elements[0]! : { kind: "or", operands: elements };
}

export function matches(expression: Expression, text: string): boolean {
  switch (expression.kind) {
    case "phrase":
      return text.includes(expression.text);
    case "not":
      return !matches(expression.operand, text);
    case "and":
      return expression.operands.every((e) => matches(e, text));
    default:
      return expression.operands.some((e) => matches(e, text));
  }
}
