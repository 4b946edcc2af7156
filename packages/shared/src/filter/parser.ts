/**
 * Recursive-descent parser: text → FilterNode. Precedence NOT > AND > OR; a chain of one operator
 * (`a AND b AND c`) becomes one n-ary node, while parentheses always keep their own node so that
 * `printFilter` can reproduce the tree exactly. Grammar: docs/filter-language.md.
 */
import type { ComparisonOperator, FilterNode, ValueNode } from './ast.ts';
import { FilterError } from './filter-error.ts';
import { tokenize, type Keyword, type Token } from './tokenizer.ts';
import { MAX_FILTER_CONTAINS_TERMS, MAX_FILTER_DEPTH, MAX_FILTER_LENGTH, MAX_FILTER_TERMS } from './limits.ts';

/** today(n) must stay within years 0000–9999 so ISO strings keep sorting as text. */
export const MAX_TODAY_DAYS = 100_000;

function describe(token: Token): string {
  return token.t === 'eof' ? 'end of filter' : `token '${token.text}'`;
}

class Parser {
  private index = 0;
  private depth = 0;
  private terms = 0;
  private containsTerms = 0;

  private readonly tokens: Token[];

  constructor(tokens: Token[]) {
    this.tokens = tokens;
  }

  parse(): FilterNode {
    const node = this.parseOr();
    this.expectEnd();
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

  private fail(token: Token, expected?: string): never {
    const suffix = expected ? `; expected ${expected}` : '';
    throw new FilterError(`Unexpected ${describe(token)}${suffix}`, token.pos);
  }

  private isKeyword(word: Keyword, token: Token = this.peek()): boolean {
    return token.t === 'keyword' && token.word === word;
  }

  private expectKeyword(word: Keyword): void {
    const token = this.next();
    if (!this.isKeyword(word, token)) this.fail(token, word);
  }

  private expect(t: '(' | ')' | ','): void {
    const token = this.next();
    if (token.t !== t) this.fail(token, `'${t}'`);
  }

  private expectEnd(): void {
    const token = this.peek();
    if (token.t !== 'eof') this.fail(token);
  }

  private enter(): void {
    this.depth += 1;
    if (this.depth > MAX_FILTER_DEPTH) throw FilterError.overLimit('depth');
  }

  /** Counted while parsing, so an oversized filter is refused before the rest of it is read. */
  private countTerm(node: FilterNode): FilterNode {
    this.terms += 1;
    if (this.terms > MAX_FILTER_TERMS) throw FilterError.overLimit('terms');
    // `x NOT CONTAINS v` arrives as NOT (x CONTAINS v): the negated form costs the same.
    const leaf = node.type === 'not' ? node.child : node;
    if (leaf.type === 'contains' || leaf.type === 'startsWith') {
      this.containsTerms += 1;
      if (this.containsTerms > MAX_FILTER_CONTAINS_TERMS) throw FilterError.overLimit('containsTerms');
    }
    return node;
  }

  private parseOr(): FilterNode {
    const children = [this.parseAnd()];
    while (this.isKeyword('OR')) {
      this.next();
      children.push(this.parseAnd());
    }
    return children.length === 1 ? (children[0] as FilterNode) : { type: 'or', children };
  }

  private parseAnd(): FilterNode {
    const children = [this.parseNot()];
    while (this.isKeyword('AND')) {
      this.next();
      children.push(this.parseNot());
    }
    return children.length === 1 ? (children[0] as FilterNode) : { type: 'and', children };
  }

  private parseNot(): FilterNode {
    if (!this.isKeyword('NOT')) return this.parsePrimary();
    this.next();
    this.enter();
    const child = this.parseNot();
    this.depth -= 1;
    return { type: 'not', child };
  }

  private parsePrimary(): FilterNode {
    const token = this.next();
    if (token.t === '(') {
      this.enter();
      const node = this.parseOr();
      this.expect(')');
      this.depth -= 1;
      return node;
    }
    if (this.isKeyword('TRUE', token)) return { type: 'const', value: true };
    if (this.isKeyword('FALSE', token)) return { type: 'const', value: false };
    if (token.t !== 'ident') this.fail(token, 'a field name');
    return this.countTerm(this.parsePredicate(token.text));
  }

  private parsePredicate(field: string): FilterNode {
    const token = this.next();
    if (token.t === 'op') {
      const op: ComparisonOperator = token.op === '<>' ? '!=' : token.op;
      return { type: 'compare', field, op, value: this.parseValue() };
    }
    if (this.isKeyword('IN', token)) return { type: 'in', field, values: this.parseList(), negated: false };
    if (this.isKeyword('IS', token)) {
      const negated = this.isKeyword('NOT');
      if (negated) this.next();
      this.expectKeyword('NULL');
      return { type: 'isNull', field, negated };
    }
    if (this.isKeyword('NOT', token)) {
      // `x NOT IN (…)` has its own node; `x NOT CONTAINS y` etc. are sugar for NOT (x CONTAINS y).
      if (this.isKeyword('IN')) {
        this.next();
        return { type: 'in', field, values: this.parseList(), negated: true };
      }
      return { type: 'not', child: this.parsePositive(field, this.next()) };
    }
    return this.parsePositive(field, token);
  }

  private parsePositive(field: string, token: Token): FilterNode {
    if (this.isKeyword('CONTAINS', token)) return { type: 'contains', field, value: this.parseValue() };
    if (this.isKeyword('STARTS', token)) {
      this.expectKeyword('WITH');
      return { type: 'startsWith', field, value: this.parseValue() };
    }
    if (this.isKeyword('BETWEEN', token)) {
      const low = this.parseValue();
      this.expectKeyword('AND');
      return { type: 'between', field, low, high: this.parseValue() };
    }
    return this.fail(token, 'an operator');
  }

  private parseList(): ValueNode[] {
    this.expect('(');
    const values: ValueNode[] = [];
    if (this.peek().t === ')') {
      this.next();
      return values;
    }
    values.push(this.parseValue());
    while (this.peek().t === ',') {
      this.next();
      values.push(this.parseValue());
    }
    this.expect(')');
    return values;
  }

  private parseValue(): ValueNode {
    const token = this.next();
    switch (token.t) {
      case 'string':
        return { kind: 'string', value: token.value };
      case 'number':
        return { kind: 'number', value: token.value };
      case 'user':
        return { kind: 'user' };
      case 'keyword':
        if (token.word === 'TRUE' || token.word === 'FALSE') return { kind: 'boolean', value: token.word === 'TRUE' };
        if (token.word === 'NULL') {
          throw new FilterError('Use IS NULL or IS NOT NULL to test for null', token.pos);
        }
        return this.fail(token, 'a value');
      case 'ident':
        return this.parseFunction(token);
      default:
        return this.fail(token, 'a value');
    }
  }

  private parseFunction(token: Token): ValueNode {
    const name = token.text.toLowerCase();
    if ((name !== 'today' && name !== 'now') || this.peek().t !== '(') this.fail(token, 'a value');
    this.next();
    if (name === 'now') {
      this.expect(')');
      return { kind: 'now' };
    }
    let days = 0;
    const arg = this.peek();
    if (arg.t === 'number') {
      this.next();
      if (!Number.isInteger(arg.value) || Math.abs(arg.value) > MAX_TODAY_DAYS) {
        throw new FilterError(`today() expects a whole number of days up to ${MAX_TODAY_DAYS}`, arg.pos);
      }
      days = arg.value;
    }
    this.expect(')');
    return { kind: 'today', days };
  }
}

/** Parse filter text into a tree. Throws FilterError (with the position) for any bad input. */
export function parseFilter(text: string): FilterNode {
  if (typeof text !== 'string') throw new FilterError('Filter must be a string');
  if (text.length > MAX_FILTER_LENGTH) throw FilterError.overLimit('length');
  if (text.trim() === '') throw new FilterError('Filter is empty');
  return new Parser(tokenize(text)).parse();
}
