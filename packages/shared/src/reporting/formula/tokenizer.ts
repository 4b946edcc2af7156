/**
 * Formula tokens: numbers, names (`hours`, `lost_days`, `details.cost`, or any text in brackets:
 * `[Pending Completion]`), quoted strings ('…' or "…", the quote doubled inside), operators,
 * parentheses and commas.
 */
import { FormulaError } from './formula-error.ts';

export type Token =
  | { t: 'number'; value: number; text: string; pos: number }
  | { t: 'name'; text: string; bracketed: boolean; pos: number }
  /** `sourcePositions[i]`: where character i of the unquoted text sits in the formula (one more for the end). */
  | { t: 'string'; text: string; pos: number; sourcePositions: number[] }
  | { t: '+' | '-' | '*' | '/' | '(' | ')' | ','; text: string; pos: number }
  | { t: 'eof'; text: ''; pos: number };

const SINGLE = new Set(['+', '-', '*', '/', '(', ')', ',']);
const NAME_START = /[A-Za-z_]/;
const NAME_PART = /[A-Za-z0-9_.]/;
const NUMBER = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/;

function readQuoted(text: string, start: number, quote: string): { value: string; end: number; sourcePositions: number[] } {
  let value = '';
  const sourcePositions: number[] = [];
  let index = start + 1;
  while (index < text.length) {
    const char = text[index] as string;
    sourcePositions.push(index);
    if (char === quote) {
      if (text[index + 1] === quote) {
        value += quote;
        index += 2;
        continue;
      }
      return { value, end: index + 1, sourcePositions };
    }
    value += char;
    index += 1;
  }
  throw new FormulaError('Unterminated string', start);
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index] as string;
    if (/\s/.test(char)) {
      index += 1;
      continue;
    }
    const pos = index;
    if (SINGLE.has(char)) {
      tokens.push({ t: char as '+', text: char, pos });
      index += 1;
    } else if (/[0-9.]/.test(char)) {
      const match = NUMBER.exec(text.slice(index));
      if (!match) throw new FormulaError(`Unexpected character '${char}'`, pos);
      const value = Number(match[0]);
      if (!Number.isFinite(value)) throw new FormulaError(`Number out of range: ${match[0]}`, pos);
      tokens.push({ t: 'number', value, text: match[0], pos });
      index += match[0].length;
    } else if (char === "'" || char === '"') {
      const { value, end, sourcePositions } = readQuoted(text, index, char);
      tokens.push({ t: 'string', text: value, pos, sourcePositions });
      index = end;
    } else if (char === '[') {
      const end = text.indexOf(']', index + 1);
      if (end < 0) throw new FormulaError("Unterminated name: missing ']'", pos);
      const name = text.slice(index + 1, end).trim();
      if (name === '') throw new FormulaError('Empty name in brackets', pos);
      tokens.push({ t: 'name', text: name, bracketed: true, pos });
      index = end + 1;
    } else if (NAME_START.test(char)) {
      let end = index + 1;
      while (end < text.length && NAME_PART.test(text[end] as string)) end += 1;
      tokens.push({ t: 'name', text: text.slice(index, end), bracketed: false, pos });
      index = end;
    } else {
      throw new FormulaError(`Unexpected character '${char}'`, pos);
    }
  }
  tokens.push({ t: 'eof', text: '', pos: text.length });
  return tokens;
}
