/**
 * Compiles a filter tree to a parameterised SQL boolean for the `documents` table, on SQLite or
 * PostgreSQL, with exactly the semantics of `evaluateFilter` in shared (the integration test
 * compares both on thousands of random filters). Rules (docs/product/security.md#lesson-1, #lesson-2, #lesson-13):
 * - every value and needle is a bound parameter; nothing the filter's text holds is spliced in;
 * - column names and JSON paths come only from the catalog (the type's schema: whitelisted field
 *   names), are checked as identifiers, and columns are quoted with sql.ref. On SQLite a JSON path
 *   is an SQL literal, written by field-sql.ts exactly as the type's expression indexes spell it,
 *   so the planner matches a filter on an indexed JSON field to its index (SQLite compares index
 *   expressions as text; a bound path never matches). PostgreSQL reads scalars the same way (a
 *   generic plan of a prepared statement cannot fold a bound path into a constant); array and
 *   null tests there still bind the path;
 * - the tree is checked against the catalog here again, so a tree built in code cannot smuggle in
 *   a field the catalog does not have (unreadable fields are allowed: row filters use them).
 * JSON values are read through type guards (a CASE on json_type / jsonb_typeof), so a value of the
 * wrong type is NULL, never a cast error, and the SQL literals left in the text are fixed type names.
 */
import type { RawBuilder } from 'kysely';
import { sql } from '../db/sql-fragments.ts';
import { jsonScalarSql, sqliteJsonPath } from './field-sql.ts';
import {
  asciiLower,
  checkFilter,
  fieldSegments,
  isArrayType,
  isDateType,
  lookupField,
  resolveValue,
  scalarKindOf,
  type FieldCatalog,
  type FieldInfo,
  type FilterNode,
  type ScalarKind,
  type ValueContext,
  type ValueNode,
} from '@docket/shared';

export interface CompileFilterOptions {
  dialect: 'sqlite' | 'postgres';
  catalog: FieldCatalog;
  /** The current user and instant, from the server's session (fills `$user`, `today()`, `now()`). */
  ctx: ValueContext;
  /** Alias of the documents table in the surrounding query, e.g. `d`. */
  tableAlias?: string;
}

type Sql = RawBuilder<unknown>;
type Scalar = string | number | boolean;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const TRUE_SQL = sql<boolean>`(1 = 1)`;
const FALSE_SQL = sql<boolean>`(1 = 0)`;
/** Comparison operators by AST name; the SQL text comes from this fixed table, never the input. */
const OPERATORS = { '=': '=', '!=': '<>', '<': '<', '<=': '<=', '>': '>', '>=': '>=' } as const;

