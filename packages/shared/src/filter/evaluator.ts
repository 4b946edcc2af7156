/**
 * In-memory evaluation with exactly the semantics of the compiled SQL (filter-sql.ts on the
 * server; the integration test compares the two on thousands of random filters):
 *
 * - Three-valued logic. A leaf is UNKNOWN when the field is missing or null, or holds a value of
 *   another type than the literal (the SQL side guards its JSON extraction the same way instead
 *   of raising a cast error). NOT UNKNOWN is UNKNOWN; AND/OR follow Kleene's tables; a document
 *   matches only when the whole filter is TRUE. So `x != 1` does not match a document without x.
 * - IS NULL is TRUE for missing or JSON null and FALSE otherwise (never UNKNOWN).
 * - IN with an empty list is FALSE and NOT IN with one is TRUE, whatever the field holds.
 * - CONTAINS on a list field: TRUE when an element equals the value, FALSE when none does,
 *   UNKNOWN when the field is not a list. On text, and STARTS WITH: ASCII-case-insensitive.
 * - Text compares by Unicode code point (SQLite BINARY, PostgreSQL COLLATE "C"); = is exact.
 *
 * Documents are the flat API shape: promoted columns and data fields side by side, dotted paths
 * walking nested objects (own properties only, never into arrays or the prototype).
 */
import type { FilterNode, ValueNode } from './ast.ts';
import { resolveValue, type ValueContext } from './dates.ts';

export type EvalContext = ValueContext;

/** TRUE, FALSE or UNKNOWN (null). */
export type Truth = boolean | null;

type Scalar = string | number | boolean;

export function readFieldPath(doc: unknown, field: string): unknown {
  let current: unknown = doc;
  for (const segment of field.split('.')) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
    if (!Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/**
 * Order strings by code point as UTF-8 byte comparison does. JS `<` compares UTF-16 code units,
 * which disagrees only when a surrogate (astral character) meets U+E000–U+FFFF; remapping the
 * first differing unit fixes that.
 */
export function compareText(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

function codePointRank(unit: number): number {
  if (unit >= 0xe000) return unit - 0x800;
  if (unit >= 0xd800) return unit + 0x2000;
  return unit;
}

function compareScalars(a: Scalar, b: Scalar): number {
  if (typeof a === 'string' && typeof b === 'string') return compareText(a, b);
  return Number(a) - Number(b);
}

/** ASCII-only lower-casing: SQLite's lower() and PostgreSQL's lower(x COLLATE "C") do the same. */
export function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/** The document's value when it has the literal's type; undefined stands for SQL NULL. */
function sameType(actual: unknown, literal: Scalar): Scalar | undefined {
  return typeof actual === typeof literal ? (actual as Scalar) : undefined;
}

function not(truth: Truth): Truth {
  return truth === null ? null : !truth;
}

function and(values: Iterable<Truth>): Truth {
  let result: Truth = true;
  for (const v of values) {
    if (v === false) return false;
    if (v === null) result = null;
  }
  return result;
}

function or(values: Iterable<Truth>): Truth {
  let result: Truth = false;
  for (const v of values) {
    if (v === true) return true;
    if (v === null) result = null;
  }
  return result;
}

function* map<T>(items: readonly T[], fn: (item: T) => Truth): Iterable<Truth> {
  for (const item of items) yield fn(item);
}

const COMPARE: Record<string, (order: number) => boolean> = {
  '=': (o) => o === 0,
  '!=': (o) => o !== 0,
  '<': (o) => o < 0,
  '<=': (o) => o <= 0,
  '>': (o) => o > 0,
  '>=': (o) => o >= 0,
};

/** Three-valued evaluation of `node` against `doc`. */
export function evaluateFilter3(node: FilterNode, doc: unknown, ctx: EvalContext): Truth {
  const resolve = (value: ValueNode): Scalar => resolveValue(value, ctx);
  switch (node.type) {
    case 'const':
      return node.value;
    case 'and':
      return and(map(node.children, (c) => evaluateFilter3(c, doc, ctx)));
    case 'or':
      return or(map(node.children, (c) => evaluateFilter3(c, doc, ctx)));
    case 'not':
      return not(evaluateFilter3(node.child, doc, ctx));
    case 'isNull': {
      const value = readFieldPath(doc, node.field);
      const isNull = value === undefined || value === null;
      return node.negated ? !isNull : isNull;
    }
    case 'compare': {
      const literal = resolve(node.value);
      const actual = sameType(readFieldPath(doc, node.field), literal);
      if (actual === undefined) return null;
      return (COMPARE[node.op] as (o: number) => boolean)(compareScalars(actual, literal));
    }
    case 'between': {
      const low = resolve(node.low);
      const actual = sameType(readFieldPath(doc, node.field), low);
      if (actual === undefined) return null;
      return compareScalars(actual, low) >= 0 && compareScalars(actual, resolve(node.high)) <= 0;
    }
    case 'in': {
      if (node.values.length === 0) return node.negated;
      const literals = node.values.map(resolve);
      const actual = sameType(readFieldPath(doc, node.field), literals[0] as Scalar);
      if (actual === undefined) return null;
      const found = literals.some((l) => typeof l === typeof actual && compareScalars(actual, l) === 0);
      return node.negated ? !found : found;
    }
    case 'contains': {
      const literal = resolve(node.value);
      const actual = readFieldPath(doc, node.field);
      const mode = node.mode ?? (Array.isArray(actual) ? 'array' : 'text');
      if (mode === 'array') {
        if (!Array.isArray(actual)) return null;
        return actual.some((e) => typeof e === typeof literal && compareScalars(e as Scalar, literal) === 0);
      }
      if (typeof actual !== 'string' || typeof literal !== 'string') return null;
      return asciiLower(actual).includes(asciiLower(literal));
    }
    case 'startsWith': {
      const literal = resolve(node.value);
      const actual = readFieldPath(doc, node.field);
      if (typeof actual !== 'string' || typeof literal !== 'string') return null;
      return asciiLower(actual).startsWith(asciiLower(literal));
    }
  }
}

/** Does `doc` match `node`? True only when the filter is TRUE (UNKNOWN does not match). */
export function evaluateFilter(node: FilterNode, doc: unknown, ctx: EvalContext): boolean {
  return evaluateFilter3(node, doc, ctx) === true;
}
