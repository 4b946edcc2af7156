/**
 * Where attachment bytes live: local disk (`LocalFileStore`, DATA_DIR/files or FILES_DIR) or an
 * S3-compatible object store (`S3FileStore` in s3-file-store.ts, when S3_BUCKET is set);
 * `openFileStore` picks one at start and it travels on the AppContext. Writes are two-phase: bytes
 * are first received into a local temporary file (`tempPath`), checked, and `commit` puts them under
 * their key; the caller removes committed keys again if recording them in the database fails, so
 * an interrupted or refused upload leaves nothing behind.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';

export interface FileStore {
  /** A fresh path for a local temporary file (its folder exists). */
  tempPath(): Promise<string>;
  /** Stores a temporary file under its key; the temporary file is gone afterwards, whether or not this succeeded. */
  commit(tempPath: string, key: string): Promise<void>;
  /** The bytes under a key, or undefined when there are none. */
  read(key: string): Promise<{ stream: Readable; size: number } | undefined>;
  /** Removes a key; removing a missing key is no error. */
  remove(key: string): Promise<void>;
}

/** The store could not do what was asked (unreachable, refused, misconfigured): not the caller's mistake. */
export class FileStoreError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FileStoreError';
  }
}

const KEY = /^[a-z0-9][a-z0-9/_-]{0,200}$/;

/** Keys are made by the server (never from a request) and checked again by every store. */
export function storageKeyOrThrow(key: string): string {
  if (!KEY.test(key) || key.includes('..') || key.includes('//')) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

export class LocalFileStore implements FileStore {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  #path(key: string): string {
    const path = resolve(this.root, storageKeyOrThrow(key));
    if (!path.startsWith(this.root + sep)) throw new Error(`Invalid storage key: ${key}`);
    return path;
  }

  async tempPath(): Promise<string> {
    return freshTempPath(join(this.root, '.tmp'));
  }

  async commit(tempPath: string, key: string): Promise<void> {
    try {
      const target = this.#path(key);
      await mkdir(dirname(target), { recursive: true });
      await rename(tempPath, target);
    } finally {
      await rm(tempPath, { force: true });
    }
  }

  async read(key: string): Promise<{ stream: Readable; size: number } | undefined> {
    const path = this.#path(key);
    try {
      const info = await stat(path);
      return { stream: createReadStream(path), size: info.size };
    } catch {
      return undefined;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.#path(key), { force: true });
  }
}

/** A new, unused path in `dir` (created if needed) for an upload's temporary file. */
export async function freshTempPath(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  return join(dir, randomUUID());
}

export function newStorageKey(orgId: number): string {
  return `org-${orgId}/${randomUUID()}`;
}
