/**
 * What one cold list request costs, part by part (issue 18 item 6), in process, one request at a
 * time (no load generator competing for the CPU): the whole request through Fastify
 * (`app.inject`, every request distinct, the list-answer cache off), then each part alone on the
 * same requests — principal resolution (token check and the principal cache), list options
 * (parse and check filter and order), the SQL (page and capped count; and apart, the building and
 * compiling of its text alone), answers (labels, access, redaction), JSON — and the whole request
 * again with the request logger off. Medians of `--requests` requests, after `--warmup`, and
 * beside each the event loop's busy time per request. `--in-flight N` keeps N requests of each
 * part running at once, as a server under load does: one at a time, the event loop's busy time
 * also counts each wake-up from waiting on the reader thread, which load amortises
 * (what limits throughput: SQL on a reader thread takes time but leaves the loop free).
 * DB_READ_THREADS=0 puts the SQL back on the main connection for comparison.
 *
 *   DATA_DIR=… npx tsx bench/cold-profile.ts [--path …] [--requests 400] [--in-flight 10]
 *   DATABASE_URL=… npx tsx bench/cold-profile.ts
 */
import { parseArgs } from 'node:util';
import type { FastifyRequest } from 'fastify';
import { loadConfig } from '@docket/server/src/config.ts';
import { openDatabase } from '@docket/server/src/platform/db/database.ts';
import { openFileStore } from '@docket/server/src/platform/files/open-file-store.ts';
import { createAppContext } from '@docket/server/src/app-context.ts';
import { buildApp } from '@docket/server/src/http/build-app.ts';
import { resolvePrincipal } from '@docket/server/src/http/request-context.ts';
import { typeRegistryFor } from '@docket/server/src/platform/records/type-registry.ts';
import { listOptionsFrom } from '@docket/server/src/modules/documents/list-params.ts';
import { readScope } from '@docket/server/src/modules/documents/read-scope.ts';
import { listDocuments } from '@docket/server/src/platform/records/document-pages.ts';
import { countQuery, pageQuery } from '@docket/server/src/platform/records/page-sql.ts';
import { typeConditions } from '@docket/server/src/platform/records/document-query.ts';
import { fieldSql } from '@docket/server/src/platform/records/field-sql.ts';
import { answersFor } from '@docket/server/src/modules/documents/document-answers.ts';
import { TOTAL_COUNT_WINDOW } from '@docket/shared';

const { values } = parseArgs({
  options: {
    path: {
      type: 'string',
      default: "/v3/demo/incident?filter=status%20%3D%20'Closed'%20AND%20site_id%20%3D%203&order=created_date%20desc&count=15",
    },
    user: { type: 'string', default: 'admin@demo.local' },
    password: { type: 'string', default: process.env.SEED_PASSWORD || 'docket-demo-1' },
    requests: { type: 'string', default: '400' },
    warmup: { type: 'string', default: '100' },
    'in-flight': { type: 'string', default: '1' },
  },
});
const requests = Number(values.requests);
const warmup = Number(values.warmup);
const inFlight = Math.max(1, Number(values['in-flight']));

const config = loadConfig();
const configNoCache = { ...config, cache: { ...config.cache, listMs: 0, countMs: 0 } };
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  statementTimeoutMs: 0,
  readThreads: config.database.readThreads,
});
const ctx = await createAppContext({ database, config: configNoCache, fileStore: openFileStore(config.files) });
// The request logger writes to stdout; the profile sends it to /dev/null (run with > /dev/null 2>&1? no: figures go to stderr).
const logged = await buildApp(ctx, { logger: true });
const quiet = await buildApp(ctx, { logger: false });

const signIn = await quiet.inject({
  method: 'POST',
  url: '/oauth/token',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams({ grant_type: 'password', username: values.user, password: values.password }).toString(),
});
const token = (signIn.json() as { access_token: string }).access_token;
const headers = { authorization: `Bearer ${token}` };

/** The path with `AND id <> -n` added to its filter: the same rows, a different request. */
function distinct(n: number): string {
  const url = new URL(values.path, 'http://x');
  const filter = url.searchParams.get('filter');
  url.searchParams.set('filter', filter ? `(${filter}) AND id <> -${n}` : `id <> -${n}`);
  return url.pathname + url.search;
}

