/**
 * What a server start loads (docs/architecture.md#start-up): the packages of rare operations are
 * loaded when those operations first run, never by the modules a start imports. A fresh Node
 * process, as `npm start` runs it (Node alone, on its own type stripping), imports what `main.ts`
 * imports and names every package resolved on the way.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));

/** The packages a fresh process resolves while importing `modules` (paths from the server's root). */
async function packagesLoadedBy(modules: readonly string[]): Promise<string[]> {
  const program = `
    import { registerHooks } from 'node:module';
    const seen = new Set();
    registerHooks({
      resolve(specifier, context, nextResolve) {
        const resolved = nextResolve(specifier, context);
        const inPackage = /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(resolved.url);
        if (inPackage) seen.add(inPackage[1]);
        return resolved;
      },
    });
    for (const path of ${JSON.stringify(modules)}) await import(new URL(path, ${JSON.stringify(`file://${serverRoot}`)}).href);
    console.log(JSON.stringify([...seen].sort()));`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '--eval', program], {
    cwd: serverRoot,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as string[];
}

const startImports = [
  'src/platform/db/database.ts',
  'src/app-context.ts',
  'src/http/build-app.ts',
  'src/platform/files/open-file-store.ts',
  'src/modules/demo/demo-seed.ts',
];

/** Each loaded by the one operation that needs it: its first run pays for it, not every start. */
const loadedOnFirstUse = [
  'exceljs',
  'pdf-lib',
  'imapflow',
  'mailparser',
  'nodemailer',
  'sharp',
  '@aws-sdk/client-s3',
  '@aws-sdk/lib-storage',
  'pdfjs-dist',
  '@napi-rs/canvas',
];

describe('a server start', () => {
  it("loads the platform's packages, and none of those only rare operations use", async () => {
    const loaded = await packagesLoadedBy(startImports);
    expect(loaded).toEqual(expect.arrayContaining(['fastify', 'kysely', 'pino']));
    expect(loaded.filter((name) => loadedOnFirstUse.includes(name))).toEqual([]);
  });

  it('finds such a package when a module that imports it at its top is loaded', async () => {
    // The probe itself: a module that still imports one at its top is seen.
    expect(await packagesLoadedBy(['src/platform/files/media-worker.ts'])).toEqual(expect.arrayContaining(['sharp', 'pdfjs-dist']));
  });
});
