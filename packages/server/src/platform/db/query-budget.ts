/**
 * Every query has a time budget (docs/architecture.md, "Query time budget"): one request must not
 * hold the database, or on the embedded database the whole event loop, for long.
 *
 * - PostgreSQL: `statement_timeout` is set on every connection of the serving pool at start-up;
 *   the server cancels a statement past it (SQLSTATE 57014). Migrations and expression-index
 *   builds run with the longer maintenance budget.
 * - node:sqlite (Node 24) has no interrupt and no progress handler, and runs synchronously on the
 *   event loop. Instead a user-defined SQL function, `docket_within_budget()`, throws once the
 *   running statement's deadline has passed; the driver sets the deadline before each statement,
 *   and document, search, activity and administration list queries put the call first in their
 *   WHERE, so SQLite asks it for every row it considers and stops the statement at the budget.
 *
 * Either way the caller gets `query_timeout` (422, QUERY_TIMEOUT_MESSAGE) from the error handler.
 */
import type { DatabaseSync } from 'node:sqlite';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { DialectName } from './database.ts';

/** The serving budget when DB_STATEMENT_TIMEOUT_MS is not set. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5000;

const BUDGET_FUNCTION = 'docket_within_budget';
/** How often the budget function reads the clock, in rows (a power of two). */
const CLOCK_EVERY_ROWS = 32;
/** PostgreSQL's query_canceled: statement_timeout (or an operator's pg_cancel_backend). */
const PG_QUERY_CANCELED = '57014';

export class QueryTimeoutError extends Error {
  readonly budgetMs: number;

  constructor(budgetMs: number) {
    super(`The statement ran past its budget of ${budgetMs} ms`);
    this.name = 'QueryTimeoutError';
    this.budgetMs = budgetMs;
  }
}

/** True for a statement stopped by its budget on either database. */
export function isQueryTimeout(error: unknown): boolean {
  if (error instanceof QueryTimeoutError) return true;
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === PG_QUERY_CANCELED;
}

/**
 * The per-statement deadline of one embedded database. `run` brackets each statement the driver
 * executes; between statements there is no deadline, so a stray call never throws.
 */
export class SqliteStatementBudget {
  #deadline = Number.POSITIVE_INFINITY;
  #calls = 0;
  readonly budgetMs: number;

  // No parameter properties: the read worker (sqlite-read-worker.ts) loads this file with Node's
  // own type stripping, which accepts only erasable syntax.
  constructor(database: DatabaseSync, budgetMs: number) {
    this.budgetMs = budgetMs;
    // Not deterministic, so SQLite calls it for every row rather than once per statement;
    // directOnly keeps it out of triggers and views.
    // The clock is read on the first row and every CLOCK_EVERY_ROWS-th after it: reading it for
    // every row was 4 % of a cold list request (a capped count considers 1,001 rows), and a
    // statement overruns its budget by at most that many rows.
    database.function(BUDGET_FUNCTION, { deterministic: false, directOnly: true }, () => {
      if ((this.#calls++ & (CLOCK_EVERY_ROWS - 1)) === 0 && performance.now() > this.#deadline) throw new QueryTimeoutError(this.budgetMs);
      return 1;
    });
  }

  run<T>(statement: () => T): T {
    this.#deadline = this.budgetMs > 0 ? performance.now() + this.budgetMs : Number.POSITIVE_INFINITY;
    this.#calls = 0;
    try {
      return statement();
    } finally {
      this.#deadline = Number.POSITIVE_INFINITY;
    }
  }
}

const WITHIN_BUDGET = sql<SqlBool>`(${sql.raw(BUDGET_FUNCTION)}() = 1)`;

/**
 * The condition to put first in the WHERE of a query whose cost a caller controls (a filter, a
 * search, a group): on SQLite it checks the deadline for each row; PostgreSQL needs nothing here.
 */
export function budgetCheck(dialect: DialectName): Expression<SqlBool> | undefined {
  return dialect === 'sqlite' ? WITHIN_BUDGET : undefined;
}
