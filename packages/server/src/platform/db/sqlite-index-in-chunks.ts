/**
 * An index of the embedded database built without holding writes for its length (issue 18 item 2,
 * docs/architecture.md#index-builds-in-chunks). SQLite's `CREATE INDEX` holds the database's one
 * write lock from its first row read to its commit: 3–14 s for a type of 1,000,000 documents
 * (bench/README.md), during which every create and edit waits. Here the index is built instead as
 * the index of an entry table — `ib_<name> (k0, …, kN, row_id INTEGER PRIMARY KEY)`, one row per
 * row of the table the index covers, holding that row's key columns under the same rowid, indexed
 * by `ib_<name>_key (k0, …, kN)` — filled in short transactions of a range of ids each, which let
 * the writes waiting in between go first:
 *
 *   1. the entry table, its index, and triggers on the table are created: from then on each
 *      insert, update and delete of a row moves its entry as the index would move it;
 *   2. the rows that were there before are copied in, a range of ids per transaction (`INSERT OR
 *      IGNORE`: an entry the triggers wrote already is the row's present one), each range sized
 *      to take about `CHUNK_TARGET_MS`;
 *   3. the entries are checked against the table, beside the writes: as many as the rows the
 *      index covers, each equal to its row's key columns — else the build fails and nothing changes;
 *   4. one short transaction drops the triggers and hands the entry table's index to the table by
 *      rewriting its row of `sqlite_schema` (name, table, SQL; the root page stays): an index
 *      record is its key columns then the rowid it points at, and the entry table's rowids are the
 *      table's, so that b-tree is, record for record, the index `CREATE INDEX` would have written.
 *      Every connection reads the schema again at its next statement (the schema cookie moved).
 *   5. a fresh connection, which reads the schema from the file, drops the entry table.
 *
 * (A WITHOUT ROWID entry table would be the index's b-tree itself, but its primary key refuses the
 * NULLs an index of optional fields holds.) A build stopped half-way (a crash, a failed check)
 * leaves the entry table and its triggers, which the next build of that index drops first. The
 * names involved are checked identifiers and the columns come from the server's own index
 * definitions (type-indexes.ts), never from a user. `PRAGMA integrity_check` finds such an index
 * whole (sqlite-index-in-chunks.int.test.ts).
 */
import type { SchemaSession } from './sqlite-off-loop.ts';
import { quoted, runReadFirst } from './sqlite-read-first.ts';

/** What one range of ids should take while writes wait: well inside the second the budget allows. */
export const CHUNK_TARGET_MS = 150;
const FIRST_CHUNK_IDS = 2_000;
const MIN_CHUNK_IDS = 200;
const MAX_CHUNK_IDS = 200_000;

export interface ChunkedIndex {
  /** The index's name; also names its entry table (`ib_<name>`), that table's index and the triggers. */
  name: string;
  table: string;
  /** Each key column's SQL over the table's columns, unqualified, as the index's DDL names it. */
  columns: readonly string[];
  /** The partial index's predicate over the table's columns (`doc_type = 'incident'`). */
  where: string;
}

