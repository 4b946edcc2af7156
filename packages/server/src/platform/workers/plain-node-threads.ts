/**
 * Node's flags for a worker thread whose code Node runs by itself: the parent's flags without
 * tsx's loader. `npm start` runs the server on Node's own type stripping, and so do its database
 * threads (reader, checkpoint, schema); when something runs the server through tsx (a benchmark
 * that starts it in process, `tsx src/main.ts`), a thread would inherit the loader and load tsx and
 * its hooks before its first read: 0.15–0.3 s later at a start on two cores
 * (docs/architecture.md#start-up). Every other flag (`--cpu-prof` for a profile, a heap limit)
 * still reaches the thread.
 */
export function plainNodeExecArgv(execArgv: readonly string[] = process.execArgv): string[] {
  const kept: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const flag = execArgv[i]!;
    if (LOADER_FLAGS.has(flag) && isTsx(execArgv[i + 1])) {
      i++; // the flag's value, the next argument
      continue;
    }
    const [name, value] = splitOnce(flag);
    if (value !== undefined && LOADER_FLAGS.has(name) && isTsx(value)) continue;
    kept.push(flag);
  }
  return kept;
}

const LOADER_FLAGS: ReadonlySet<string> = new Set(['--import', '--require', '-r', '--loader', '--experimental-loader']);

/** `tsx` and its entry points (`tsx/esm`, `tsx/cjs`), by name or by path. */
function isTsx(value: string | undefined): boolean {
  return value !== undefined && /(^|[/\\])tsx([/\\](esm|cjs|dist[/\\].*))?$/.test(value.replace(/^file:\/\//, ''));
}

function splitOnce(flag: string): [string, string | undefined] {
  const at = flag.indexOf('=');
  return at < 0 ? [flag, undefined] : [flag.slice(0, at), flag.slice(at + 1)];
}
