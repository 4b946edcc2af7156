/**
 * Recent Activity's join order (docs/architecture.md#recent-activity): the page (15 events) and
 * its capped total as the server reads them (the page from the newest events when they hold it,
 * else in the order `recentDriver` chooses; the total from the readable documents first), beside
 * the page read events-first (newest first, each one's document by its key) and documents-first
 * (the readable documents along the access indexes, then their events) and the total counted
 * events-first, for a reader of every incident, a reader of two sites (the bench's restricted
 * user), of the largest site and of the smallest. Events-first is the same-run baseline: it was
 * the only order before.
 *
 * The organisation gets `--events` comment events spread over random incidents first, when it has
 * fewer (the seed writes none), so each site's share of the events follows its share of the
 * documents, and a small site of its own (300 incidents, 600 comments over the same span of
 * time): the seed's sites each hold about 5 % of the incidents.
 *
 *   DATA_DIR=/tmp/bench-sqlite npx tsx bench/recent-activity-benchmark.ts [--events 100000] [--runs 7]
 *   DATABASE_URL=postgres://…/docket_bench npx tsx bench/recent-activity-benchmark.ts
 */
import { parseArgs } from 'node:util';
import { builtinTypeByName, checkFilter, fieldCatalogOf, parseFilter } from '@docket/shared';
import { sql } from 'kysely';
import { openDatabase, type Database } from '@docket/server/src/platform/db/database.ts';
import { analyseTableExactly } from '@docket/server/src/platform/db/planner-statistics.ts';
import { AccessScope } from '@docket/server/src/platform/access/access-scope.ts';
import { insertDocumentRows } from '@docket/server/src/platform/records/documents.repository.ts';
import { incidentRow } from '@docket/server/src/test-support/incident-rows.ts';
import {
  countRecentEvents,
  listRecentEvents,
  recentEventsPage,
  type RecentDriver,
  type RecentRequest,
} from '@docket/server/src/modules/events/recent-events.repository.ts';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '7' },
    app: { type: 'string', default: 'demo' },
  },
});
const runs = Number(values.runs);
/** The bench's restricted user's sites (seed-documents.ts; not imported: importing it runs the seed). */
const RESTRICTED_SITES = [3, 7];
const database: Database = await openDatabase(
  process.env.DATABASE_URL
    ? { databaseUrl: process.env.DATABASE_URL, statementTimeoutMs: 0 }
    : { dataDir: process.env.DATA_DIR ?? './data', statementTimeoutMs: 0 },
);
const db = database.db;
const org = await db.selectFrom('organisations').select('id').where('app_id', '=', values.app!).executeTakeFirstOrThrow();
const author = await db.selectFrom('identities').select('uuid').where('email', '=', `admin@${values.app}.local`).executeTakeFirstOrThrow();

/** A comment by the administrator on a document, as the events table keeps it. */
function commentRow(docId: number, date: string, descrip: string) {
  return {
    org_id: org.id,
    doc_id: docId,
    parent_id: null,
    type: 'comment',
    subject: null,
    descrip,
    on_behalf_of: null,
    attachments: '[]',
    data: null,
    created_by: author.uuid,
    created_date: date,
    sort_date: date,
    updated_date: null,
  };
}

