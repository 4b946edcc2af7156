/**
 * Deep pages (issue 18 items 4–5: "page 1,000 of an unfiltered list: p95 < 20 ms"): in one run,
 * `/api/health` (the baseline), page 1, page 1,000 asked by its number (`start`: the database
 * skips 14,985 index entries) and page 1,000 reached by keyset continuation (`after` = page 999's
 * `cursors.next`, as the web list asks when the user steps there), then `/api/health` again.
 * Every request is distinct (a no-op `id <> -n` in the filter) so no cache answers; the load
 * average is printed with the figures. Each of `--users` in turn: the administrator, and a
 * site-restricted user whose pages merge their sites' ordered reads (page-sql.ts, mergedIds).
 *
 *   npx tsx bench/deep-page-benchmark.ts --base http://127.0.0.1:8080 --connections 10 --seconds 10 \
 *     [--users admin@demo.local,restricted@demo.local] [--threads <server pid>]
 * With `--threads`, also the server's CPU per answer by thread (event loop, reader threads), as
 * `list-benchmark.ts --threads` prints it.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { threadWatch } from './cpu-time.ts';
import { measure, printFigures, printThreadShares, signIn, withNoOpClause, type Figures } from './list-benchmark.ts';

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:8080' },
    users: { type: 'string', default: 'admin@demo.local,restricted@demo.local' },
    password: { type: 'string', default: process.env.SEED_PASSWORD || 'docket-demo-1' },
    type: { type: 'string', default: 'incident' },
    order: { type: 'string', default: 'created_date desc' },
    page: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '10' },
    threads: { type: 'string' },
  },
});
if (values.threads !== undefined && !/^\d+$/.test(values.threads))
  throw new Error(`--threads takes the server's pid, got ${values.threads}`);
const threads = values.threads ? threadWatch(Number(values.threads)) : undefined;
const connections = Number(values.connections);
const seconds = Number(values.seconds);
const count = 15;
const start = (Number(values.page) - 1) * count;
const listPath = (query: Record<string, string | number>) =>
  `/v3/demo/${values.type}?${new URLSearchParams(Object.entries({ order: values.order, count, ...query }).map(([k, v]): [string, string] => [k, String(v)]))}`;
const health = () => measure('/api/health (baseline)', `${values.base}/api/health`, {}, connections, seconds);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

/** Page 1, the page by number and by cursor for one user, after checking both deep answers agree. */
async function deepPages(user: string): Promise<Figures[]> {
  const headers = { authorization: `Bearer ${await signIn(values.base, user, values.password)}` };
  const previous = (await (await fetch(`${values.base}${listPath({ start: start - count })}`, { headers })).json()) as {
    cursors?: { next: string };
  };
  if (!previous.cursors) throw new Error(`page ${Number(values.page) - 1} is empty for ${user}: load more documents`);
  const byNumber = listPath({ start });
  const byCursor = listPath({ start, after: previous.cursors.next });
  const [numbered, continued] = await Promise.all(
    [byNumber, byCursor].map(
      async (path) => ((await (await fetch(`${values.base}${path}`, { headers })).json()) as { dataAr: { id: number }[] }).dataAr,
    ),
  );
  const same = JSON.stringify(numbered!.map((row) => row.id)) === JSON.stringify(continued!.map((row) => row.id));
  console.log(`${user}: page ${values.page} by number and by cursor answer the same rows: ${same}`);
  const target = (label: string, path: string) =>
    measure(`${user}, ${label} (load ${load()})`, `${values.base}${path}`, headers, connections, seconds, {
      pathOf: (n) => withNoOpClause(path, n),
      ...(threads ? { threads } : {}),
    });
  return [
    await target('page 1', listPath({ start: 0 })),
    await target(`page ${values.page} by number`, byNumber),
    await target(`page ${values.page} by cursor`, byCursor),
  ];
}

const rows: Figures[] = [await health()];
for (const user of values.users.split(',').map((name) => name.trim())) rows.push(...(await deepPages(user)));
rows.push(await health());
printFigures(rows);
const baseline = (rows[0]!.requestsPerSecond + rows.at(-1)!.requestsPerSecond) / 2;
for (const row of rows.slice(1, -1))
  console.log(`${row.label}: ${((100 * row.requestsPerSecond) / baseline).toFixed(1)}% of /api/health, p95 ${row.p95} ms (budget < 20 ms)`);
if (threads) printThreadShares(rows);
console.log(`load average at the end: ${load()}`);
