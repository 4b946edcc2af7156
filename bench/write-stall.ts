/**
 * How long writes stall while an index builds (issue 18 item 2): creates incidents one after
 * another through the API for `--seconds` and prints the slowest create and the longest gap
 * between two answered creates. Run it while an index build runs (e.g. the Indexes tab's Add).
 *
 *   npx tsx bench/write-stall.ts --base http://127.0.0.1:8080 --seconds 60
 */
import { parseArgs } from 'node:util';
import { signIn } from './list-benchmark.ts';

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:8080' },
    seconds: { type: 'string', default: '60' },
    password: { type: 'string', default: process.env.SEED_PASSWORD || 'docket-demo-1' },
  },
});
const token = await signIn(values.base, 'admin@demo.local', values.password);
// A site that exists in this organisation (creates check it).
const sites = (await (
  await fetch(`${values.base}/v3/demo/site?count=1&order=${encodeURIComponent('id asc')}`, {
    headers: { authorization: `Bearer ${token}` },
  })
).json()) as { dataAr?: { id: number }[] };
const siteId = sites.dataAr?.[0]?.id;
const until = Date.now() + Number(values.seconds) * 1000;
let slowest = 0;
let created = 0;
const began = performance.now();
while (Date.now() < until) {
  const start = performance.now();
  const response = await fetch(`${values.base}/v3/demo/incident`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      summary: `Stall probe ${created}`,
      descrip: 'Created while an index builds',
      incident_date: new Date().toISOString(),
      category: 'Near Miss',
      site_id: siteId,
    }),
  });
  if (response.status !== 201) throw new Error(`create answered ${response.status}: ${await response.text()}`);
  slowest = Math.max(slowest, performance.now() - start);
  created += 1;
}
const seconds = (performance.now() - began) / 1000;
console.log(`${created} creates in ${seconds.toFixed(1)} s; slowest create ${slowest.toFixed(0)} ms`);
