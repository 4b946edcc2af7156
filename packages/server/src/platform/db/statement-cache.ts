/**
 * Prepared statements of the embedded database, one per SQL text: list pages repeat the same few
 * shapes, and preparing one costs more than running it. Bounded by `lru-cache` on both the number
 * of statements and their summed SQL length (a statement's memory grows with its text), dropping
 * the least recently used first, so a burst of one-off statements (a report, a migration) does not
 * evict the hot list queries the way emptying the whole map did. A dropped statement is finalised
 * by node:sqlite when it is garbage-collected.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { LRUCache } from 'lru-cache';

export interface StatementCacheLimits {
  maxStatements: number;
  /** Summed length of the cached SQL texts. */
  maxSqlLength: number;
}

export const DEFAULT_STATEMENT_CACHE_LIMITS: StatementCacheLimits = { maxStatements: 500, maxSqlLength: 4 * 1024 * 1024 };

export class StatementCache {
  readonly #database: DatabaseSync;
  readonly #statements: LRUCache<string, StatementSync>;

  constructor(database: DatabaseSync, limits: StatementCacheLimits = DEFAULT_STATEMENT_CACHE_LIMITS) {
    this.#database = database;
    this.#statements = new LRUCache<string, StatementSync>({
      max: limits.maxStatements,
      maxSize: limits.maxSqlLength,
      sizeCalculation: (_statement, sqlText) => Math.max(1, sqlText.length),
    });
  }

  /** The statement for `sqlText`, prepared on first use. */
  prepare(sqlText: string): StatementSync {
    let statement = this.#statements.get(sqlText);
    if (!statement) {
      statement = this.#database.prepare(sqlText);
      this.#statements.set(sqlText, statement);
    }
    return statement;
  }

  get size(): number {
    return this.#statements.size;
  }

  /** Summed length of the cached SQL texts. */
  get sqlLength(): number {
    return this.#statements.calculatedSize;
  }
}
