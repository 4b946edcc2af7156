/**
 * A server of this checkout with the demo, started for a browser benchmark on a fresh data
 * directory (`npm start`: the built web app, the demo seeded with its known password), and its API
 * called with a bearer token.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export const repoRoot = new URL('..', import.meta.url).pathname;
/** The demo users' password when SEED_PASSWORD is not set. */
export const PASSWORD = 'docket-demo-1';

/** Starts the server in a process group of its own (`stopServer` ends the group) and waits for its health answer. */
export async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir };
  delete env.SEED_PASSWORD;
  const child = spawn('npm', ['start'], { cwd: repoRoot, env, stdio: 'ignore', detached: true });
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start');
}

/** Ends the server's process group, if still there. */
export function stopServer(server: ChildProcess): void {
  if (server.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

export async function api<T>(base: string, token: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers:
      init.body === undefined
        ? { Authorization: `Bearer ${token}` }
        : { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
