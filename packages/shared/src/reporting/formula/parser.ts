/**
 * Recursive-descent parser: formula text → FormulaNode. Grammar (usual precedence, left to right):
 *
 *   expression := term (('+' | '-') term)*
 *   term       := unary (('*' | '/') unary)*
 *   unary      := '-' unary | primary
 *   primary    := number | name | aggregate | '(' expression ')'
 *   aggregate  := count(type, 'filter') | sum(type, field, 'filter')
 *
 * Only the syntax is checked here; names, types, fields and filters are checked by checker.ts.
 */
import type { AggregateArgument, AggregateNode, FormulaNode } from './ast.ts';
import { aggregateKindOf, aggregateUsages } from './aggregate-kinds.ts';
import { FormulaError } from './formula-error.ts';
import { tokenize, type Token } from './tokenizer.ts';

/** Longest formula accepted, in characters. */
export const MAX_FORMULA_LENGTH = 4000;
/** Deepest nesting of parentheses and unary minus accepted. */
export const MAX_FORMULA_DEPTH = 64;

function describe(token: Token): string {
  if (token.t === 'eof') return 'end of formula';
  if (token.t === 'string') return 'string';
  return `'${token.text}'`;
}

class Parser {
  private index = 0;
  private depth = 0;

  private readonly tokens: Token[];

  constructor(tokens: Token[]) {
    this.tokens = tokens;
  }

  parse(): FormulaNode {
    const node = this.expression();
    const rest = this.peek();
    if (rest.t !== 'eof') this.fail(rest, 'an operator or the end of the formula');
    return node;
  }

  private peek(): Token {
    return this.tokens[this.index] as Token;
  }

  private next(): Token {
    const token = this.peek();
    if (token.t !== 'eof') this.index += 1;
    return token;
  }

  private fail(token: Token, expected: string): never {
    throw new FormulaError(`Unexpected ${describe(token)}; expected ${expected}`, token.pos);
  }

  private nest<T>(pos: number, parse: () => T): T {
    this.depth += 1;
    if (this.depth > MAX_FORMULA_DEPTH) throw new FormulaError(`Formula nests deeper than ${MAX_FORMULA_DEPTH} levels`, pos);
    try {
      return parse();
    } finally {
      this.depth -= 1;
    }
  }

  private expression(): FormulaNode {
    let left = this.term();
    for (let token = this.peek(); token.t === '+' || token.t === '-'; token = this.peek()) {
      this.next();
      left = { kind: 'binary', op: token.t, left, right: this.term(), pos: left.pos };
    }
    return left;
  }

  private term(): FormulaNode {
    let left = this.unary();
    for (let token = this.peek(); token.t === '*' || token.t === '/'; token = this.peek()) {
      this.next();
      left = { kind: 'binary', op: token.t, left, right: this.unary(), pos: left.pos };
    }
    return left;
  }

  private unary(): FormulaNode {
    const token = this.peek();
    if (token.t !== '-') return this.primary();
    this.next();
    return this.nest(token.pos, () => ({ kind: 'negate', operand: this.unary(), pos: token.pos }));
  }

  private primary(): FormulaNode {
    const token = this.next();
    switch (token.t) {
      case 'number':
        return { kind: 'number', value: token.value, pos: token.pos };
      case '(': {
        const inner = this.nest(token.pos, () => this.expression());
        const close = this.next();
        if (close.t !== ')') this.fail(close, "')'");
        return inner;
      }
      case 'name':
        if (!token.bracketed && this.peek().t === '(') return this.aggregate(token);
        return { kind: 'metric', name: token.text, pos: token.pos };
      default:
        return this.fail(token, 'a number, a metric name, an aggregate or (');
    }
  }

  private aggregate(nameToken: Token): AggregateNode {
    const kind = aggregateKindOf(nameToken.text);
    if (!kind) throw new FormulaError(`Unknown function '${nameToken.text}'; use ${aggregateUsages()}`, nameToken.pos);
    this.next(); // '('
    const args: AggregateArgument[] = [];
    if (this.peek().t !== ')') {
      for (;;) {
        const arg = this.next();
        if (arg.t === 'name') args.push({ kind: 'name', text: arg.text, pos: arg.pos });
        else if (arg.t === 'string') args.push({ kind: 'string', text: arg.text, pos: arg.pos, sourcePositions: arg.sourcePositions });
        else this.fail(arg, `an argument of ${kind.usage}`);
        if (this.peek().t !== ',') break;
        this.next();
      }
    }
    const close = this.next();
    if (close.t !== ')') this.fail(close, `',' or ')' in ${kind.usage}`);
    if (args.length !== kind.signature.length) {
      throw new FormulaError(`${kind.name} takes ${kind.signature.length} arguments: ${kind.usage}`, nameToken.pos);
    }
    const node: AggregateNode = { kind: 'aggregate', aggregate: kind.name, type: '', filterText: '', pos: nameToken.pos, args };
    kind.signature.forEach((role, index) => {
      const arg = args[index] as AggregateArgument;
      const wanted = role === 'filter' ? 'string' : 'name';
      if (arg.kind !== wanted) {
        const what = role === 'filter' ? "a quoted filter ('' for all)" : `a ${role} name`;
        throw new FormulaError(`Argument ${index + 1} of ${kind.name} must be ${what}: ${kind.usage}`, arg.pos);
      }
      if (role === 'type') node.type = arg.text;
      else if (role === 'field') node.field = arg.text;
      else node.filterText = arg.text;
    });
    return node;
  }
}

/** Parses a formula; throws FormulaError with the position and reason of the first problem. */
export function parseFormula(text: string): FormulaNode {
  if (typeof text !== 'string') throw new FormulaError('Formula must be a string');
  if (text.length > MAX_FORMULA_LENGTH) throw new FormulaError(`Formula is longer than ${MAX_FORMULA_LENGTH} characters`);
  if (text.trim() === '') throw new FormulaError('Formula is empty');
  return new Parser(tokenize(text)).parse();
}
