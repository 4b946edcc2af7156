/**
 * One read-only connection to the embedded database on a thread of its own (sqlite-readers.ts
 * says why). It answers `{ id, sql, parameters }` with `{ id, rows }` or `{ id, error }`, under
 * the same per-statement budget and statement cache as the main connection. Loaded by Node's own
 * type stripping (no loader in a worker under every runner), so this file and what it imports use
 * erasable TypeScript only.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { QueryTimeoutError, SqliteStatementBudget } from './query-budget.ts';
import { StatementCache } from './statement-cache.ts';
import { errorFieldsOf, type ErrorFields } from './worker-errors.ts';

export interface ReadRequest {
  id: number;
  sql: string;
  parameters: SQLInputValue[];
}

/**
 * Rows travel as arrays beside their column names: written and read again for every row, the
 * names were most of what copying a page between the threads cost (issue 18, bench/README.md).
 */
export type ReadAnswer = { id: number; columns: string[]; rows: unknown[][] } | { id: number; error: ReadFailure };

/** An error as it crosses the thread boundary: a timeout keeps its kind, others their message and code. */
export type ReadFailure = { kind: 'timeout'; budgetMs: number; ownDeadline: boolean } | ({ kind: 'error' } & ErrorFields);

export interface ReaderSettings {
  path: string;
  budgetMs: number;
  /** `PRAGMA mmap_size = …` as the main connection runs it (database.ts, `sqliteMmapPragma`). */
  mmapPragma?: string;
}

const port = parentPort;
if (!port) throw new Error('sqlite-read-worker.ts runs only as a worker thread');
const settings = workerData as ReaderSettings;
const database = new DatabaseSync(settings.path, { readOnly: true });
database.exec('PRAGMA busy_timeout = 5000');
database.exec('PRAGMA cache_size = -65536');
database.exec('PRAGMA temp_store = MEMORY');
if (settings.mmapPragma) database.exec(settings.mmapPragma);
const budget = new SqliteStatementBudget(database, settings.budgetMs);
const statements = new StatementCache(database);

port.on('message', (request: ReadRequest) => {
  let answer: ReadAnswer;
  try {
    const statement = statements.prepare(request.sql);
    statement.setReturnArrays(true);
    const rows = budget.run(() => statement.all(...request.parameters)) as unknown as unknown[][];
    answer = { id: request.id, columns: columnsOf(statement, rows[0]?.length), rows };
  } catch (error) {
    answer = { id: request.id, error: failureOf(error) };
  }
  port.postMessage(answer);
});

const columnNames = new WeakMap<StatementSync, string[]>();

/**
 * A prepared statement's result columns, read once per statement (reading them costs more than
 * a page's copy saves), and again when a row has another number of values: SQLite prepares a
 * `SELECT *` afresh after a column is added to its table.
 */
function columnsOf(statement: StatementSync, width: number | undefined): string[] {
  let names = columnNames.get(statement);
  if (!names || (width !== undefined && width !== names.length)) {
    names = statement.columns().map((column) => column.name);
    columnNames.set(statement, names);
  }
  return names;
}

function failureOf(error: unknown): ReadFailure {
  if (error instanceof QueryTimeoutError) return { kind: 'timeout', budgetMs: error.budgetMs, ownDeadline: error.ownDeadline };
  return { kind: 'error', ...errorFieldsOf(error) };
}
