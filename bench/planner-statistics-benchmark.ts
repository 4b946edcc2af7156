/**
 * What the quiet-hours analysis of a large table costs on the embedded database, index by index
 * (docs/architecture.md#planner-statistics): each `ANALYZE <index>` holds the write lock and the
 * event loop for its scan, so the slowest index is the longest a write waits. Also prints what a
 * sampled analysis (`analysis_limit`, the stopgap for a large table with no statistics) records
 * for the organisation-first index, beside the exact figures.
 *
 *   DATA_DIR=/tmp/bench-sqlite npx tsx bench/planner-statistics-benchmark.ts [--table documents] [--sample 1000]
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDatabase } from '@docket/server/src/platform/db/database.ts';
import { analyseTableExactly } from '@docket/server/src/platform/db/planner-statistics.ts';

const { values } = parseArgs({
  options: { table: { type: 'string', default: 'documents' }, sample: { type: 'string', default: '1000' } },
});
if (process.env.DATABASE_URL) throw new Error('The embedded database only: unset DATABASE_URL and set DATA_DIR');
const database = await openDatabase({ dataDir: process.env.DATA_DIR ?? './data', statementTimeoutMs: 0 });
const db = database.db;
const probe = 'documents_type_created';

async function statOf(index: string): Promise<string> {
  const rows = await sql<{ stat: string }>`SELECT stat FROM sqlite_stat1 WHERE idx = ${index}`.execute(db);
  return rows.rows[0]?.stat ?? '(none)';
}

if (values.table === 'documents') {
  await sql`PRAGMA analysis_limit = ${sql.lit(Number(values.sample))}`.execute(db);
  let began = performance.now();
  await sql`ANALYZE ${sql.id(probe)}`.execute(db);
  console.log(
    `${probe}, sampled (analysis_limit ${values.sample}): ${await statOf(probe)}  (${(performance.now() - began).toFixed(0)} ms)`,
  );
  await sql`PRAGMA analysis_limit = 0`.execute(db);
  began = performance.now();
  await sql`ANALYZE ${sql.id(probe)}`.execute(db);
  console.log(`${probe}, exact:                        ${await statOf(probe)}  (${(performance.now() - began).toFixed(0)} ms)`);
}

const spans: number[] = [];
let last = performance.now();
const started = last;
const names = await analyseTableExactly(database, values.table!, async () => {
  const now = performance.now();
  spans.push(now - last);
  await new Promise((resolve) => setImmediate(resolve));
  last = performance.now();
});
const total = performance.now() - started;
const sorted = [...spans].sort((a, b) => a - b);
const slowest = names
  .map((name, i) => ({ name, ms: spans[i]! }))
  .sort((a, b) => b.ms - a.ms)
  .slice(0, 5);
console.log(
  `${values.table}: ${names.length} indexes analysed exactly in ${(total / 1000).toFixed(1)} s; per index median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms, slowest ${sorted.at(-1)?.toFixed(0)} ms`,
);
for (const { name, ms } of slowest) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${name}  ${await statOf(name)}`);
await database.close();