function identifierOrThrow(name: string, what: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Invalid ${what} in filter compiler: ${name}`);
  return name;
}

/** Where a field's value lives: a promoted column or a path inside the JSON `data` column. */
type Location = { column: Sql } | { data: Sql; segments: string[] };

/** The two dialects differ only in how they read JSON and fold case; the tree walk is shared. */
interface DialectSql {
  param(value: Scalar): Sql;
  jsonIsNull(data: Sql, segments: string[]): Sql;
  jsonScalar(data: Sql, segments: string[], kind: ScalarKind): Sql;
  jsonArrayContains(data: Sql, segments: string[], kind: ScalarKind, value: Scalar): Sql;
  /** ASCII-only lower case (what the evaluator's asciiLower does). */
  lower(text: Sql): Sql;
  /** Byte (code point) ordering for text comparisons. */
  ordered(text: Sql): Sql;
  startsWith(text: Sql, prefix: Sql): Sql;
  containsText(text: Sql, needle: Sql): Sql;
}

const SQLITE_TYPES: Record<ScalarKind, Sql> = {
  string: sql`('text')`,
  number: sql`('integer', 'real')`,
  boolean: sql`('true', 'false')`,
};

const sqliteSql: DialectSql = {
  // node:sqlite cannot bind booleans; JSON true/false read back as 1/0 below.
  param: (value) => sql`${typeof value === 'boolean' ? Number(value) : value}`,
  jsonIsNull: (data, segments) => sql`coalesce(json_type(${data}, ${sqliteJsonPath(segments)}), 'null') = 'null'`,
  // The very expression of field-sql.ts (and so of the expression indexes), literal path included.
  jsonScalar: (data, segments, kind) => jsonScalarSql('sqlite', data, segments, kind),
  jsonArrayContains(data, segments, kind, value) {
    const path = sqliteJsonPath(segments);
    return sql`(CASE WHEN json_type(${data}, ${path}) = 'array' THEN EXISTS (SELECT 1 FROM json_each(${data}, ${path}) AS filter_elem WHERE filter_elem.type IN ${SQLITE_TYPES[kind]} AND filter_elem.value = ${sqliteSql.param(value)}) END)`;
  },
  // SQLite's built-in lower() folds ASCII only (no ICU in node:sqlite).
  lower: (text) => sql`lower(${text})`,
  ordered: (text) => text,
  // instr() rather than LIKE: no wildcard characters to escape, so % and _ are plain data.
  startsWith: (text, prefix) => sql`(instr(${text}, ${prefix}) = 1)`,
  containsText: (text, needle) => sql`(instr(${text}, ${needle}) > 0)`,
};

const PG_TYPES: Record<ScalarKind, { json: string; cast: Sql }> = {
  string: { json: 'string', cast: sql`text` },
  number: { json: 'number', cast: sql`numeric` },
  boolean: { json: 'boolean', cast: sql`boolean` },
};

/** Reads a jsonb value as a typed scalar, or NULL when it has another JSON type. */
function pgGuard(json: Sql, text: Sql, kind: ScalarKind): Sql {
  const { json: typeName, cast } = PG_TYPES[kind];
  return sql`(CASE WHEN jsonb_typeof(${json}) = ${sql.lit(typeName)} THEN cast(${text} as ${cast}) END)`;
}

const postgresSql: DialectSql = {
  // Explicit casts: PostgreSQL must know each parameter's type, and an integer column compared
  // with a bigint (not numeric) still uses its index.
  param(value) {
    if (typeof value === 'string') return sql`cast(${value} as text)`;
    if (typeof value === 'boolean') return sql`cast(${value} as boolean)`;
    return Number.isSafeInteger(value) ? sql`cast(${value} as bigint)` : sql`cast(${value} as numeric)`;
  },
  jsonIsNull: (data, segments) => sql`coalesce(jsonb_typeof(${pgPath(data, segments)}), 'null') = 'null'`,
  // field-sql.ts's expression with a literal path, as for SQLite: a generic plan (named prepared
  // statements, pg-prepared-pool.ts) can only use an expression index whose text it holds.
  jsonScalar: (data, segments, kind) => jsonScalarSql('postgres', data, segments, kind),
  jsonArrayContains(data, segments, kind, value) {
    const array = pgPath(data, segments);
    const element = pgGuard(sql`filter_elem.v`, sql`filter_elem.v #>> '{}'`, kind);
    return sql`(CASE WHEN jsonb_typeof(${array}) = 'array' THEN EXISTS (SELECT 1 FROM jsonb_array_elements(${array}) AS filter_elem(v) WHERE ${element} = ${postgresSql.param(value)}) END)`;
  },
  // Under the "C" collation lower() folds ASCII only, like SQLite and the evaluator.
  lower: (text) => sql`lower(${text} COLLATE "C")`,
  ordered: (text) => sql`(${text} COLLATE "C")`,
  startsWith: (text, prefix) => sql`starts_with(${text}, ${prefix})`,
  containsText: (text, needle) => sql`(strpos(${text}, ${needle}) > 0)`,
};

function pgPath(data: Sql, segments: string[]): Sql {
  return sql`(${data} #> cast(${segments} as text[]))`;
}

class FilterCompiler {
  private readonly dialect: DialectSql;
  private readonly alias: string | undefined;

  private readonly options: CompileFilterOptions;

  constructor(options: CompileFilterOptions) {
    this.options = options;
    this.dialect = options.dialect === 'postgres' ? postgresSql : sqliteSql;
    this.alias = options.tableAlias === undefined ? undefined : identifierOrThrow(options.tableAlias, 'table alias');
  }

  private ref(column: string): Sql {
    const name = identifierOrThrow(column, 'column');
    return sql.ref(this.alias ? `${this.alias}.${name}` : name);
  }

  private field(name: string): { info: FieldInfo; location: Location } {
    const info = lookupField(this.options.catalog, name);
    if (!info) throw new Error(`Field missing from catalog after check: ${name}`);
    if (info.column !== undefined) {
      if (isArrayType(info.type)) throw new Error(`Array field ${name} cannot be a promoted column`);
      return { info, location: { column: this.ref(info.column) } };
    }
    return { info, location: { data: this.ref('data'), segments: fieldSegments(name) } };
  }

  private value(value: ValueNode, location: Location): Sql {
    const resolved = resolveValue(value, this.options.ctx);
    // Promoted boolean columns (closed) hold 0/1, so `closed = true` compares with 1.
    return this.dialect.param(typeof resolved === 'boolean' && 'column' in location ? Number(resolved) : resolved);
  }

