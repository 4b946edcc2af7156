/**
 * The SQL expression of one catalog field, for ORDER BY, GROUP BY, filters (SQLite) and expression indexes: a
 * promoted column, or the typed JSON read that `filter-sql.ts` also uses (CASE on json_type /
 * jsonb_typeof, so a value of another JSON type reads as NULL). Index and query must spell the
 * expression identically for the planner to match them, so JSON paths are SQL literals here —
 * safe because every segment is a validated identifier (`^[A-Za-z_][A-Za-z0-9_]*$`) — and the
 * one function below serves both the DDL and the queries. No user text reaches this file except
 * catalog field names, which are re-checked.
 */
import type { RawBuilder } from 'kysely';
import { sql } from '../db/sql-fragments.ts';
import {
  fieldSegments,
  isArrayType,
  isValidFieldPath,
  lookupField,
  scalarKindOf,
  type FieldCatalog,
  type FieldInfo,
  type ScalarKind,
} from '@docket/shared';
import type { DialectName } from '../db/database.ts';

type Sql = RawBuilder<unknown>;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function identifierOrThrow(name: string, what: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Invalid ${what}: ${name}`);
  return name;
}

/** `alias.column`, or the bare column when there is no alias (index DDL). */
export function columnRef(column: string, alias?: string): Sql {
  const name = identifierOrThrow(column, 'column');
  return sql.ref(alias ? `${identifierOrThrow(alias, 'table alias')}.${name}` : name);
}

/** SQLite JSON path `'$.a.b'` as a literal: every segment is a checked identifier (no quoting needed). */
export function sqliteJsonPath(segments: readonly string[]): Sql {
  return sql.lit(`$.${segments.map((s) => identifierOrThrow(s, 'JSON path segment')).join('.')}`);
}

function pgPath(segments: readonly string[]): Sql {
  return sql.lit(`{${segments.map((s) => identifierOrThrow(s, 'JSON path segment')).join(',')}}`);
}

const SQLITE_KINDS: Record<Exclude<ScalarKind, 'boolean'>, Sql> = {
  string: sql`('text')`,
  number: sql`('integer', 'real')`,
};

const PG_KINDS: Record<ScalarKind, { json: string; cast: Sql }> = {
  string: { json: 'string', cast: sql`text` },
  number: { json: 'number', cast: sql`numeric` },
  boolean: { json: 'boolean', cast: sql`boolean` },
};

/** A JSON value inside `data` read as a typed scalar, NULL when absent or of another JSON type. */
export function jsonScalarSql(dialect: DialectName, data: Sql, segments: readonly string[], kind: ScalarKind): Sql {
  if (dialect === 'sqlite') {
    const path = sqliteJsonPath(segments);
    if (kind === 'boolean') return sql`(CASE json_type(${data}, ${path}) WHEN 'true' THEN 1 WHEN 'false' THEN 0 END)`;
    return sql`(CASE WHEN json_type(${data}, ${path}) IN ${SQLITE_KINDS[kind]} THEN json_extract(${data}, ${path}) END)`;
  }
  const path = pgPath(segments);
  const { json, cast } = PG_KINDS[kind];
  return sql`(CASE WHEN jsonb_typeof((${data} #> cast(${path} as text[]))) = ${sql.lit(json)} THEN cast((${data} #>> cast(${path} as text[])) as ${cast}) END)`;
}

export interface FieldSql {
  info: FieldInfo;
  expr: Sql;
  /** True when the value is a promoted column (a plain index works). */
  isColumn: boolean;
}

/**
 * The expression of a scalar field of the catalog. Throws for unknown, unreadable-by-design
 * (callers check readability first) or array fields: those have no single value to sort by.
 */
export function fieldSql(dialect: DialectName, catalog: FieldCatalog, field: string, alias?: string): FieldSql {
  const info = isValidFieldPath(field) ? lookupField(catalog, field) : undefined;
  if (!info) throw new Error(`Unknown field in field-sql: ${field}`);
  if (isArrayType(info.type)) throw new Error(`Array field ${field} has no scalar expression`);
  if (info.column !== undefined) return { info, expr: columnRef(info.column, alias), isColumn: true };
  // The stored order values (order-keys.ts): the same typed value, from a column.
  if (info.orderColumn !== undefined) return { info, expr: columnRef(info.orderColumn, alias), isColumn: true };
  return { info, expr: jsonScalarSql(dialect, columnRef('data', alias), fieldSegments(field), scalarKindOf(info.type)), isColumn: false };
}
