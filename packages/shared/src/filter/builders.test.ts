import { describe, expect, it } from 'vitest';
import {
  andAll,
  compareField,
  containsValue,
  currentUser,
  eq,
  falseNode,
  fieldIsNotNull,
  fieldIsNull,
  inList,
  notFilter,
  notInList,
  nowValue,
  orAny,
  todayValue,
  trueNode,
} from './builders.ts';
import { parseFilter } from './parser.ts';
import { printFilter } from './printer.ts';

describe('builders', () => {
  it('build the trees the parser builds', () => {
    const built = andAll([
      eq('status', 'Closed'),
      inList('site_id', [1, 2]),
      containsValue('actionee_ids', currentUser),
      compareField('created_date', '>=', todayValue(-30)),
      orAny([fieldIsNull('a'), fieldIsNotNull('b'), notFilter(eq('closed', true))]),
      notInList('x', []),
      compareField('d', '<', nowValue()),
    ]);
    const text = printFilter(built);
    expect(text).toBe(
      "status = 'Closed' AND site_id IN (1, 2) AND actionee_ids CONTAINS $user AND created_date >= today(-30) AND " +
        '(a IS NULL OR b IS NOT NULL OR NOT closed = true) AND x NOT IN () AND d < now()',
    );
    expect(parseFilter(text)).toEqual(built);
  });

  it('simplify constants so a deny filter stays FALSE', () => {
    const a = eq('a', 1);
    expect(andAll([])).toBe(trueNode);
    expect(andAll([trueNode, a])).toBe(a);
    expect(andAll([a, falseNode, eq('b', 2)])).toBe(falseNode);
    expect(orAny([])).toBe(falseNode);
    expect(orAny([falseNode, a])).toBe(a);
    expect(orAny([a, trueNode])).toBe(trueNode);
    expect(Object.isFrozen(falseNode) && Object.isFrozen(trueNode)).toBe(true);
  });
});
