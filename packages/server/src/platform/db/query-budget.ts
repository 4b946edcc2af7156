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
 *   and document, search, activity and administration list queries put the check first in their
 *   WHERE, so SQLite meets it among the rows it considers and stops the statement at the budget.
 *   Document queries ask the function for one row in 64 only, chosen by the row's id (below).
 *
 * Either way the caller gets `query_timeout` (422, QUERY_TIMEOUT_MESSAGE) from the error handler.
 */
import type { DatabaseSync } from 'node:sqlite';
import type { Expression, SqlBool } from 'kysely';
import { sql } from './sql-fragments.ts';
import type { DialectName } from './database.ts';

/** The serving budget when DB_STATEMENT_TIMEOUT_MS is not set. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5000;

const BUDGET_FUNCTION = 'docket_within_budget';
/** `docket_before(budgetMs)`: a statement's own shorter budget of CPU time (deadlineCheck). */
const DEADLINE_FUNCTION = 'docket_before';
/**
 * Rows with `id & ROW_SAMPLE_MASK` = 0 ask the budget function; the others pass on SQLite's own
 * arithmetic. A call into JavaScript for every row doubled the capped count of a cold list (1,001
 * index entries: 54 µs without the call, 113–118 µs with it, 70–71 µs sampled; issue 18,
 * bench/README.md). Ids are the server's own sequence and the check comes before any filter, so a
 * scan meets a sampled row about every 64 rows it considers, whatever the caller's filter says.
 */
const ROW_SAMPLE_MASK = 63;
/** PostgreSQL's query_canceled: statement_timeout (or an operator's pg_cancel_backend). */
const PG_QUERY_CANCELED = '57014';

export class QueryTimeoutError extends Error {
  readonly budgetMs: number;
  /** Stopped by a statement's own shorter budget (`deadlineCheck`), not the serving budget. */
  readonly ownDeadline: boolean;

  constructor(budgetMs: number, ownDeadline = false) {
    super(`The statement ran past its budget of ${budgetMs} ms`);
    this.name = 'QueryTimeoutError';
    this.budgetMs = budgetMs;
    this.ownDeadline = ownDeadline;
  }
}

/**
 * True for a statement stopped by its own `deadlineCheck` only: a caller with a plan B takes it
 * then, while the serving budget's timeout still answers the request (422).
 */
export function isOwnDeadline(error: unknown): boolean {
  return error instanceof QueryTimeoutError && error.ownDeadline;
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
  /** The thread's CPU time (µs) at the running statement's first `docket_before` call; null before it. */
  #cpuAtFirstCheck: number | null = null;
  #wallAtFirstCheck = 0;
  readonly budgetMs: number;

  // No parameter properties: the read worker (sqlite-read-worker.ts) loads this file with Node's
  // own type stripping, which accepts only erasable syntax.
  constructor(database: DatabaseSync, budgetMs: number) {
    this.budgetMs = budgetMs;
    // Not deterministic, so SQLite calls it for every row that reaches it rather than once per
    // statement; directOnly keeps it out of triggers and views. It reads the clock on each call:
    // document queries call it for one row in 64 (ROW_SAMPLE_MASK), the rest (administration
    // lists) have few rows.
    database.function(BUDGET_FUNCTION, { deterministic: false, directOnly: true }, () => {
      if (performance.now() > this.#deadline) throw new QueryTimeoutError(this.budgetMs);
      return 1;
    });
    // CPU time of the thread that runs the statement, from its first sampled row: a read that waits
    // for its reader thread, or shares the cores with others under load, has not cost more for it
    // (a wall-clock budget ran out under ten connections and turned a quick walk off).
    // Waiting on the disk costs no CPU, so the clock bounds it too, at WALL_PER_CPU times as long.
    database.function(DEADLINE_FUNCTION, { deterministic: false, directOnly: true }, (budgetMs) => {
      const cpu = threadCpuMicros();
      const now = performance.now();
      if (this.#cpuAtFirstCheck === null) {
        this.#cpuAtFirstCheck = cpu;
        this.#wallAtFirstCheck = now;
      } else if (cpu - this.#cpuAtFirstCheck > Number(budgetMs) * 1000 || now - this.#wallAtFirstCheck > Number(budgetMs) * WALL_PER_CPU) {
        throw new QueryTimeoutError(Number(budgetMs), true);
      }
      return 1;
    });
  }

  run<T>(statement: () => T): T {
    this.#deadline = this.budgetMs > 0 ? performance.now() + this.budgetMs : Number.POSITIVE_INFINITY;
    this.#cpuAtFirstCheck = null;
    try {
      return statement();
    } finally {
      this.#deadline = Number.POSITIVE_INFINITY;
    }
  }
}

/** How many times its CPU budget a `docket_before` statement may take on the clock (a cold file's reads). */
const WALL_PER_CPU = 10;

/** The calling thread's CPU time (user and system) in µs. */
function threadCpuMicros(): number {
  const { user, system } = process.threadCpuUsage();
  return user + system;
}

const WITHIN_BUDGET = sql<SqlBool>`(${sql.raw(BUDGET_FUNCTION)}() = 1)`;
/** Every condition budgetCheck made, so that withoutBudgetCheck can tell them from the others. */
const BUDGET_CHECKS = new WeakSet<object>([WITHIN_BUDGET]);

/**
 * The condition to put first in the WHERE of a query whose cost a caller controls (a filter, a
 * search, a group): on SQLite it checks the deadline as rows are considered; PostgreSQL needs
 * nothing here. `rowId`, a row's integer id, samples the check (ROW_SAMPLE_MASK); without it
 * every row asks.
 */
export function budgetCheck(dialect: DialectName, rowId?: Expression<unknown>): Expression<SqlBool> | undefined {
  if (dialect !== 'sqlite') return undefined;
  if (!rowId) return WITHIN_BUDGET;
  const check = sql<SqlBool>`((${rowId} & ${sql.lit(ROW_SAMPLE_MASK)}) <> 0 OR ${sql.raw(BUDGET_FUNCTION)}() = 1)`;
  BUDGET_CHECKS.add(check);
  return check;
}

/**
 * SQLite: a condition that stops its statement with a QueryTimeoutError once it has used `budgetMs`
 * of its thread's CPU time, checked on the rows `budgetCheck` samples: for a read that may be quick or may not
 * (an index walked in the list's order, document-pages.ts) and that has a plan B, tried only for
 * that long. The budget is a parameter, so the statement's text stays the same.
 */
export function deadlineCheck(rowId: Expression<unknown>, budgetMs: number): Expression<SqlBool> {
  return sql<SqlBool>`((${rowId} & ${sql.lit(ROW_SAMPLE_MASK)}) <> 0 OR ${sql.raw(DEADLINE_FUNCTION)}(${budgetMs}) = 1)`;
}

/**
 * `where` without its budget check, for a statement whose reading is bounded by what it answers:
 * one that names its index (INDEXED BY, so a missing index is an error, never a scan) and whose
 * every condition that index decides on the entries it reads (document-pages.ts). SQLite then
 * stops after LIMIT + OFFSET entries of the index's range, at most the type's documents; the
 * check, evaluated on each of them, was a third of a numbered deep page's statement (issue 18,
 * bench/README.md).
 */
export function withoutBudgetCheck(where: readonly Expression<SqlBool>[]): Expression<SqlBool>[] {
  return where.filter((condition) => !BUDGET_CHECKS.has(condition));
}
