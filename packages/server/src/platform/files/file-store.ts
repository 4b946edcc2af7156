/**
 * Where attachment bytes live. The interface is small on purpose so an S3-compatible store can
 * implement it; only the local-disk store is built (DATA_DIR/files). Writes are two-phase: bytes
 * are first written to a temporary file (`tempPath`), and `commit` moves them to their key only
 * when the database transaction that records them is about to commit, so an interrupted upload
 * leaves nothing behind.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

export interface FileStore {
  /** A fresh path for a temporary file (its folder exists). */
  tempPath(): Promise<string>;
  /** Moves a temporary file to its key. */
  commit(tempPath: string, key: string): Promise<void>;
  read(key: string): Promise<{ stream: ReadStream; size: number } | undefined>;
  remove(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9/_-]{0,200}$/;

export class LocalFileStore implements FileStore {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** Keys are made by the server (never from a request) and checked again here. */
  #path(key: string): string {
    if (!KEY.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${key}`);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`Invalid storage key: ${key}`);
    return path;
  }

  async tempPath(): Promise<string> {
    const dir = join(this.root, '.tmp');
    await mkdir(dir, { recursive: true });
    return join(dir, randomUUID());
  }

  async commit(tempPath: string, key: string): Promise<void> {
    const target = this.#path(key);
    await mkdir(dirname(target), { recursive: true });
    await rename(tempPath, target);
  }

  async read(key: string): Promise<{ stream: ReadStream; size: number } | undefined> {
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

const stores = new Map<string, FileStore>();

/** The store under a data directory (FILES_DIR overrides the default `DATA_DIR/files`). */
export function fileStoreFor(dataDir: string): FileStore {
  const root = process.env.FILES_DIR || join(dataDir, 'files');
  let store = stores.get(root);
  if (!store) {
    store = new LocalFileStore(root);
    stores.set(root, store);
  }
  return store;
}

export function newStorageKey(orgId: number): string {
  return `org-${orgId}/${randomUUID()}`;
}
