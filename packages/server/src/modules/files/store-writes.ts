/**
 * Moving checked uploads into the file store (local disk or S3) around the transaction that
 * records them. The bytes go in first, under fresh keys, and never inside the transaction: the
 * write queue runs a whole batch of writes in one transaction holding the write lock, so nothing
 * in it may wait on the network (an S3 PUT of a 25 MB file). If the store refuses, no row is
 * written; if writing the rows fails afterwards, the stored keys are removed again. Either way a
 * failure leaves neither rows nor bytes (nor temporary files: `commit` removes them).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../http/http-error.ts';
import { FileStoreError } from '../../platform/files/file-store.ts';

export const STORE_WRITE_FAILED = 'The file could not be stored, so nothing was saved. Please try again later.';
export const STORE_READ_FAILED = 'The file could not be read from storage. Please try again later.';

/** A store failure is the server's, not the caller's: logged in full, answered as a plain 500 message. */
export function storeFailure(log: FastifyBaseLogger, error: unknown, message: string): unknown {
  if (!(error instanceof FileStoreError)) return error;
  log.error({ err: error }, 'file store failed');
  return new HttpError('internal', message);
}

/** Stores every [temporary file, key]; all or none: on a failure the ones stored are removed and it throws. */
export async function putInStore(
  ctx: AppContext,
  log: FastifyBaseLogger,
  commits: readonly (readonly [string, string])[],
): Promise<string[]> {
  const results = await Promise.allSettled(commits.map(([temp, key]) => ctx.fileStore.commit(temp, key).then(() => key)));
  const stored = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = results.find((r) => r.status === 'rejected');
  if (!failed) return stored;
  await takeOutOfStore(ctx, stored);
  throw storeFailure(log, failed.reason, STORE_WRITE_FAILED);
}

/** Best effort: a key left behind is an orphan object, never a visible file. */
export async function takeOutOfStore(ctx: AppContext, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => ctx.fileStore.remove(key).catch(() => undefined)));
}
