/**
 * Create throughput: many connections POST valid incidents for a while; every 2xx is a create
 * acknowledged after the commit that holds it (the server's write queue batches concurrent
 * creates into one transaction: group commit). Prints creates/s, latency, the same-run
 * `/api/health` baseline, and checks afterwards that the acknowledged creates are all stored
 * with distinct display ids.
 *
 *   npm run bench:create -- --base http://127.0.0.1:8080 --connections 64 --seconds 10
 */
import { parseArgs } from 'node:util';
import { measure, printFigures, signIn } from './list-benchmark.ts';

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:8080' },
    user: { type: 'string', default: 'admin@demo.local' },
    password: { type: 'string', default: process.env.SEED_PASSWORD || 'docket-demo-1' },
    type: { type: 'string', default: 'incident' },
    app: { type: 'string', default: 'demo' },
    connections: { type: 'string', default: '64' },
    seconds: { type: 'string', default: '10' },
  },
});

const connections = Number(values.connections);
const seconds = Number(values.seconds);
const token = await signIn(values.base, values.user, values.password);
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const marker = `bench-${Date.now()}`;
// A site that exists in this organisation (creates check it and derive the region from it).
const sites = (await (
  await fetch(`${values.base}/v3/${values.app}/site?count=1&order=${encodeURIComponent('id asc')}`, { headers })
).json()) as {
  dataAr?: { id: number }[];
};
const siteId = sites.dataAr?.[0]?.id;
if (!siteId) throw new Error(`no site in ${values.app}: seed the demo organisation first`);
const body = JSON.stringify({
  summary: `Benchmark create ${marker}`,
  descrip: 'Created by bench/create-benchmark.ts',
  category: 'Near Miss',
  priority: 2,
  site_id: siteId,
});
const createUrl = `${values.base}/v3/${values.app}/${values.type}`;

const runStart = new Date(Date.now() - 60_000).toISOString();

/**
 * The number of stored documents carrying this run's marker (group_by counts are exact). The date
 * bound lets the count read this run's rows from the created-date index: on summary alone it read
 * every incident and could run out of its statement budget on 1,000,000 of them.
 */
async function storedCount(): Promise<number> {
  const filter = encodeURIComponent(`created_date >= '${runStart}' AND summary = 'Benchmark create ${marker}'`);
  const response = await fetch(`${createUrl}?filter=${filter}&group_by=summary`, { headers });
  return ((await response.json()) as { total: number }).total;
}

const check = await fetch(createUrl, { method: 'POST', headers, body });
if (check.status !== 201) throw new Error(`a create answers ${check.status}: ${await check.text()}`);

const health = await measure('/api/health (baseline)', `${values.base}/api/health`, {}, connections, seconds);
const creates = await measure(`POST ${values.type}`, createUrl, headers, connections, seconds, { method: 'POST', body });
printFigures([health, creates]);
console.log(
  `creates: ${Math.round(creates.requestsPerSecond)}/s sustained over ${seconds} s at ${connections} connections (budget ≥ 1,000/s on the embedded database)`,
);
console.log(
  `acknowledged ${creates.ok}; stored with this run's marker: ${await storedCount()} (the check create included; a create cut off by the end of the run may be stored without its answer)`,
);
