import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FilterNode } from './ast.ts';
import { checkFilter } from './checker.ts';
import type { FieldCatalog } from './field-catalog.ts';
import { FilterError } from './filter-error.ts';
import { parseFilter } from './parser.ts';
import { fieldNameArb, filterTreeArb, leafArb, treeArb } from './test-arbitraries.ts';

/**
 * Property runs stop after this long (the property holds for the runs made), so a loaded two-core
 * machine stays well inside the test's timeout.
 */
const PROPERTY_TIME_LIMIT_MS = 10_000;

const catalog: FieldCatalog = {
  status: { type: 'string', column: 'status' },
  descrip: { type: 'text', column: 'descrip' },
  site_id: { type: 'integer', column: 'site_id' },
  score: { type: 'number' },
  closed: { type: 'boolean', column: 'closed' },
  due: { type: 'date' },
  created_date: { type: 'datetime', column: 'created_date' },
  actionee_ids: { type: 'string[]' },
  nums: { type: 'number[]' },
  'scat.format': { type: 'string' },
  password: { type: 'string', readable: false },
};

const check = (text: string, options = {}) => checkFilter(parseFilter(text), catalog, options);

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(FilterError);
    return (error as Error).message;
  }
  throw new Error('expected a FilterError');
}

describe('checkFilter: fields', () => {
  it.each([
    ['foo = 1', 'Unknown field: foo'],
    ["password STARTS WITH 'a'", 'Unknown field: password'],
    ["t1.password STARTS WITH 'a'", 'Unknown field: t1.password'],
    ["scat = 'x'", 'Unknown field: scat'],
    ['toString IS NULL', 'Unknown field: toString'],
    ['hasOwnProperty IS NULL', 'Unknown field: hasOwnProperty'],
    ['NOT (status IS NULL OR password IS NULL)', 'Unknown field: password'],
  ])('%s → %s', (text, message) => {
    expect(messageOf(() => check(text))).toBe(message);
  });

  // Even a catalog that (wrongly) lists such a key cannot make the checker accept it.
  it('rejects hostile field names in trees built in code or stored as JSON', () => {
    const hostile = ['a$b', '"x"', '__proto__', 'constructor', 'x.prototype', "status'--", 'status ', ''];
    for (const field of [...hostile, 42, null]) {
      const node = { type: 'isNull', field, negated: false } as unknown as FilterNode;
      expect(messageOf(() => checkFilter(node, { ...catalog, [String(field)]: { type: 'string' } }))).toMatch(/^Unknown field/);
    }
  });

  it('lets the server name unreadable fields only when it says so', () => {
    expect(check("password = 'x'", { allowUnreadable: true })).toEqual(parseFilter("password = 'x'"));
  });

  it('rejects every tree that names a field outside the readable catalog', { timeout: 30_000 }, () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    fc.assert(
      fc.property(treeArb(leafArb(fc.oneof(fieldNameArb, fc.constant('password')))), (tree) => {
        try {
          const checked = checkFilter(tree, catalog);
          const names = JSON.stringify(checked).match(/"field":"[^"]*"/g) ?? [];
          for (const name of names) expect(name).not.toBe('"field":"password"');
        } catch (error) {
          expect(error).toBeInstanceOf(FilterError);
        }
      }),
      { numRuns: 2000, interruptAfterTimeLimit: PROPERTY_TIME_LIMIT_MS },
    );
    fc.assert(
      fc.property(filterTreeArb, (tree) => {
        try {
          checkFilter(tree, catalog);
        } catch (error) {
          expect(error).toBeInstanceOf(FilterError);
        }
      }),
      { numRuns: 1000, interruptAfterTimeLimit: PROPERTY_TIME_LIMIT_MS },
    );
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
  });
});

