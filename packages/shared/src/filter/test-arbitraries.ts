/**
 * fast-check arbitraries for filter trees, shared by this folder's property tests. Test support
 * only: nothing outside tests imports it (fast-check is a dev dependency).
 */
import fc from 'fast-check';
import type { ComparisonOperator, FilterNode, ValueNode } from './ast.ts';
import { isValidFieldPath } from './field-path.ts';
import { MAX_TODAY_DAYS } from './parser.ts';
import { isKeyword } from './tokenizer.ts';

/** Any field name the tokenizer accepts: identifiers, dotted paths, never a bare keyword. */
export const fieldNameArb: fc.Arbitrary<string> = fc
  .stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,6}(\.[A-Za-z_][A-Za-z0-9_]{0,4}){0,2}$/)
  .filter((name) => isValidFieldPath(name) && !isKeyword(name));

/** Strings the language can carry: well-formed Unicode without NUL, quotes included. */
export const filterStringArb: fc.Arbitrary<string> = fc
  .oneof(
    fc.string({ unit: 'grapheme', maxLength: 12 }),
    fc.constantFrom("O'Brien", "''", "'; DROP TABLE x; --", '%', '_', 'a%b_c', '\\', 'É', '😀', ''),
  )
  .filter((s) => !s.includes('\0'));

export const finiteNumberArb: fc.Arbitrary<number> = fc
  .oneof(fc.integer({ min: -1000, max: 1000 }), fc.double({ noNaN: true, noDefaultInfinity: true }))
  .map((n) => n + 0);

export const valueArb: fc.Arbitrary<ValueNode> = fc.oneof(
  filterStringArb.map((value) => ({ kind: 'string' as const, value })),
  finiteNumberArb.map((value) => ({ kind: 'number' as const, value })),
  fc.boolean().map((value) => ({ kind: 'boolean' as const, value })),
  fc.constant({ kind: 'user' as const }),
  fc.integer({ min: -MAX_TODAY_DAYS, max: MAX_TODAY_DAYS }).map((days) => ({ kind: 'today' as const, days: days + 0 })),
  fc.constant({ kind: 'now' as const }),
);

const opArb = fc.constantFrom<ComparisonOperator>('=', '!=', '<', '<=', '>', '>=');

/** Leaves over arbitrary field names and values (no catalog: for parser/printer properties). */
export function leafArb(field = fieldNameArb, value = valueArb): fc.Arbitrary<FilterNode> {
  return fc.oneof(
    fc.record({ type: fc.constant('compare' as const), field, op: opArb, value }),
    fc.record({
      type: fc.constant('in' as const),
      field,
      values: fc.array(value, { maxLength: 4 }),
      negated: fc.boolean(),
    }),
    fc.record({ type: fc.constant('contains' as const), field, value }),
    fc.record({ type: fc.constant('startsWith' as const), field, value }),
    fc.record({ type: fc.constant('isNull' as const), field, negated: fc.boolean() }),
    fc.record({ type: fc.constant('between' as const), field, low: value, high: value }),
    fc.boolean().map((v): FilterNode => ({ type: 'const', value: v })),
  );
}

/** Trees of the shape the parser produces: and/or with two or more children. */
export function treeArb(leaf: fc.Arbitrary<FilterNode>, maxDepth = 5): fc.Arbitrary<FilterNode> {
  const { tree } = fc.letrec<{ tree: FilterNode }>((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small', maxDepth, withCrossShrink: true },
      leaf,
      fc.record({ type: fc.constant('and' as const), children: fc.array(tie('tree'), { minLength: 2, maxLength: 3 }) }),
      fc.record({ type: fc.constant('or' as const), children: fc.array(tie('tree'), { minLength: 2, maxLength: 3 }) }),
      fc.record({ type: fc.constant('not' as const), child: tie('tree') }),
    ),
  }));
  return tree;
}

export const filterTreeArb: fc.Arbitrary<FilterNode> = treeArb(leafArb());