let sequence = 0;
/** Per request: the median time it took, and the event loop's busy time (ELU active, a mean). */
interface Cost {
  median: number;
  busy: number;
}
async function median(run: (n: number) => Promise<unknown>): Promise<Cost> {
  for (let i = 0; i < warmup; i++) await run(++sequence);
  const times: number[] = [];
  let started = 0;
  // `inFlight` loops take the requests in turn, each starting its next when its last has answered.
  const loop = async () => {
    while (started < requests) {
      started += 1;
      const n = ++sequence;
      const began = performance.now();
      await run(n);
      times.push(performance.now() - began);
    }
  };
  const before = performance.eventLoopUtilization();
  await Promise.all(Array.from({ length: inFlight }, loop));
  const used = performance.eventLoopUtilization(before);
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, busy: used.active / requests };
}

/** A request object enough for resolvePrincipal (headers, query, params). */
function fakeRequest(path: string): FastifyRequest {
  const url = new URL(path, 'http://x');
  return {
    headers,
    query: Object.fromEntries(url.searchParams),
    params: { appId: 'demo' },
    url: path,
    cookies: {},
  } as unknown as FastifyRequest;
}

const typeName = new URL(values.path, 'http://x').pathname.split('/')[3]!;
const principal = await resolvePrincipal(ctx, fakeRequest(values.path));
const type = (await typeRegistryFor(database).get(principal.org.id, typeName))!;
const optionsOf = (n: number) => {
  const url = new URL(distinct(n), 'http://x');
  const query = Object.fromEntries(url.searchParams) as Record<string, string>;
  return listOptionsFrom({ ...query, count: Number(query.count ?? 15), start: Number(query.start ?? 0) }, principal, type);
};
const listOf = (n: number) => {
  const options = optionsOf(n);
  return listDocuments(database, { ...readScope(principal, type), ...options, userId: principal.uuid });
};
/** The SQL of the page and its capped count alone, built and compiled, not run (what a statement cache could save). */
const listRequest = { ...readScope(principal, type), ...optionsOf(0), userId: principal.uuid };
const sqlText = () => {
  const where = typeConditions(database, listRequest, listRequest.userId, listRequest.filter);
  const order = listRequest.order.map((term) => ({
    expr: fieldSql(database.dialect, listRequest.catalog, term.field, 'd').expr,
    direction: term.direction,
  }));
  pageQuery(where, order, { start: listRequest.start, count: listRequest.count }, database.dialect).compile(database.db);
  countQuery(where, listRequest.start + TOTAL_COUNT_WINDOW + 1).compile(database.db);
};
const sampleRows = (await listOf(0)).rows;
const sampleAnswer = { dataAr: await answersFor(ctx, principal, type, sampleRows), total: 1000 };

const parts: [string, Cost][] = [];
parts.push(['whole request, request log on (inject)', await median((n) => logged.inject({ method: 'GET', url: distinct(n), headers }))]);
parts.push(['whole request, request log off (inject)', await median((n) => quiet.inject({ method: 'GET', url: distinct(n), headers }))]);
parts.push(['/api/health, the floor of any request (inject)', await median(() => quiet.inject({ method: 'GET', url: '/api/health' }))]);
parts.push(['principal resolution (token, principal cache)', await median((n) => resolvePrincipal(ctx, fakeRequest(distinct(n))))]);
parts.push([
  'type lookup + list options (parse, check)',
  await median(async (n) => {
    await typeRegistryFor(database).get(principal.org.id, typeName);
    return optionsOf(n);
  }),
]);
parts.push(['SQL: page + capped count', await median((n) => listOf(n))]);
parts.push(['  of which SQL text (conditions, compile)', await median(async () => sqlText())]);
parts.push(['answers: labels, access, redaction (15 rows)', await median(() => answersFor(ctx, principal, type, sampleRows))]);
parts.push(['JSON of the answer', await median(async () => JSON.stringify(sampleAnswer))]);

const readers = database.reader === database.db ? 'no reader threads' : `${config.database.readThreads} reader thread(s)`;
console.error(`${values.path} on ${database.dialect} (${readers}), ${requests} requests each, ${inFlight} at a time, ms:`);
console.error(`  ${'part'.padEnd(50)} ${'median'.padStart(8)} ${'event loop busy'.padStart(16)}`);
console.error(
  parts
    .map(([label, cost]) => `  ${label.padEnd(50)} ${cost.median.toFixed(3).padStart(8)} ${cost.busy.toFixed(3).padStart(16)}`)
    .join('\n'),
);
await quiet.close();
await logged.close();
await database.close();
