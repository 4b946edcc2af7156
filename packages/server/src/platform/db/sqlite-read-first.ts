/**
 * Schema work on a large b-tree of the embedded database — dropping an index of a type's 1,000,000
 * documents or an index build's entry table, analysing a new index — holds writes while SQLite
 * reads every page of it (a drop walks the b-tree to free each page, an analysis reads each
 * entry). Read from the file then, those pages were most of the time writes waited: a drop of an
 * index of 18,000 pages 275–318 ms alone, 52–59 ms once its pages were in the connection's page
 * cache; its exact analysis 434–896 ms, 140–145 ms (bench/README.md, forty-eighth session). So the
 * schema thread reads them first, beside the writes (`dbstat` visits every page of the b-trees it
 * names), into a page cache large enough to keep them, and only then holds writes for the script
 * (docs/architecture.md#index-builds-in-chunks).
 */
import type { SchemaSession } from './sqlite-off-loop.ts';

/**
 * The schema thread's page cache while it reads first, in KiB: an index of 1,000,000 entries is
 * 70–120 MB. The cache grows only as pages are read, and the thread ends with the script.
 */
export const READ_FIRST_PAGE_CACHE_KIB = 262_144;

/** `text` as an SQL string literal (schema scripts travel as text, without parameters). */
export function quoted(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** The statement that reads every page of `btrees` (names of tables and indexes). */
export function pagesReadStatement(btrees: readonly string[]): string {
  return `SELECT count(*) AS pages FROM dbstat WHERE name IN (${btrees.map(quoted).join(', ')})`;
}

/**
 * Runs `script` on a schema session `openSession` starts, holding writes, after reading the pages
 * of `btrees` (what the script drops or reads) beside the writes. Without `dbstat` (a build of
 * SQLite without it) the script runs all the same, reading its pages while it holds writes.
 */
export async function runReadFirst(openSession: () => Promise<SchemaSession>, btrees: readonly string[], script: string): Promise<void> {
  const session = await openSession();
  try {
    await session.read(`PRAGMA cache_size = -${READ_FIRST_PAGE_CACHE_KIB}`);
    await session.read(pagesReadStatement(btrees)).catch(() => undefined);
    await session.write(script);
  } finally {
    await session.close();
  }
}
