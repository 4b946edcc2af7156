/** The file store the server runs with, chosen once at start from the configuration. */
import { join } from 'node:path';
import { LocalFileStore, type FileStore } from './file-store.ts';
import { S3FileStore } from './s3-file-store.ts';
import type { S3Settings } from './s3-settings.ts';

export interface FileStoreConfig {
  /** Local directory: the files themselves on local disk, the temporary uploads with S3. */
  root: string;
  /** Set (S3_BUCKET): files go to that S3-compatible bucket. */
  s3: S3Settings | undefined;
}

export function openFileStore(config: FileStoreConfig): FileStore {
  return config.s3 ? new S3FileStore(config.s3, join(config.root, '.tmp')) : new LocalFileStore(config.root);
}
