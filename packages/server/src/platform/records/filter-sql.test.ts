import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { andAll, eq, falseNode, FilterError, parseFilter, type FilterNode } from '@docket/shared';
import { compileOnly } from '../../test-support/compile-only.ts';
import { compileFilter } from './filter-sql.ts';
import { catalog, ctx, HOSTILE } from './filter-sql.test-fixtures.ts';

const compilers = { sqlite: compileOnly('sqlite'), postgres: compileOnly('postgres') };

function compile(node: FilterNode, dialect: 'sqlite' | 'postgres', tableAlias?: string) {
  return sql`${compileFilter(node, { dialect, catalog, ctx, ...(tableAlias ? { tableAlias } : {}) })}`.compile(compilers[dialect]);
}

describe.each(['sqlite', 'postgres'] as const)('compileFilter (%s)', (dialect) => {
  // JSON paths come from the catalog only (the type's schema). Scalar reads write them as literals,
  // spelt as the expression indexes spell them, so a filter can use its index; PostgreSQL still
  // binds the path of an array membership test.
  const pathsInText = { sqlite: ["'$.category'", "'$.scat.format'"], postgres: ["'{category}'", "'{scat,format}'"] }[dialect];
  const pathsBound = { sqlite: [] as string[], postgres: ['tags'] }[dialect];

  it('binds every value and needle as a parameter, and every JSON path comes from the catalog', () => {
    const text = HOSTILE.map(
      (v, i) => `${['summary', 'category', 'notes', 'scat.format'][i % 4]} ${i % 2 ? 'CONTAINS' : '='} '${v.replaceAll("'", "''")}'`,
    ).join(' OR ');
    const compiled = compile(parseFilter(`${text} OR tags CONTAINS $user OR created_date >= today(-30)`), dialect, 'd');
    for (const value of [...HOSTILE, 'u-1', '2026-10-23', ...pathsBound]) {
      expect(compiled.sql).not.toContain(value.length > 1 ? value : `'${value}'`);
    }
    for (const path of pathsInText) expect(compiled.sql).toContain(path);
    expect(compiled.parameters).toContain('u-1');
    expect(compiled.parameters).toContain('2026-10-23T00:00:00.000Z');
    expect(compiled.sql).toContain('"d"."summary"');
    expect(compiled.sql).toContain('"d"."data"');
  });

  it('refuses a JSON path that is not a plain identifier even when a catalog names it', () => {
    expect(() => compileFilter(eq('a.b', 'x'), { dialect, catalog: { 'a.b': { type: 'string' } }, ctx })).not.toThrow();
    expect(() => compileFilter(eq("x') OR 1=1 --", 'x'), { dialect, catalog: { "x') OR 1=1 --": { type: 'string' } }, ctx })).toThrow();
  });

  it('maps closed = true onto the 0/1 column and compiles constants', () => {
    expect(compile(eq('closed', true), dialect).parameters).toEqual([1]);
    expect(compile(falseNode, dialect).sql).toBe('(1 = 0)');
    expect(compile(parseFilter('site_id IN ()'), dialect).sql).toBe('(1 = 0)');
    expect(compile(parseFilter('site_id NOT IN ()'), dialect).sql).toBe('(1 = 1)');
  });

  it('names only catalog fields, readable or not, and only identifier aliases', () => {
    expect(() => compile(parseFilter("t1.password = 'x'"), dialect)).toThrow(FilterError);
    expect(() => compile(andAll([eq('status', 'x'), eq('__proto__', 1)]), dialect)).toThrow(FilterError);
    expect(compile(eq('secret', 'x'), dialect).parameters).toContain('x');
    expect(() => compile(eq('status', 'x'), dialect, 'd"; DROP TABLE x; --')).toThrow(/alias/);
    expect(() => compileFilter(eq('tags', 'x'), { dialect, catalog: { tags: { type: 'string', column: 'tags"--' } }, ctx })).toThrow(
      /column/,
    );
  });
});
