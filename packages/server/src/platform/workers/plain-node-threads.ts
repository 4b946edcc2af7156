/**
 * Node's flags for a worker thread whose code Node runs by itself: the parent's flags without
 * tsx's loader. The database threads (reader, checkpoint, schema) are erasable TypeScript that
 * imports only Node's own modules and plain JavaScript packages, which Node 24 strips of their
 * types itself, so each thread starts without loading tsx and its hooks; the reader threads came
 * up 0.15–0.3 s sooner at a server's start on two cores (docs/architecture.md#start-up). Every other flag
 * (`--cpu-prof` for a profile, a heap limit) still reaches the thread.
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
