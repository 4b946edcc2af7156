import { sql, type ColumnDataType, type ColumnDefinitionBuilder, type Expression } from 'kysely';
import type { DialectName } from './database.ts';

/** Auto-increment integer primary key column type. */
export function idType(dialect: DialectName): ColumnDataType {
  return dialect === 'postgres' ? 'bigserial' : 'integer';
}

/** JSON document column: text on SQLite (queried with json_extract), jsonb on PostgreSQL. */
export function jsonType(dialect: DialectName): ColumnDataType | Expression<unknown> {
  return dialect === 'postgres' ? sql`jsonb` : 'text';
}

/** Primary-key modifier for `idType`: SQLite needs AUTOINCREMENT, PostgreSQL's bigserial does it itself. */
export function autoIdModifier(dialect: DialectName) {
  return <T extends ColumnDefinitionBuilder>(column: T): T =>
    (dialect === 'postgres' ? column.primaryKey() : column.primaryKey().autoIncrement()) as T;
}
