/**
 * Load harness: signs in, then runs autocannon against a URL and, in the same run, against the
 * same server's /api/health (a static answer that touches no database) as the baseline. Prints
 * req/s and latency percentiles for both and the ratio.
 *
 *   npm run bench:list -- --base http://127.0.0.1:8080 --user reader@demo.local \
 *     --path "/v3/demo/incident?filter=status%20%3D%20'Closed'&count=15" --connections 10 --seconds 10
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:8080' },
    user: { type: 'string', default: 'admin@demo.local' },
    password: { type: 'string', default: process.env.SEED_PASSWORD || 'docket-demo-1' },
    path: { type: 'string', default: '/v3/demo/post?count=15' },
    connections: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '10' },
  },
});

export interface Figures {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function signIn(base: string, user: string, password: string): Promise<string> {
  const response = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: user, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

export async function measure(label: string, url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<Figures> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  const latency = result.latency as unknown as Record<string, number>;
  return {
    label,
    requestsPerSecond: result.requests.average,
    p50: latency.p50 ?? 0,
    p95: latency.p97_5 !== undefined && latency.p95 === undefined ? latency.p97_5 : (latency.p95 ?? 0),
    p99: latency.p99 ?? 0,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export function printFigures(rows: Figures[]): void {
  console.table(rows.map((r) => ({ target: r.label, 'req/s': Math.round(r.requestsPerSecond), 'p50 ms': r.p50, 'p95 ms': r.p95, 'p99 ms': r.p99, errors: r.errors, non2xx: r.non2xx })));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const connections = Number(values.connections);
  const seconds = Number(values.seconds);
  const token = await signIn(values.base, values.user, values.password);
  const baseline = await measure('/api/health (baseline)', `${values.base}/api/health`, {}, connections, seconds);
  const target = await measure(values.path, `${values.base}${values.path}`, { authorization: `Bearer ${token}` }, connections, seconds);
  printFigures([baseline, target]);
  console.log(`throughput ratio: ${((100 * target.requestsPerSecond) / baseline.requestsPerSecond).toFixed(1)}% of /api/health`);
}
