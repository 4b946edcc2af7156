/**
 * What the list-shape indexes cost creates (issue 18 item 5: "creates stay ≥ 1,000/s on the
 * embedded database with the added indexes"). Against a running server on the embedded database,
 * in one run: `/api/health` (the baseline), then rounds that alternate creates **without** the
 * type's derived list-shape indexes (`sx_<type>_…`, dropped through a second connection to the
 * same file) and creates **with** them (rebuilt from their stored DDL). Alternating A/B rounds
 * keeps the machine's load drift out of the comparison; the load average is printed per round.
 * Every create is answered after its commit (group commit). The indexes are left in place.
 *
 *   DATA_DIR=/tmp/bench-sqlite PORT=8080 npm start     # in another shell
 *   npx tsx bench/create-index-cost.ts --base http://127.0.0.1:8080 --data-dir /tmp/bench-sqlite --rounds 2
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DatabaseSync } from 'node:sqlite';
import { measure, printFigures, signIn, type Figures } from './list-benchmark.ts';

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:8080' },
    'data-dir': { type: 'string' },
    password: { type: 'string', default: process.env.SEED_PASSWORD || 'docket-demo-1' },
    type: { type: 'string', default: 'incident' },
    app: { type: 'string', default: 'demo' },
    connections: { type: 'string', default: '32' },
    seconds: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '2' },
  },
});
if (!values['data-dir']) throw new Error('--data-dir: the DATA_DIR of the server (its docket.sqlite)');
const connections = Number(values.connections);
const seconds = Number(values.seconds);
const type = values.type;
if (!/^[a-z_][a-z0-9_]*$/.test(type)) throw new Error(`--type: a type name, got ${type}`);

const file = join(values['data-dir'], 'docket.sqlite');
const db = new DatabaseSync(file);
db.exec('PRAGMA busy_timeout = 60000');
const indexes = db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'documents'`).all() as {
  name: string;
  sql: string;
}[];
const shapeIndexes = indexes.filter((index) => index.name.startsWith(`sx_${type}_`));
if (shapeIndexes.length === 0) throw new Error(`no sx_${type}_ index in ${file}: start the server once so it builds them`);
console.log(`${shapeIndexes.length} list-shape indexes of ${type}: ${shapeIndexes.map((index) => index.name).join(', ')}`);

const token = await signIn(values.base, 'admin@demo.local', values.password);
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const site = (await (
  await fetch(`${values.base}/v3/${values.app}/site?count=1&order=${encodeURIComponent('id asc')}`, { headers })
).json()) as {
  dataAr?: { id: number }[];
};
const body = JSON.stringify({
  summary: `Index cost create ${Date.now()}`,
  descrip: 'Created by bench/create-index-cost.ts',
  category: 'Near Miss',
  priority: 2,
  site_id: site.dataAr?.[0]?.id,
});
const createUrl = `${values.base}/v3/${values.app}/${type}`;
const check = await fetch(createUrl, { method: 'POST', headers, body });
if (check.status !== 201) throw new Error(`a create answers ${check.status}: ${await check.text()}`);

function setIndexes(present: boolean): void {
  for (const index of shapeIndexes)
    db.exec(present ? index.sql.replace(/^CREATE INDEX /i, 'CREATE INDEX IF NOT EXISTS ') : `DROP INDEX IF EXISTS "${index.name}"`);
  db.exec('PRAGMA optimize');
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
const rows: Figures[] = [await measure('/api/health (baseline)', `${values.base}/api/health`, {}, connections, seconds)];
const perVariant: Record<'without' | 'with', number[]> = { without: [], with: [] };
for (let round = 1; round <= Number(values.rounds); round++) {
  for (const variant of ['without', 'with'] as const) {
    setIndexes(variant === 'with');
    const figures = await measure(
      `creates ${variant} sx_ indexes (round ${round}, load ${load()})`,
      createUrl,
      headers,
      connections,
      seconds,
      {
        method: 'POST',
        body,
      },
    );
    rows.push(figures);
    perVariant[variant].push(figures.requestsPerSecond);
  }
}
setIndexes(true);
db.close();
printFigures(rows);
const mean = (list: number[]) => list.reduce((sum, value) => sum + value, 0) / list.length;
const without = mean(perVariant.without);
const withIndexes = mean(perVariant.with);
console.log(
  `\ncreates/s without the ${shapeIndexes.length} list-shape indexes: ${without.toFixed(0)}; with them: ${withIndexes.toFixed(0)} ` +
    `(${((withIndexes / without) * 100).toFixed(0)}% of without); budget ≥ 1,000/s with them: ${withIndexes >= 1000 ? 'met' : 'NOT met'}; load average ${load()}`,
);
