/**
 * Splits filter text into tokens. Hand-written (a regex per token class) rather than generated:
 * the grammar is tiny and we want exact character positions in every error message.
 */
import { FilterError } from './filter-error.ts';
import { isForbiddenSegment, MAX_PATH_SEGMENTS } from './field-path.ts';

export const KEYWORDS = ['AND', 'OR', 'NOT', 'IN', 'IS', 'NULL', 'BETWEEN', 'CONTAINS', 'STARTS', 'WITH', 'TRUE', 'FALSE'] as const;
export type Keyword = (typeof KEYWORDS)[number];

const KEYWORD_SET: ReadonlySet<string> = new Set(KEYWORDS);

/** True when a bare word would be read as a keyword, so it cannot name a field. */
export function isKeyword(word: string): boolean {
  return KEYWORD_SET.has(word.toUpperCase());
}

export type ComparisonSymbol = '=' | '!=' | '<>' | '<' | '<=' | '>' | '>=';

interface TokenBase {
  /** Zero-based offset of the token's first character. */
  pos: number;
  /** The token exactly as written, for error messages. */
  text: string;
}

export type Token =
  | (TokenBase & { t: 'ident' })
  | (TokenBase & { t: 'keyword'; word: Keyword })
  | (TokenBase & { t: 'string'; value: string })
  | (TokenBase & { t: 'number'; value: number })
  | (TokenBase & { t: 'op'; op: ComparisonSymbol })
  | (TokenBase & { t: '(' | ')' | ',' | 'user' | 'eof' });

const WHITESPACE = /\s+/y;
const IDENT = /[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*/y;
const NUMBER = /[+-]?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const VARIABLE = /\$[A-Za-z0-9_]*/y;
const OPERATOR = /!=|<>|<=|>=|=|<|>/y;
/** Characters that may not follow a word or number directly (`a$b`, `1abc`, `a."x"`). */
const GLUED = /[A-Za-z0-9_.$'"]/;
/** NUL breaks PostgreSQL text; lone surrogates cannot be encoded as UTF-8. */
const INVALID_CHAR = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function matchAt(re: RegExp, input: string, pos: number): string | undefined {
  re.lastIndex = pos;
  return re.exec(input)?.[0];
}

function quote(text: string): string {
  return `'${text.length > 40 ? `${text.slice(0, 40)}…` : text}'`;
}

function readString(input: string, start: number): { value: string; end: number } {
  let value = '';
  let i = start + 1;
  for (;;) {
    const close = input.indexOf("'", i);
    if (close === -1) throw new FilterError('Unterminated string', start);
    value += input.slice(i, close);
    // Two quotes in a row stand for one quote character inside the string (SQL style).
    if (input[close + 1] === "'") {
      value += "'";
      i = close + 2;
    } else {
      return { value, end: close + 1 };
    }
  }
}

function checkGlued(input: string, end: number, what: string, start: number): void {
  const next = input[end];
  if (next !== undefined && GLUED.test(next)) {
    throw new FilterError(`Invalid ${what} ${quote(input.slice(start, end + 1))}`, start);
  }
}

function readWord(input: string, pos: number, word: string): Token {
  checkGlued(input, pos + word.length, 'field name', pos);
  const segments = word.split('.');
  if (segments.length > MAX_PATH_SEGMENTS || segments.some(isForbiddenSegment)) {
    throw new FilterError(`Field name not allowed: ${quote(word)}`, pos);
  }
  const upper = word.toUpperCase();
  if (KEYWORD_SET.has(upper)) return { t: 'keyword', word: upper as Keyword, pos, text: word };
  return { t: 'ident', pos, text: word };
}

export function tokenize(input: string): Token[] {
  const bad = INVALID_CHAR.exec(input);
  if (bad) throw new FilterError('Invalid character in filter', bad.index);
  const tokens: Token[] = [];
  let pos = 0;
  while (pos < input.length) {
    const space = matchAt(WHITESPACE, input, pos);
    if (space) {
      pos += space.length;
      continue;
    }
    const ch = input[pos] as string;
    if (ch === '(' || ch === ')' || ch === ',') {
      tokens.push({ t: ch, pos, text: ch });
      pos += 1;
    } else if (ch === "'") {
      const { value, end } = readString(input, pos);
      tokens.push({ t: 'string', value, pos, text: input.slice(pos, end) });
      pos = end;
    } else if (ch === '$') {
      const text = matchAt(VARIABLE, input, pos) ?? '$';
      checkGlued(input, pos + text.length, 'variable', pos);
      if (text.toLowerCase() !== '$user') throw new FilterError(`Unknown variable ${quote(text)}`, pos);
      tokens.push({ t: 'user', pos, text });
      pos += text.length;
    } else if (matchAt(NUMBER, input, pos)) {
      const text = matchAt(NUMBER, input, pos) as string;
      checkGlued(input, pos + text.length, 'number', pos);
      // `+ 0` turns -0 into 0 so that printing and parsing again gives an equal tree.
      const value = Number(text) + 0;
      if (!Number.isFinite(value)) throw new FilterError(`Number out of range ${quote(text)}`, pos);
      tokens.push({ t: 'number', value, pos, text });
      pos += text.length;
    } else if (matchAt(IDENT, input, pos)) {
      const word = matchAt(IDENT, input, pos) as string;
      tokens.push(readWord(input, pos, word));
      pos += word.length;
    } else if (matchAt(OPERATOR, input, pos)) {
      const op = matchAt(OPERATOR, input, pos) as ComparisonSymbol;
      tokens.push({ t: 'op', op, pos, text: op });
      pos += op.length;
    } else {
      throw new FilterError(`Unexpected character ${quote(ch)}`, pos);
    }
  }
  tokens.push({ t: 'eof', pos: input.length, text: '' });
  return tokens;
}