describe('checkFilter: operators and values', () => {
  it.each([
    ["site_id = '1'", 'Field site_id expects a number'],
    ['site_id IN (1, $user)', 'Field site_id expects a number'],
    ['status = 1', 'Field status expects a string'],
    ['status = today()', 'Field status expects a string'],
    ["closed = 'true'", 'Field closed expects true or false'],
    ["due > '2026-02-30'", 'Field due expects a date (YYYY-MM-DD), today() or now()'],
    ["due > '2026-02-03T10:00:00Z'", 'Field due expects a date (YYYY-MM-DD), today() or now()'],
    ["created_date > 'yesterday'", 'Field created_date expects a date-time (ISO 8601), today() or now()'],
    ["created_date > '9999-12-31T23:00:00-05:00'", 'Field created_date expects a date-time (ISO 8601), today() or now()'],
    ["actionee_ids = 'x'", 'Operator = cannot be used on field actionee_ids'],
    ["actionee_ids IN ('x')", 'Operator IN cannot be used on field actionee_ids'],
    ['nums CONTAINS $user', 'Field nums expects a number'],
    ['site_id CONTAINS 1', 'Operator CONTAINS cannot be used on field site_id'],
    ['status CONTAINS 1', 'Field status expects a string'],
    ["due STARTS WITH '2026'", 'Operator STARTS WITH cannot be used on field due'],
    ["descrip < 'a'", 'Operator < cannot be used on field descrip'],
    ['closed >= true', 'Operator >= cannot be used on field closed'],
    ['closed BETWEEN false AND true', 'Operator BETWEEN cannot be used on field closed'],
  ])('%s → %s', (text, message) => {
    expect(messageOf(() => check(text))).toBe(message);
  });

  it('annotates CONTAINS and date precision and normalises date-times', () => {
    expect(check("actionee_ids CONTAINS $user AND descrip CONTAINS 'x' AND status CONTAINS 'y'")).toEqual({
      type: 'and',
      children: [
        { type: 'contains', field: 'actionee_ids', value: { kind: 'user' }, mode: 'array' },
        { type: 'contains', field: 'descrip', value: { kind: 'string', value: 'x' }, mode: 'text' },
        { type: 'contains', field: 'status', value: { kind: 'string', value: 'y' }, mode: 'text' },
      ],
    });
    expect(check('due >= today(-1) AND due < now()')).toEqual({
      type: 'and',
      children: [
        { type: 'compare', field: 'due', op: '>=', value: { kind: 'today', days: -1, precision: 'date' } },
        { type: 'compare', field: 'due', op: '<', value: { kind: 'now', precision: 'date' } },
      ],
    });
    expect(check("created_date BETWEEN '2026-01-01' AND '2026-01-31T12:00:00+02:00'")).toEqual({
      type: 'between',
      field: 'created_date',
      low: { kind: 'string', value: '2026-01-01T00:00:00.000Z' },
      high: { kind: 'string', value: '2026-01-31T10:00:00.000Z' },
    });
    expect(check("scat.format = 'pdf' AND closed = true AND score < -1.5 AND due = '2024-02-29'")).toEqual(
      parseFilter("scat.format = 'pdf' AND closed = true AND score < -1.5 AND due = '2024-02-29'"),
    );
  });

  it('does not modify its input and refuses malformed stored trees', () => {
    const tree = parseFilter('due >= today(-1)');
    const copy = JSON.parse(JSON.stringify(tree)) as unknown;
    check('due >= today(-1)');
    checkFilter(tree, catalog);
    expect(tree).toEqual(copy);
    const malformed = [
      null,
      { type: 'drop' },
      { type: 'and', children: 'x' },
      { type: 'compare', field: 'score', op: '=~', value: { kind: 'number', value: 1 } },
      { type: 'compare', field: 'score', op: '=', value: { kind: 'number', value: Number.NaN } },
      { type: 'compare', field: 'due', op: '=', value: { kind: 'today', days: 1e9 } },
    ];
    for (const node of malformed) {
      expect(() => checkFilter(node as unknown as FilterNode, catalog)).toThrow(FilterError);
    }
    let deep: FilterNode = { type: 'const', value: true };
    for (let i = 0; i < 500; i++) deep = { type: 'not', child: deep };
    expect(messageOf(() => checkFilter(deep, catalog))).toBe('Filter is nested too deeply');
  });
});
