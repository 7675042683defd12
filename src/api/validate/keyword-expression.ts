/**
 * The structure of one grouped keyword, read as the API reads it (spec rule 6): phrases joined by
 * AND and OR, each optionally after NOT, in balanced parentheses. Two things side by side with no
 * operator between them, such as "(a AND b) c" or "c (a AND b)", are no expression: the API refuses
 * them, so the client says so first, naming what is wrong.
 */
type Token = "(" | ")" | "AND" | "OR" | "NOT" | { word: string };

function tokenize(text: string): Token[] {
  return [...text.matchAll(/\(|\)|[^\s()]+/g)].map(([t]) =>
    t === "(" || t === ")" || t === "AND" || t === "OR" || t === "NOT" ? t : { word: t },
  );
}

const shown = (token: Token | undefined): string =>
  token === undefined ? "the end" : typeof token === "object" ? `"${token.word}"` : `"${token}"`;

/** What is wrong, thrown from deep in the reading and caught at its top. */
class Found extends Error {}

class Reader {
  private at = 0;

  constructor(private readonly tokens: Token[]) {}

  /** The first problem of the expression, or null when the API will read it. */
  problem(): string | null {
    try {
      this.or();
      if (this.at < this.tokens.length) return this.leftover();
      return null;
    } catch (problem) {
      if (problem instanceof Found) return problem.message;
      throw problem;
    }
  }

  private peek(offset = 0): Token | undefined {
    return this.tokens[this.at + offset];
  }

  private leftover(): string {
    const next = this.peek();
    const before = this.peek(-1);
    if (next === ")") return "has a closing parenthesis that nothing opened";
    if (next === "NOT") return `"NOT" must follow AND or OR, or start the expression`;
    return `needs AND or OR between ${shown(before)} and ${shown(next)}`;
  }

  private or(): void {
    this.and();
    while (this.peek() === "OR") {
      this.at++;
      this.and();
    }
  }

  private and(): void {
    this.term();
    while (this.peek() === "AND") {
      this.at++;
      this.term();
    }
  }

  private term(): void {
    const token = this.peek();
    if (token === "NOT") {
      this.at++;
      if (this.peek() === undefined) throw new Found(`"NOT" has nothing after it`);
      this.term();
      return;
    }
    if (token === "(") {
      this.at++;
      this.or();
      if (this.peek() !== ")") throw new Found("has a parenthesis that is never closed");
      this.at++;
      return;
    }
    if (typeof token === "object") {
      while (typeof this.peek() === "object") this.at++;
      return;
    }
    if (token === undefined) throw new Found("the expression ends with an operator");
    const before = this.peek(-1);
    if (token === ")" && before === "(") throw new Found("has empty parentheses");
    throw new Found(
      before === undefined || before === "("
        ? `${shown(token)} has nothing before it`
        : `needs a word between ${shown(before)} and ${shown(token)}`,
    );
  }
}

export function hasOperator(text: string): boolean {
  return tokenize(text).some((t) => t === "AND" || t === "OR" || t === "NOT");
}

export function expressionProblem(text: string): string | null {
  return new Reader(tokenize(text)).problem();
}
