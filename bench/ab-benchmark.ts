/**
 * Two servers (say, old and new code on the same database) measured in alternated rounds, so the
 * machine's drift reaches both alike: on the shared two-core machines the same list moves by half
 * between runs minutes apart, more than most changes (bench/README.md, eighteenth and nineteenth
 * sessions). Which server goes first alternates too: measured always second, a server of the
 * same code answered 6–9 % more than the first, which alternation removed (nineteenth session).
 *
 *   npm run bench:ab -- --a http://127.0.0.1:8080 --b http://127.0.0.1:8081 \
 *     --a-cpu <pid> --b-cpu <pid> [--rounds 6 --seconds 8 --connections 10 --path … --same]
 *
 * Every request is distinct (a no-op `id <> -n` in the filter) unless `--same`, so no cache
 * answers. `--a-user`/`--b-user` compare two users on one server instead (pass the same base).
 */
import { parseArgs } from 'node:util';
import { cpuWatch, type CpuWatch } from './cpu-time.ts';
import { measure, signIn, withNoOpClause, type Figures } from './list-benchmark.ts';

const { values } = parseArgs({
  options: {
    a: { type: 'string', default: 'http://127.0.0.1:8080' },
    b: { type: 'string', default: 'http://127.0.0.1:8081' },
    'a-cpu': { type: 'string' },
    'b-cpu': { type: 'string' },
    'a-user': { type: 'string', default: 'admin@demo.local' },
    'b-user': { type: 'string' },
    password: { type: 'string', default: process.env.SEED_PASSWORD || 'docket-demo-1' },
    path: {
      type: 'string',
      default: "/v3/demo/incident?filter=status%20%3D%20'Closed'%20AND%20site_id%20%3D%203&order=created_date%20desc&count=15",
    },
    rounds: { type: 'string', default: '6' },
    seconds: { type: 'string', default: '8' },
    connections: { type: 'string', default: '10' },
    same: { type: 'boolean', default: false },
  },
});

interface Side {
  name: 'A' | 'B';
  base: string;
  user: string;
  cpu?: CpuWatch;
  runs: Figures[];
}

const watch = (items?: string) => (items ? cpuWatch(items.split(',').map((item) => item.trim())) : undefined);
const sides: Side[] = [
  { name: 'A', base: values.a, user: values['a-user'], cpu: watch(values['a-cpu']), runs: [] },
  { name: 'B', base: values.b, user: values['b-user'] ?? values['a-user'], cpu: watch(values['b-cpu']), runs: [] },
];
const tokens = await Promise.all(sides.map((side) => signIn(side.base, side.user, values.password)));
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
// Each run's distinct requests start past the last run's, so no run repeats an earlier one's filter.
let firstOfRun = 0;

for (let round = 0; round < rounds; round++) {
  for (const index of round % 2 === 0 ? [0, 1] : [1, 0]) {
    const side = sides[index]!;
    const offset = firstOfRun;
    firstOfRun += 10_000_000;
    const figures = await measure(
      side.name,
      `${side.base}${values.path}`,
      { authorization: `Bearer ${tokens[index]}` },
      connections,
      seconds,
      {
        ...(side.cpu ? { cpu: side.cpu } : {}),
        ...(values.same ? {} : { pathOf: (n: number) => withNoOpClause(values.path, offset + n) }),
      },
    );
    side.runs.push(figures);
    console.log(`round ${round + 1} ${side.name}: ${describe(figures)}`);
  }
}

const mean = (numbers: number[]) => numbers.reduce((sum, n) => sum + n, 0) / Math.max(numbers.length, 1);
for (const side of sides) {
  const cpu = side.runs.map((run) => run.cpuMsPerAnswer).filter((ms): ms is number => ms !== undefined);
  console.log(
    `${side.name} (${side.base}, ${side.user}): mean ${Math.round(mean(side.runs.map((run) => run.requestsPerSecond)))} req/s, ` +
      `p95 ${Math.min(...side.runs.map((run) => run.p95))}–${Math.max(...side.runs.map((run) => run.p95))} ms` +
      (cpu.length > 0 ? `, mean ${Math.round(mean(cpu) * 1000)} µs of CPU per answer` : ''),
  );
}
const wins = sides[1]!.runs.filter((run, round) => run.requestsPerSecond > sides[0]!.runs[round]!.requestsPerSecond).length;
console.log(
  `B against A: ×${(mean(sides[1]!.runs.map((run) => run.requestsPerSecond)) / mean(sides[0]!.runs.map((run) => run.requestsPerSecond))).toFixed(2)} req/s, B ahead in ${wins} of ${rounds} rounds`,
);
if (sides.some((side) => side.runs.some((run) => run.non2xx > 0 || run.errors > 0))) {
  console.log('Some answers failed (non-2xx or errors): the figures above do not compare like with like.');
  process.exitCode = 1;
}

function describe(figures: Figures): string {
  const cpu = figures.cpuMsPerAnswer === undefined ? '' : `, ${Math.round(figures.cpuMsPerAnswer * 1000)} µs CPU/answer`;
  return `${Math.round(figures.requestsPerSecond)} req/s, p95 ${figures.p95} ms${cpu}, non-2xx ${figures.non2xx}`;
}