  /**
   * The field as a typed scalar (NULL when missing or of another type). A range compares text in
   * byte order (`ordered`), as SQLite and the evaluator do — but not a data field's dates: their
   * expression indexes (field-sql.ts) hold the database's default collation, and PostgreSQL uses
   * an index for a range only in the index's collation, so `incident_date >= '2026-06-01'` read
   * every incident of the organisation (0.23–0.42 s on 200,000 of them; bench/README.md,
   * fifty-ninth session). The checker gives a date field's literals the field's own ISO-8601 form
   * (dates.ts), and values of one such form order alike under any collation, in bytes or by their
   * digits: the answer is the same.
   */
  private scalar(name: string, forOrdering = false): { location: Location; expr: Sql } {
    const { info, location } = this.field(name);
    // The stored order values (order-keys.ts): the typed value itself, ISO dates in byte order already.
    if (info.orderColumn !== undefined && !('column' in location)) return { location, expr: this.ref(info.orderColumn) };
    const kind = scalarKindOf(info.type);
    const raw = 'column' in location ? location.column : this.dialect.jsonScalar(location.data, location.segments, kind);
    const isDataDate = !('column' in location) && isDateType(info.type);
    const expr = forOrdering && kind === 'string' && !isDataDate ? this.dialect.ordered(raw) : raw;
    return { location, expr };
  }

  private needle(value: ValueNode): Sql {
    return this.dialect.param(asciiLower(String(resolveValue(value, this.options.ctx))));
  }

  compile(node: FilterNode): Sql {
    switch (node.type) {
      case 'const':
        return node.value ? TRUE_SQL : FALSE_SQL;
      case 'and':
      case 'or': {
        if (node.children.length === 0) return node.type === 'and' ? TRUE_SQL : FALSE_SQL;
        const joiner = node.type === 'and' ? sql` AND ` : sql` OR `;
        return sql`(${sql.join(
          node.children.map((c) => this.compile(c)),
          joiner,
        )})`;
      }
      case 'not':
        return sql`(NOT ${this.compile(node.child)})`;
      case 'isNull': {
        const { location } = this.field(node.field);
        const isNull = 'column' in location ? sql`${location.column} IS NULL` : this.dialect.jsonIsNull(location.data, location.segments);
        return node.negated ? sql`(NOT ${isNull})` : sql`(${isNull})`;
      }
      case 'compare': {
        const { location, expr } = this.scalar(node.field, node.op !== '=' && node.op !== '!=');
        return sql`(${expr} ${sql.raw(OPERATORS[node.op])} ${this.value(node.value, location)})`;
      }
      case 'between': {
        const { location, expr } = this.scalar(node.field, true);
        return sql`(${expr} BETWEEN ${this.value(node.low, location)} AND ${this.value(node.high, location)})`;
      }
      case 'in': {
        // SQL has no empty list; the evaluator's rule: IN () is FALSE, NOT IN () is TRUE.
        if (node.values.length === 0) return node.negated ? TRUE_SQL : FALSE_SQL;
        const { location, expr } = this.scalar(node.field);
        const list = sql.join(node.values.map((v) => this.value(v, location)));
        return node.negated ? sql`(${expr} NOT IN (${list}))` : sql`(${expr} IN (${list}))`;
      }
      case 'contains': {
        const { info, location } = this.field(node.field);
        if (node.mode === 'array') {
          if ('column' in location) throw new Error(`Array field ${node.field} cannot be a promoted column`);
          const value = resolveValue(node.value, this.options.ctx);
          return this.dialect.jsonArrayContains(location.data, location.segments, scalarKindOf(info.type), value);
        }
        const { expr } = this.scalar(node.field);
        return this.dialect.containsText(this.dialect.lower(expr), this.needle(node.value));
      }
      case 'startsWith': {
        const { expr } = this.scalar(node.field);
        return this.dialect.startsWith(this.dialect.lower(expr), this.needle(node.value));
      }
    }
  }
}

/**
 * `node` as an SQL boolean over the documents table. TRUE exactly where `evaluateFilter` is true;
 * use it in a WHERE clause (UNKNOWN rows are left out). Throws FilterError when the tree does not
 * fit the catalog.
 */
export function compileFilter(node: FilterNode, options: CompileFilterOptions): RawBuilder<boolean> {
  const checked = checkFilter(node, options.catalog, { allowUnreadable: true });
  return sql<boolean>`${new FilterCompiler(options).compile(checked)}`;
}