async function ensureEvents(target: number): Promise<number> {
  const have = Number(
    (
      await db
        .selectFrom('events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('org_id', '=', org.id)
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (have >= target) return have;
  const documents = await db
    .selectFrom('documents')
    .select('id')
    .where('org_id', '=', org.id)
    .where('doc_type', '=', 'incident')
    .orderBy((eb) => eb.fn('random'))
    .limit(Math.ceil((target - have) / 4))
    .execute();
  const base = Date.parse('2025-01-01T00:00:00Z');
  for (let done = have; done < target;) {
    const rows = [];
    for (let i = 0; i < 1_000 && done < target; i++, done++) {
      const date = new Date(base + done * 60_000).toISOString();
      rows.push(commentRow(Number(documents[done % documents.length]!.id), date, `Benchmark comment ${done}`));
    }
    await db.insertInto('events').values(rows).execute();
  }
  return target;
}

/** The small site a manager of one site reads (none of the seed's sites is small). */
const SMALL_SITE = 900_001;
const SMALL_SITE_INCIDENTS = 300;

/**
 * Adds `SMALL_SITE_INCIDENTS` incidents at `SMALL_SITE` with two comments each, dated across the
 * span of the benchmark's other comments, unless the site has them: a reader of that site may
 * read 0.03 % of the incidents and about 1 % of the events.
 */
async function ensureSmallSite(): Promise<void> {
  const have = await db
    .selectFrom('documents')
    .select('id')
    .where('org_id', '=', org.id)
    .where('site_id', '=', SMALL_SITE)
    .limit(1)
    .execute();
  if (have.length > 0) return;
  const span = await db
    .selectFrom('events')
    .select((eb) => [eb.fn.min<string>('sort_date').as('first'), eb.fn.max<string>('sort_date').as('last')])
    .where('org_id', '=', org.id)
    .where('descrip', 'like', 'Benchmark comment %')
    .executeTakeFirstOrThrow();
  const first = Date.parse(span.first);
  const width = Date.parse(span.last) - first;
  const rows = Array.from({ length: SMALL_SITE_INCIDENTS }, (_, i) => ({
    ...incidentRow({
      orgId: org.id,
      index: i,
      prefix: 'SMALL-',
      summaryPrefix: 'Small site incident',
      author: author.uuid,
      date: new Date(first + (width * i) / SMALL_SITE_INCIDENTS).toISOString(),
    }),
    site_id: SMALL_SITE,
  }));
  await db.transaction().execute((trx) => insertDocumentRows(trx, AccessScope.system(org.id, 'create', 'recent activity benchmark'), rows));
  const added = await db.selectFrom('documents').select('id').where('org_id', '=', org.id).where('site_id', '=', SMALL_SITE).execute();
  const events = added.flatMap((document, i) =>
    [0, 1].map((reply) => {
      const date = new Date(first + (width * (2 * i + reply)) / (2 * added.length)).toISOString();
      return commentRow(Number(document.id), date, `Small site comment ${i}.${reply}`);
    }),
  );
  await db.insertInto('events').values(events).execute();
}

const eventCount = await ensureEvents(Number(values.events));
await ensureSmallSite();
// The events' statistics as the server keeps them (docs/architecture.md#planner-statistics): stale
// ones (the seed's few events) made SQLite build a Bloom filter over every event for a join that
// reads 600 of them (22–45 ms instead of 0.9 ms).
if (database.dialect === 'sqlite') await analyseTableExactly(database, 'events', async () => undefined);
else await sql`ANALYZE events`.execute(db);
const sites = await db
  .selectFrom('documents')
  .select(['site_id', (eb) => eb.fn.countAll<number>().as('n')])
  .where('org_id', '=', org.id)
  .where('doc_type', '=', 'incident')
  .where('site_id', 'is not', null)
  .groupBy('site_id')
  .orderBy('n')
  .execute();
const smallest = sites[0]!;
const incidents = sites.reduce((sum, site) => sum + Number(site.n), 0);
const largest = sites.at(-1)!;
const catalog = fieldCatalogOf(builtinTypeByName('incident')!, { canSeeProtected: true });

function requestOf(rowFilter: string | null): RecentRequest {
  const scope = AccessScope.system(org.id, 'read', 'recent activity benchmark');
  return {
    orgId: org.id,
    parts: [
      {
        docType: 'incident',
        scope: { ...scope, rowFilter: rowFilter === null ? null : checkFilter(parseFilter(rowFilter), catalog) },
        catalog,
      },
    ],
    userId: author.uuid,
    types: null,
    start: 0,
    count: 15,
  };
}

async function medianMs(work: () => Promise<unknown>): Promise<number> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const began = performance.now();
    await work();
    times.push(performance.now() - began);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const readers = [
  { name: 'every incident', filter: null },
  { name: `sites ${RESTRICTED_SITES.join(', ')} (restricted user)`, filter: `site_id IN (${RESTRICTED_SITES.join(', ')})` },
  { name: `largest site (${largest.site_id}, ${largest.n} incidents)`, filter: `site_id = ${largest.site_id}` },
  { name: `smallest site (${smallest.site_id}, ${smallest.n} incidents)`, filter: `site_id = ${smallest.site_id}` },
];
console.log(
  `${database.dialect}: ${incidents.toLocaleString('en')} incidents with a site, ${eventCount.toLocaleString('en')} events; medians of ${runs}`,
);
console.log(
  'reader                                   | page as served (order) | events-first / documents-first | total as served | events-first (before) | total',
);
for (const reader of readers) {
  const request = requestOf(reader.filter);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const served = await recentEventsPage(database, request);
  const servedPage = await medianMs(() => recentEventsPage(database, request));
  const page = (driver: RecentDriver) => medianMs(() => listRecentEvents(database, request, driver));
  const servedTotal = await medianMs(() => countRecentEvents(database, request));
  // No document read first: the events newest first, as every total was counted before.
  const eventsFirstTotal = await medianMs(() => countRecentEvents(database, request, { documentsMax: 0 }));
  const counted = await countRecentEvents(database, request);
  console.log(
    [
      reader.name.padEnd(40),
      `${ms(servedPage)} (${served.driver ?? 'newest'})`.padEnd(22),
      `${ms(await page('events'))} / ${ms(await page('documents'))}`.padEnd(30),
      ms(servedTotal).padEnd(15),
      ms(eventsFirstTotal).padEnd(21),
      `${counted.total}${counted.totalIsEstimate ? '+' : ''}`,
    ].join(' | '),
  );
}
await database.close();
