/**
 * Test data for filter-sql tests: a catalog over promoted columns and JSON fields, random
 * documents that stress NULL handling and type guards, and random well-typed filters over it.
 */
import fc from 'fast-check';
import type { ComparisonOperator, FieldCatalog, FieldInfo, FilterNode, ValueNode } from '@docket/shared';

export const ctx = { userId: 'u-1', now: new Date('2026-11-22T12:00:00.000Z') };

export const catalog: FieldCatalog = {
  id: { type: 'integer', column: 'id' },
  status: { type: 'string', column: 'status' },
  summary: { type: 'string', column: 'summary' },
  descrip: { type: 'text', column: 'descrip' },
  site_id: { type: 'integer', column: 'site_id' },
  created_by: { type: 'string', column: 'created_by' },
  created_date: { type: 'datetime', column: 'created_date' },
  due_date: { type: 'datetime', column: 'due_date' },
  closed: { type: 'boolean', column: 'closed' },
  priority: { type: 'integer' },
  score: { type: 'number' },
  category: { type: 'string' },
  notes: { type: 'text' },
  flag: { type: 'boolean' },
  tags: { type: 'string[]' },
  nums: { type: 'number[]' },
  'scat.format': { type: 'string' },
  'scat.level': { type: 'integer' },
  reviewed_on: { type: 'date' },
  approved_at: { type: 'datetime' },
  secret: { type: 'string', readable: false },
};

/** Values that must stay data: SQL syntax, LIKE wildcards, quotes, Unicode, JSON-path lookalikes. */
export const HOSTILE = [
  "'; DROP TABLE documents; --",
  "x' OR '1'='1",
  '%',
  '_',
  '%_%',
  '\\%',
  '$.summary',
  '{a,b}',
  '"quoted"',
  'Ünïcødé 😀 ß',
];

const STRINGS = [
  '',
  'a',
  'A',
  'abc',
  'ABC',
  'aBc d',
  'Closed',
  'closed',
  'Open',
  "O'Brien",
  'u-1',
  'u-2',
  'É',
  'é',
  '\uFFFD',
  '😀',
  'z%',
  ...HOSTILE,
];
const NUMBERS = [-3, -1, 0, 1, 2, 3, 7, 0.5, -2.25, 1.1, 2.5, 1e10, 123456.789];
const DATES = ['2026-10-22', '2026-10-23', '2026-11-21', '2026-11-22', '2026-11-23', '2027-01-01'];
const DATE_TIMES = [
  '2026-10-23T00:00:00.000Z',
  '2026-11-21T23:59:59.999Z',
  '2026-11-22T00:00:00.000Z',
  '2026-11-22T12:00:00.000Z',
  '2026-11-22T12:00:00.001Z',
  '2026-12-01T08:30:00.000Z',
];

const stringArb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }).filter((s) => !s.includes('\0')) },
);
const numberArb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NUMBERS) },
  { weight: 1, arbitrary: fc.integer({ min: -100, max: 100 }) },
  { weight: 1, arbitrary: fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((n) => n + 0) },
);
const integerArb = fc.oneof(
  fc.constantFrom(...NUMBERS.filter((n) => Number.isInteger(n) && Math.abs(n) < 2 ** 31)),
  fc.integer({ min: -5, max: 5 }),
);
/** Any JSON value, for "wrong type" cases (no NUL: PostgreSQL text cannot hold it). */
const anyJsonArb = fc.jsonValue({ maxDepth: 1 }).filter((v) => !JSON.stringify(v).includes('\\u0000'));

/** A JSON field: missing, null, a value of the right type, or (sometimes) anything at all. */
function jsonField<T>(good: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 5, arbitrary: good }, { weight: 1, arbitrary: anyJsonArb });
}
const column = <T>(good: fc.Arbitrary<T>) => fc.option(good, { freq: 5 });

export interface TestDocument {
  id: number;
  [field: string]: unknown;
}