export interface ChunkProgress {
  /** Ids of the table read so far, of `total`. */
  done: number;
  total: number;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** The entry table's, its index's and the triggers' names. */
function namesOf(index: ChunkedIndex) {
  for (const name of [index.name, index.table]) if (!IDENTIFIER.test(name)) throw new Error(`Not an identifier: ${name}`);
  const entries = `ib_${index.name}`;
  return { entries, entriesKey: `${entries}_key`, triggers: ['ai', 'au', 'ad'].map((suffix) => `${entries}_${suffix}`) };
}

/** The index's DDL as SQLite keeps it in `sqlite_schema` (`CREATE INDEX <name> ON …`, no IF NOT EXISTS). */
export function chunkedIndexDdl(index: ChunkedIndex): string {
  return `CREATE INDEX "${index.name}" ON "${index.table}" (${index.columns.join(', ')}) WHERE ${index.where}`;
}

/** The entry tables (`ib_<index>`) of builds under way or stopped, as one space-separated list in `names`. */
export const BUILD_LEFTOVERS_SQL = `SELECT group_concat(name, ' ') AS names FROM sqlite_schema WHERE type = 'table' AND name LIKE 'ib\\_%' ESCAPE '\\'`;

/**
 * Drops the entry tables (and their triggers, which cost every write of the table) builds stopped
 * by a crash left behind; the caller makes sure no build runs. Answers the indexes they were for.
 */
export async function dropBuildLeftovers(openSession: () => Promise<SchemaSession>, table: string): Promise<string[]> {
  const session = await openSession();
  try {
    const found = await session.read<{ names: string | null }>(BUILD_LEFTOVERS_SQL);
    const names = (found?.names ?? '')
      .split(' ')
      .filter((name) => /^ib_[a-z0-9_]+$/.test(name))
      .map((name) => name.slice('ib_'.length));
    for (const name of names) await session.write(leftoverDropScript({ name, table, columns: [], where: 'false' }));
    return names;
  } finally {
    await session.close();
  }
}

/** Drops what a build of `index` left (nothing when there is nothing): the triggers, the entry table and its index. */
function leftoverDropScript(index: ChunkedIndex): string {
  const { entries, triggers } = namesOf(index);
  return [...triggers.map((trigger) => `DROP TRIGGER IF EXISTS "${trigger}"`), `DROP TABLE IF EXISTS "${entries}"`].join(';\n');
}

/** The key columns and rowid of the table's rows `rows` selects that the index covers. */
function entriesOf(index: ChunkedIndex, rows: string): string {
  return `SELECT ${index.columns.join(', ')}, rowid FROM "${index.table}" WHERE ${rows} AND (${index.where})`;
}

/**
 * The entry table, its index, and the triggers that keep its entries as the index would be kept:
 * a row's entry goes when the row changes or goes, and its present one is written after it is
 * inserted or changed (read from the row as it now is, so the key columns are the very expressions
 * the index has, over the table's own columns).
 */
function setUpScript(index: ChunkedIndex): string {
  const { entries, entriesKey, triggers } = namesOf(index);
  const keys = index.columns.map((_, i) => `k${i}`);
  const table = `"${index.table}"`;
  const [afterInsert, afterUpdate, afterDelete] = triggers as [string, string, string];
  const write = `INSERT OR REPLACE INTO "${entries}" ${entriesOf(index, 'rowid = NEW.rowid')}`;
  const remove = `DELETE FROM "${entries}" WHERE row_id = OLD.rowid`;
  return `BEGIN IMMEDIATE;
CREATE TABLE "${entries}" (${keys.join(', ')}, row_id INTEGER PRIMARY KEY);
CREATE INDEX "${entriesKey}" ON "${entries}" (${keys.join(', ')});
CREATE TRIGGER "${afterInsert}" AFTER INSERT ON ${table} BEGIN ${write}; END;
CREATE TRIGGER "${afterUpdate}" AFTER UPDATE ON ${table} BEGIN ${remove}; ${write}; END;
CREATE TRIGGER "${afterDelete}" AFTER DELETE ON ${table} BEGIN ${remove}; END;
COMMIT`;
}

function fillScript(index: ChunkedIndex, from: number, to: number): string {
  const { entries } = namesOf(index);
  return `BEGIN IMMEDIATE;
INSERT OR IGNORE INTO "${entries}" ${entriesOf(index, `rowid BETWEEN ${from} AND ${to}`)};
COMMIT`;
}

/** Rows the index covers, entries, and entries equal to their row: the three must agree. */
function checkStatement(index: ChunkedIndex): string {
  const { entries } = namesOf(index);
  const table = `"${index.table}"`;
  const same = index.columns.map((column, i) => `e.k${i} IS ${column}`).join(' AND ');
  return `SELECT
  (SELECT count(*) FROM ${table} WHERE ${index.where}) AS rows,
  (SELECT count(*) FROM "${entries}") AS entries,
  (SELECT count(*) FROM "${entries}" e JOIN ${table} ON ${table}.rowid = e.row_id WHERE (${index.where}) AND ${same}) AS matching`;
}

/**
 * Hands the entry table's index to the table, unless an index of that name appeared meanwhile
 * (then it stays the entry table's, dropped with it). `RESET` makes this connection read the
 * schema again too.
 */
function swapScript(index: ChunkedIndex): string {
  const { entriesKey, triggers } = namesOf(index);
  return `BEGIN IMMEDIATE;
${triggers.map((trigger) => `DROP TRIGGER "${trigger}";`).join('\n')}
PRAGMA writable_schema = ON;
UPDATE sqlite_schema SET name = ${quoted(index.name)}, tbl_name = ${quoted(index.table)}, sql = ${quoted(chunkedIndexDdl(index))}
  WHERE type = 'index' AND name = ${quoted(entriesKey)} AND NOT EXISTS (SELECT 1 FROM sqlite_schema WHERE name = ${quoted(index.name)});
PRAGMA writable_schema = RESET;
COMMIT`;
}

/** The next range's length: the last one's, scaled towards `CHUNK_TARGET_MS`, at most doubled. */
export function nextChunkIds(ids: number, ms: number): number {
  const scaled = ms > 0 ? Math.round((ids * CHUNK_TARGET_MS) / ms) : ids * 2;
  return Math.max(MIN_CHUNK_IDS, Math.min(MAX_CHUNK_IDS, ids * 2, scaled));
}

async function fillAndCheck(session: SchemaSession, index: ChunkedIndex, onProgress: (progress: ChunkProgress) => void | Promise<void>) {
  await session.write(leftoverDropScript(index));
  await session.write(setUpScript(index));
  // Rows inserted from now on get their entries from the triggers, whatever their id.
  const bounds = await session.read<{ low: number | null; high: number | null }>(
    `SELECT min(rowid) AS low, max(rowid) AS high FROM "${index.table}"`,
  );
  const low = bounds?.low ?? 1;
  const high = bounds?.high ?? 0;
  const total = Math.max(0, high - low + 1);
  let ids = FIRST_CHUNK_IDS;
  for (let from = low; from <= high;) {
    const to = Math.min(high, from + ids - 1);
    const ms = await session.write(fillScript(index, from, to));
    ids = nextChunkIds(to - from + 1, ms);
    from = to + 1;
    await onProgress({ done: from - low, total });
  }
  const check = await session.read<{ rows: number; entries: number; matching: number }>(checkStatement(index));
  if (!check || check.rows !== check.entries || check.entries !== check.matching) {
    throw new Error(
      `The index ${index.name} built in chunks does not match its table (${check?.rows} rows, ${check?.entries} entries, ${check?.matching} equal): not used.`,
    );
  }
  await session.write(swapScript(index), { editsSchema: true });
}

/**
 * Builds `index` on schema threads `openSession` starts (database.ts, `schemaSession`), holding
 * writes only for one range of ids at a time, for the swap and for the entry table's drop. Throws
 * when the entries do not match the table (nothing is then left of the build). `onProgress`
 * hears after each range.
 */
export async function buildIndexInChunks(
  openSession: () => Promise<SchemaSession>,
  index: ChunkedIndex,
  onProgress: (progress: ChunkProgress) => void | Promise<void> = () => undefined,
): Promise<void> {
  const session = await openSession();
  try {
    await fillAndCheck(session, index, onProgress);
  } finally {
    await session.close();
    // On a connection that reads the schema from the file: whatever it drops with the entry table
    // is the entry table's. Its pages read first, beside the writes (sqlite-read-first.ts).
    const { entries, entriesKey } = namesOf(index);
    await runReadFirst(openSession, [entries, entriesKey], leftoverDropScript(index));
  }
}
