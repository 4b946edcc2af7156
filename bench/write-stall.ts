/**
 * How long requests stall while an index builds (issue 18 item 2): for `--seconds`, four clients
 * side by side through the API — one creating incidents one after another, one asking
 * `/api/health`, one asking the incident list with every request distinct (read on a reader
 * thread), one reading single documents — and for each the answers, the slowest answer and the longest gap between two answers.
 * Run it while an index build runs (e.g. the Indexes tab's Add, or `--rebuild <type>/<index>` to
 * drop an index an administrator added to a type and add it again through that API after `--after`
 * seconds, and says when it is there again; since the forty-seventh session its build runs at once, whatever the hour; before, only inside
 * INDEX_BUILD_QUIET_HOURS).
 *
 *   npx tsx bench/write-stall.ts --base http://127.0.0.1:8080 --seconds 60
 *   npx tsx bench/write-stall.ts --seconds 40 --rebuild field_check/<index name> --after 5
 */
import { parseArgs } from 'node:util';
import { signIn, withNoOpClause } from './list-benchmark.ts';

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:8080' },
    seconds: { type: 'string', default: '60' },
    rebuild: { type: 'string' },
    after: { type: 'string', default: '5' },
    // Prints each create slower than this many ms, with when it began (seconds into the run), to
    // place the stalls among the rebuild's steps.
    'slow-ms': { type: 'string' },
    password: { type: 'string', default: process.env.SEED_PASSWORD || 'docket-demo-1' },
  },
});
const base = values.base;
const token = await signIn(base, 'admin@demo.local', values.password);
const headers = { authorization: `Bearer ${token}` };
// A site that exists in this organisation (creates check it).
const sites = (await (await fetch(`${base}/v3/demo/site?count=1&order=${encodeURIComponent('id asc')}`, { headers })).json()) as {
  dataAr?: { id: number }[];
};
const siteId = sites.dataAr?.[0]?.id;
// Documents the single-document probe reads, one after another: the newest by creation date, an
// order every database has an index for (by `id`, PostgreSQL walks its primary key through the
// rows of every other type newer than the last incident, past the query budget on 2,000,000 rows).
const recentAnswer = await fetch(`${base}/v3/demo/incident?count=50&order=${encodeURIComponent('created_date desc')}`, { headers });
if (!recentAnswer.ok) throw new Error(`the newest incidents answered ${recentAnswer.status}: ${await recentAnswer.text()}`);
const documentIds = ((await recentAnswer.json()) as { dataAr: { id: number }[] }).dataAr.map((doc) => doc.id);
const until = Date.now() + Number(values.seconds) * 1000;
const began = performance.now();
const slowMs = values['slow-ms'] === undefined ? undefined : Number(values['slow-ms']);

interface Probe {
  name: string;
  answers: number;
  slowestMs: number;
  longestGapMs: number;
}

/** Asks `request` one answer after another until the end; `request` throws on a wrong status. */
async function probe(name: string, request: (n: number) => Promise<void>): Promise<Probe> {
  const figures: Probe = { name, answers: 0, slowestMs: 0, longestGapMs: 0 };
  let lastAnswer = performance.now();
  while (Date.now() < until) {
    const start = performance.now();
    await request(figures.answers);
    const end = performance.now();
    figures.slowestMs = Math.max(figures.slowestMs, end - start);
    if (name === 'create' && slowMs !== undefined && end - start > slowMs)
      console.log(`slow create: ${(end - start).toFixed(0)} ms, from ${((start - began) / 1000).toFixed(2)} s`);
    figures.longestGapMs = Math.max(figures.longestGapMs, end - lastAnswer);
    lastAnswer = end;
    figures.answers += 1;
  }
  return figures;
}

async function expectStatus(response: Response, status: number, what: string): Promise<void> {
  if (response.status !== status) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
}

// Closed incidents created before the run: the creates add open incidents at the top of this
// order, which a list of every closed incident would read past on each page (3,397 answers in 25 s
// on a fresh file, 311 in 20 s after 60,000 creates: bench/README.md, forty-ninth session), so
// rounds on the same file could not be compared.
const listPath = `/v3/demo/incident?filter=${encodeURIComponent(`status = 'Closed' AND created_date < '${new Date().toISOString()}'`)}&order=created_date%20desc&count=15`;

/** Drops an index an administrator added and adds it again through the Indexes tab's API, `--after` seconds in. */
async function rebuild(target: string): Promise<void> {
  const [type, name] = target.split('/');
  await new Promise((resolve) => setTimeout(resolve, Number(values.after) * 1000));
  const tab = `${base}/v3/demo/$$schema/indexes/${type}`;
  const listed = (await (await fetch(`${tab}?sizes=false`, { headers })).json()) as { existing?: { name: string; shape: string | null }[] };
  const shape = listed.existing?.find((each) => each.name === name)?.shape;
  if (!shape) throw new Error(`No index ${name} of a list shape on ${type}`);
  const [equality = '', order = ''] = shape.split('|');
  const dropping = performance.now();
  await expectStatus(await fetch(`${tab}/${name}`, { method: 'DELETE', headers }), 200, 'the drop');
  const dropMs = performance.now() - dropping;
  const body = JSON.stringify({ equality: equality.split(','), order });
  const added = await fetch(tab, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
  if (added.status >= 300) throw new Error(`the add answered ${added.status}: ${await added.text()}`);
  const secondsIn = (at: number) => ((at - began) / 1000).toFixed(1);
  console.log(
    `${type}/${name} (${shape}) dropped from ${secondsIn(dropping)} s (${dropMs.toFixed(0)} ms) and added again, ${secondsIn(performance.now())} s in`,
  );
  // Until the build job has made it (the tab lists it as existing again).
  while (Date.now() < until) {
    const tabNow = (await (await fetch(`${tab}?sizes=false`, { headers })).json()) as { existing?: { name: string }[] };
    if (tabNow.existing?.some((each) => each.name === name)) return console.log(`${name} built, ${secondsIn(performance.now())} s in`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const results = await Promise.all([
  probe('create', async (n) => {
    const response = await fetch(`${base}/v3/demo/incident`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        summary: `Stall probe ${n}`,
        descrip: 'Created while an index builds',
        incident_date: new Date().toISOString(),
        category: 'Near Miss',
        site_id: siteId,
      }),
    });
    await expectStatus(response, 201, 'a create');
  }),
  probe('/api/health', async () => expectStatus(await fetch(`${base}/api/health`), 200, 'health')),
  probe('list, every request distinct', async (n) =>
    expectStatus(await fetch(`${base}${withNoOpClause(listPath, n + 1)}`, { headers }), 200, 'the list'),
  ),
  probe('one document', async (n) =>
    expectStatus(await fetch(`${base}/v3/demo/incident/${documentIds[n % documentIds.length]}`, { headers }), 200, 'a document'),
  ),
  ...(values.rebuild ? [rebuild(values.rebuild).then(() => null)] : []),
]);
const seconds = (performance.now() - began) / 1000;
console.log(`${seconds.toFixed(1)} s`);
for (const figures of results) {
  if (!figures) continue;
  console.log(
    `${figures.name.padEnd(30)} ${String(figures.answers).padStart(7)} answers; slowest ${figures.slowestMs.toFixed(0)} ms, longest gap between two ${figures.longestGapMs.toFixed(0)} ms`,
  );
}
