/**
 * What one document INSERT costs PostgreSQL with the other types' partial indexes on the shared
 * `documents` table, and without them. Every type's field and list-shape indexes are partial
 * (`WHERE doc_type = '<type>'`); the question is whether an insert of one type pays for the
 * indexes of every other type. Inside one transaction that is rolled back (nothing is kept,
 * nothing is left dropped): copies of existing documents of `--type` are inserted `--rows` at a
 * time by a PL/pgSQL loop (no network, no planning per row), timed with clock_timestamp(); then
 * the other types' partial indexes are dropped, still inside the transaction, and the same number
 * of copies is inserted again. Alternating rounds keep the machine's drift out of the comparison.
 *
 *   DATABASE_URL=postgres://…/docket_bench npx tsx bench/pg-insert-index-cost.ts [--type incident] [--rows 500] [--rounds 2]
 */
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values } = parseArgs({
  options: {
    type: { type: 'string', default: 'incident' },
    rows: { type: 'string', default: '500' },
    rounds: { type: 'string', default: '2' },
  },
});
const url = process.env.DATABASE_URL;
if (!url?.startsWith('postgres')) throw new Error('DATABASE_URL must name a PostgreSQL database (seeded with bench:seed)');
const rows = Number(values.rows);
const rounds = Number(values.rounds);
const type = values.type;

/**
 * The helpers, for this session only (`pg_temp`): copies of the newest documents of a type, timed;
 * the number of indexes on `documents` and how many an insert of the type would keep; dropping
 * every other type's partial index.
 */
const HELPERS = [
  `CREATE FUNCTION pg_temp.bench_copies(kind text, n int, tag text) RETURNS numeric AS $$
    DECLARE began timestamptz := clock_timestamp(); source bigint[]; i int;
    BEGIN
      SELECT array_agg(id) INTO source FROM (SELECT id FROM documents WHERE doc_type = kind ORDER BY id DESC LIMIT n) AS newest;
      IF source IS NULL THEN RAISE EXCEPTION 'no documents of type %', kind; END IF;
      FOR i IN 1..n LOOP
        INSERT INTO documents (org_id, doc_type, display_id, status, summary, descrip, parent_id, site_id, region_id, zone_id,
            module_id, ref, created_by, created_date, updated_by, updated_date, closed, closed_date, due_date, status_date,
            workflow, attachments, data, version)
          SELECT org_id, doc_type, display_id || '-b' || tag || '-' || i, status, summary, descrip, parent_id, site_id,
            region_id, zone_id, module_id, ref, created_by, created_date, updated_by, updated_date, closed, closed_date,
            due_date, status_date, workflow, attachments, data, version
          FROM documents WHERE id = source[1 + (i - 1) % array_length(source, 1)];
      END LOOP;
      RETURN extract(epoch FROM clock_timestamp() - began) * 1000 / n;
    END $$ LANGUAGE plpgsql`,
  `CREATE FUNCTION pg_temp.other_partial_indexes(kind text) RETURNS SETOF name AS $$
      SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'documents'
        AND indexdef LIKE '%WHERE (doc_type%' AND indexdef NOT LIKE '%WHERE (doc_type = ' || quote_literal(kind) || '::text)%'
    $$ LANGUAGE sql`,
  `CREATE FUNCTION pg_temp.drop_other_partial_indexes(kind text) RETURNS void AS $$
    DECLARE r record;
    BEGIN
      FOR r IN SELECT * FROM pg_temp.other_partial_indexes(kind) AS indexname LOOP
        EXECUTE 'DROP INDEX ' || quote_ident(r.indexname);
      END LOOP;
    END $$ LANGUAGE plpgsql`,
];

const client = new pg.Client({ connectionString: url });
await client.connect();

/** Inserts `rows` copies of the type's newest documents; answers the milliseconds per insert. */
async function insertCopies(tag: string): Promise<number> {
  const result = await client.query<{ ms: string }>('SELECT pg_temp.bench_copies($1, $2, $3) AS ms', [type, rows, tag]);
  return Number(result.rows[0]!.ms);
}

async function indexCounts(): Promise<{ all: number; others: number }> {
  const result = await client.query<{ all: string; others: string }>(
    "SELECT (SELECT count(*) FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'documents') AS all, " +
      '(SELECT count(*) FROM pg_temp.other_partial_indexes($1)) AS others',
    [type],
  );
  return { all: Number(result.rows[0]!.all), others: Number(result.rows[0]!.others) };
}

try {
  await client.query('BEGIN');
  for (const helper of HELPERS) await client.query(helper);
  const counts = await indexCounts();
  await insertCopies('warm'); // caches and the first statement's setup, not measured
  const figures: { indexes: string; 'ms per insert': string }[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    await client.query('SAVEPOINT round');
    figures.push({ indexes: `round ${round}: all ${counts.all}`, 'ms per insert': (await insertCopies(`a${round}`)).toFixed(3) });
    await client.query('SELECT pg_temp.drop_other_partial_indexes($1)', [type]);
    figures.push({
      indexes: `round ${round}: ${counts.all - counts.others} (without the ${counts.others} of other types)`,
      'ms per insert': (await insertCopies(`o${round}`)).toFixed(3),
    });
    // The dropped indexes come back for the next round.
    await client.query('ROLLBACK TO SAVEPOINT round');
  }
  console.log(`${rows} inserts of '${type}' documents per figure, in one transaction that is rolled back:`);
  console.table(figures);
} finally {
  await client.query('ROLLBACK').catch(() => undefined);
  await client.end();
}
