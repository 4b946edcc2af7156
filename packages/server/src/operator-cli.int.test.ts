/**
 * The operator's command line as `npm run operator` runs it: Node alone, on its own type stripping
 * (docs/architecture.md#start-up). A mistake on the command line is the usage and exit code 2,
 * never a stack trace; --help is the usage on stdout.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'docket-operator-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function operator(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['src/operator-cli.ts', ...args],
      { cwd: serverRoot, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('the operator command line', () => {
  it('prints its usage for --help', async () => {
    const answer = await operator('--help');
    expect(answer.code).toBe(0);
    expect(answer.stdout).toMatch(/^Usage: operator list \| create --app-id ID/);
  });

  it('refuses an unknown option with the usage, exit code 2, no stack trace', async () => {
    const answer = await operator('list', '--bogus');
    expect(answer.code).toBe(2);
    expect(answer.stderr).toContain("Unknown option '--bogus'");
    expect(answer.stderr).toContain('Usage: operator');
    expect(answer.stderr).not.toMatch(/\n\s+at /);
  });

  it('lists the organisations of a database it opens (none in a new one)', async () => {
    const answer = await operator('list');
    expect(answer.stderr).toBe('');
    expect(answer.code).toBe(0);
    expect(JSON.parse(answer.stdout)).toEqual([]);
  }, 60_000);
});
