/**
 * A write answered 2xx survives `kill -9` of the server (issue 2 item 4): the embedded database
 * commits with synchronous=FULL before the answer leaves.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const mainPath = fileURLToPath(new URL('./main.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'docket-durability-'));
const port = 18000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;

/** The server as `npm start` runs it: Node alone, on its own type stripping (docs/architecture.md#start-up). */
function startServer(): ChildProcess {
  return spawn(process.execPath, [mainPath], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
}

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not start');
}

async function signIn(): Promise<string> {
  const response = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'admin@demo.local', password: 'docket-demo-1' }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

describe('durability', () => {
  let server: ChildProcess | undefined;
  afterAll(() => {
    server?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps acknowledged writes across kill -9', async () => {
    server = startServer();
    await waitForHealth();
    const token = await signIn();
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      const response = await fetch(`${base}/v3/demo/post`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ summary: `Durable ${i}`, descrip: 'must survive' }),
      });
      expect(response.status).toBe(201);
      ids.push(((await response.json()) as { id: number }).id);
    }
    server.kill('SIGKILL');
    await new Promise((resolve) => server!.once('exit', resolve));

    server = startServer();
    await waitForHealth();
    const again = await signIn();
    for (const id of ids) {
      const response = await fetch(`${base}/v3/demo/post/${id}`, { headers: { authorization: `Bearer ${again}` } });
      expect(response.status).toBe(200);
    }
  });
});
