/**
 * A CPU profile of work run in this process, from V8's sampling profiler (`node:inspector`): the
 * profile written to a file (for Chrome's DevTools) and its heaviest functions by self time
 * printed. Not `cpu-time.ts`, which counts other processes' CPU time from `/proc`.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

/** Runs `work` `times` under the V8 profiler, writes the profile to `file`, prints the top self times. */
export async function cpuProfile(file: string, what: string, work: () => Promise<unknown>, times: number): Promise<void> {
  const session = new Session();
  session.connect();
  const post = <T>(method: string, params?: object) =>
    new Promise<T>((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 100 });
  await post('Profiler.start');
  for (let i = 0; i < times; i++) await work();
  const { profile } = await post<{ profile: CpuProfile }>('Profiler.stop');
  session.disconnect();
  writeFileSync(file, JSON.stringify(profile));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const frame = nodes.get(id)!.callFrame;
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  console.log(`    CPU profile of ${times} ${what} (${file}), heaviest self times:`);
  for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`      ${(us / 1000 / times).toFixed(1)} ms each  ${name}`);
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}
