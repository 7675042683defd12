/**
 * The formulas the emulation evaluates: a function call `=NAME(arg, ...)` (arguments: A1
 * references and ranges, possibly sheet-qualified, string / number / boolean literals, nested
 * calls, or nothing), a lone reference `=B2`, or a lone literal. Operators and Sheets' built-in
 * functions are out of scope: a formula using them reads as a parse error or an unknown function.
 */
import { type A1Reference, parseA1 } from "./a1";

export type Expr =
  | { kind: "call"; name: string; args: Array<Expr | null> }
  | { kind: "ref"; ref: A1Reference }
  | { kind: "literal"; value: string | number | boolean };

export class FormulaParseError extends Error {}

class Parser {
  private pos = 0;

  constructor(private readonly text: string) {}

  parseFormula(): Expr {
    this.skipSpace();
    const expr = this.expression();
    this.skipSpace();
    if (this.pos !== this.text.length) throw new FormulaParseError("Formula parse error.");
    return expr;
  }

  private skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos]!)) this.pos++;
  }

  private peek(): string {
    return this.text[this.pos] ?? "";
  }

  private expression(): Expr {
    this.skipSpace();
    const ch = this.peek();
    if (ch === '"') return { kind: "literal", value: this.stringLiteral() };
    const number = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?/i.exec(this.text.slice(this.pos));
    if (number && !/^[A-Za-z$:!]/.test(this.text.slice(this.pos + number[0].length))) {
      this.pos += number[0].length;
      return { kind: "literal", value: Number(number[0]) };
    }
    const token = this.referenceOrName();
    this.skipSpace();
    if (this.peek() === "(" && /^[A-Za-z_][A-Za-z0-9_.]*$/.test(token)) {
      this.pos++;
      return { kind: "call", name: token, args: this.arguments() };
    }
    if (/^(true|false)$/i.test(token)) return { kind: "literal", value: token.toLowerCase() === "true" };
    const ref = parseA1(token);
    if (!ref) throw new FormulaParseError(`Unknown range name: '${token}'.`);
    return { kind: "ref", ref };
  }

  private arguments(): Array<Expr | null> {
    const args: Array<Expr | null> = [];
    this.skipSpace();
    if (this.peek() === ")") {
      this.pos++;
      return args;
    }
    for (;;) {
      this.skipSpace();
      const ch = this.peek();
      args.push(ch === "," || ch === ")" ? null : this.expression());
      this.skipSpace();
      const sep = this.peek();
      this.pos++;
      if (sep === ")") return args;
      if (sep !== ",") throw new FormulaParseError("Formula parse error.");
    }
  }

  private stringLiteral(): string {
    let out = "";
    this.pos++;
    for (;;) {
      if (this.pos >= this.text.length) throw new FormulaParseError("Formula parse error.");
      const ch = this.text[this.pos++]!;
      if (ch !== '"') {
        out += ch;
      } else if (this.peek() === '"') {
        out += '"';
        this.pos++;
      } else {
        return out;
      }
    }
  }

  /** A name or a reference such as A1, $B$2:C9, Sheet2!A:A or 'My sheet'!B3. */
  private referenceOrName(): string {
    const start = this.pos;
    if (this.peek() === "'") {
      this.pos++;
      while (this.pos < this.text.length) {
        if (this.text[this.pos] === "'" && this.text[this.pos + 1] === "'") this.pos += 2;
        else if (this.text[this.pos] === "'") break;
        else this.pos++;
      }
      this.pos++;
      if (this.peek() !== "!") throw new FormulaParseError("Formula parse error.");
      this.pos++;
    }
    while (this.pos < this.text.length && /[A-Za-z0-9_$:.!]/.test(this.text[this.pos]!)) this.pos++;
    const token = this.text.slice(start, this.pos);
    if (token === "") throw new FormulaParseError("Formula parse error.");
    return token;
  }
}

/** Parses "=..." into an expression; throws FormulaParseError with Sheets' wording. */
export function parseFormula(formula: string): Expr {
  if (!formula.startsWith("=")) throw new FormulaParseError("Formula parse error.");
  return new Parser(formula.slice(1)).parseFormula();
}

/** Every reference an expression reads (what a change must trigger recalculation for). */
export function referencesOf(expr: Expr): A1Reference[] {
  if (expr.kind === "ref") return [expr.ref];
  if (expr.kind === "call") return expr.args.flatMap((a) => (a ? referencesOf(a) : []));
  return [];
}
