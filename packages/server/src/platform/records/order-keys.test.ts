/**
 * Stored order values (docs/architecture.md, "Stored order values"): which types have them, and
 * how a list's catalog, filter and indexes read the field through the column (PostgreSQL only).
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { builtinTypeByName, fieldCatalogOf, parseFilter, type DocumentSchema } from '@docket/shared';
import { compileOnly } from '../../test-support/compile-only.ts';
import { compileFilter } from './filter-sql.ts';
import { fieldSql } from './field-sql.ts';
import { ORDER_VALUE_COLUMN, storedOrderFieldOf, withStoredOrder } from './order-keys.ts';
import { shapeIndexDefinition } from './type-indexes.ts';

const incident = builtinTypeByName('incident')!;
const catalog = fieldCatalogOf(incident, { canSeeProtected: true });
const orderedBy = (defaultOrder: string | undefined): DocumentSchema => ({ ...incident, view: { ...incident.view!, defaultOrder } });
const postgres = compileOnly('postgres');

describe('storedOrderFieldOf', () => {
  it('names a default order on a date of `data`, on PostgreSQL only', () => {
    expect(storedOrderFieldOf(incident, 'postgres')).toEqual({ field: 'incident_date', path: ['incident_date'] });
    expect(storedOrderFieldOf(incident, 'sqlite')).toBeNull();
  });

  it('names none for a column, a number, text, or no default order (creation date, a column)', () => {
    for (const order of ['updated_date desc', 'priority desc', 'category asc', undefined, 'no_such_field desc'])
      expect(storedOrderFieldOf(orderedBy(order), 'postgres'), String(order)).toBeNull();
  });
});

describe('withStoredOrder', () => {
  it('reads the ready field through the column and leaves every other field, and a column field, as it was', () => {
    const stored = withStoredOrder(catalog, 'incident_date');
    expect(stored.incident_date).toEqual({ ...catalog.incident_date, orderColumn: ORDER_VALUE_COLUMN });
    expect(stored.category).toBe(catalog.category);
    expect(withStoredOrder(catalog, undefined)).toBe(catalog);
    expect(withStoredOrder(catalog, 'created_date')).toBe(catalog);
    expect(fieldSql('postgres', stored, 'incident_date', 'd').expr.compile(postgres).sql).toBe('"d"."order_value"');
  });

  it('compares a range through the column and tests presence in `data`', () => {
    const stored = withStoredOrder(catalog, 'incident_date');
    const compile = (text: string) =>
      sql`${compileFilter(parseFilter(text), { dialect: 'postgres', catalog: stored, ctx: { userId: 'u', now: new Date() }, tableAlias: 'd' })}`.compile(
        postgres,
      ).sql;
    expect(compile("incident_date >= '2026-01-01'")).toBe('("d"."order_value" >= cast($1 as text))');
    expect(compile("incident_date BETWEEN '2026-01-01' AND '2026-02-01'")).toBe(
      '("d"."order_value" BETWEEN cast($1 as text) AND cast($2 as text))',
    );
    // A value of another JSON type is present though it has no order value: presence reads `data`.
    expect(compile('incident_date IS NULL')).toBe(`(coalesce(jsonb_typeof(("d"."data" #> cast($1 as text[]))), 'null') = 'null')`);
    expect(compile("category = 'Injury'")).not.toMatch(/order_value/);
  });
});

describe('the list-shape indexes of a stored default order', () => {
  it('hold the column on PostgreSQL, under a name of their own, and the expression on SQLite', () => {
    const shape = { equality: ['site_id'], order: 'incident_date' };
    const pg = shapeIndexDefinition(incident, 'postgres', shape, catalog)!;
    expect(pg.ddl(false).compile(postgres).sql).toMatch(/ON documents \(org_id, "site_id", "order_value", "id"/);
    const byExpression = shapeIndexDefinition(orderedBy('created_date desc'), 'postgres', shape, catalog)!;
    expect(byExpression.ddl(false).compile(postgres).sql).not.toMatch(/order_value/);
    expect(byExpression.name).not.toBe(pg.name);
    const lite = shapeIndexDefinition(incident, 'sqlite', shape, catalog)!;
    expect(lite.ddl(false).compile(compileOnly('sqlite')).sql).not.toMatch(/order_value/);
  });
});