export const documentArb: fc.Arbitrary<Omit<TestDocument, 'id'>> = fc.record(
  {
    status: column(fc.constantFrom('Open', 'Closed', 'closed', 'Draft', "O'Brien")),
    summary: column(stringArb),
    descrip: column(stringArb),
    site_id: column(integerArb),
    created_by: column(fc.constantFrom('u-1', 'u-2', 'u-3')),
    created_date: column(fc.constantFrom(...DATE_TIMES)),
    due_date: column(fc.constantFrom(...DATE_TIMES)),
    closed: column(fc.boolean()),
    priority: jsonField(integerArb),
    score: jsonField(numberArb),
    category: jsonField(stringArb),
    notes: jsonField(stringArb),
    flag: jsonField(fc.boolean()),
    tags: jsonField(fc.array(fc.oneof(stringArb, fc.constant(null), integerArb), { maxLength: 4 })),
    nums: jsonField(fc.array(fc.oneof(numberArb, fc.constant(null), stringArb), { maxLength: 4 })),
    scat: jsonField(fc.record({ format: jsonField(stringArb), level: jsonField(integerArb) }, { requiredKeys: [] })),
    reviewed_on: jsonField(fc.constantFrom(...DATES)),
    approved_at: jsonField(fc.constantFrom(...DATE_TIMES)),
    secret: jsonField(stringArb),
  },
  { requiredKeys: [] },
);

const str = (value: string): ValueNode => ({ kind: 'string', value });

function valueArb(info: FieldInfo): fc.Arbitrary<ValueNode> {
  switch (info.type) {
    case 'string':
    case 'text':
    case 'string[]':
      return fc.oneof({ weight: 5, arbitrary: stringArb.map(str) }, { weight: 1, arbitrary: fc.constant<ValueNode>({ kind: 'user' }) });
    case 'number':
    case 'number[]':
      return numberArb.map((value): ValueNode => ({ kind: 'number', value }));
    case 'integer':
      return fc.oneof(integerArb, numberArb).map((value): ValueNode => ({ kind: 'number', value }));
    case 'boolean':
      return fc.boolean().map((value): ValueNode => ({ kind: 'boolean', value }));
    case 'date':
    case 'datetime':
      return fc.oneof(
        fc.constantFrom(...DATES, ...(info.type === 'datetime' ? DATE_TIMES : [])).map(str),
        fc.integer({ min: -31, max: 2 }).map((days): ValueNode => ({ kind: 'today', days })),
        fc.constant<ValueNode>({ kind: 'now' }),
      );
  }
}

const ORDERED = new Set(['string', 'number', 'integer', 'date', 'datetime']);

function leafFor(field: string, info: FieldInfo): fc.Arbitrary<FilterNode> {
  const value = valueArb(info);
  const isArray = info.type.endsWith('[]');
  const ops: ComparisonOperator[] = ORDERED.has(info.type) ? ['=', '!=', '<', '<=', '>', '>='] : ['=', '!='];
  const leaves: fc.Arbitrary<FilterNode>[] = [fc.boolean().map((negated): FilterNode => ({ type: 'isNull', field, negated }))];
  if (isArray) leaves.push(value.map((v): FilterNode => ({ type: 'contains', field, value: v })));
  if (!isArray) {
    leaves.push(
      fc.record({ op: fc.constantFrom(...ops), value }).map(({ op, value: v }): FilterNode => ({ type: 'compare', field, op, value: v })),
      fc.record({ values: fc.array(value, { maxLength: 3 }), negated: fc.boolean() }).map((r): FilterNode => ({ type: 'in', field, ...r })),
    );
  }
  if (ORDERED.has(info.type)) {
    leaves.push(fc.tuple(value, value).map(([low, high]): FilterNode => ({ type: 'between', field, low, high })));
  }
  if (info.type === 'string' || info.type === 'text') {
    leaves.push(
      value.map((v): FilterNode => ({ type: 'contains', field, value: v })),
      value.map((v): FilterNode => ({ type: 'startsWith', field, value: v })),
    );
  }
  return fc.oneof(...leaves);
}

const readable = Object.entries(catalog).filter(([, info]) => info.readable !== false);
const leafArb = fc.constantFrom(...readable).chain(([field, info]) => leafFor(field, info));

export const filterArb: fc.Arbitrary<FilterNode> = fc.letrec<{ tree: FilterNode }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    leafArb,
    fc.array(tie('tree'), { minLength: 2, maxLength: 3 }).map((children): FilterNode => ({ type: 'and', children })),
    fc.array(tie('tree'), { minLength: 2, maxLength: 3 }).map((children): FilterNode => ({ type: 'or', children })),
    tie('tree').map((child): FilterNode => ({ type: 'not', child })),
  ),
})).tree;
