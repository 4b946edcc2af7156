/**
 * Attachment bytes in an S3-compatible object store (AWS S3, MinIO, Ceph RGW, Cloudflare R2, …),
 * used when S3_BUCKET is set, through the AWS SDK (`@aws-sdk/client-s3`). Uploads still arrive in
 * a local temporary file (`tempPath`, under FILES_DIR/.tmp) where they are checked; `commit` then
 * sends the file under its key with `@aws-sdk/lib-storage`'s `Upload` — one PutObject for a small
 * file, a multipart upload in `partSize` parts for a big one (a failed multipart upload is aborted,
 * so no parts are left billed) — and removes the temporary file whether or not that succeeded.
 * `read` streams the GetObject body to the client without buffering it; `remove` is a DeleteObject
 * (a missing object is fine).
 *
 * The SDK brings what the hand-written client lacked: the standard credential chain when no keys
 * are configured (AWS_* variables, shared profiles, web identity, ECS task roles, EC2 instance
 * roles), retries with backoff on throttling, 5xx and connection failures, and multipart uploads.
 *
 * Requests go out through the SDK's own node:http(s) handler, not `guardedFetch`: the endpoint is
 * set by the operator (S3_ENDPOINT, often a private or loopback address such as a MinIO beside the
 * server), never taken from a user, so the private-address guard for user-supplied URLs does not apply.
 */
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type { Upload } from '@aws-sdk/lib-storage';
import { FileStoreError, freshTempPath, storageKeyOrThrow, type FileStore } from './file-store.ts';
import type { S3Settings } from './s3-settings.ts';

/** No byte sent or received for this long fails the attempt (and the SDK retries it). */
const IDLE_TIMEOUT_MS = 30_000;
const CONNECT_TIMEOUT_MS = 5_000;
/** Attempts per request, the first included (the SDK's standard retry strategy with backoff). */
const MAX_ATTEMPTS = 3;
/** Files above this go up in parts of this size (S3's minimum part size is 5 MiB). */
export const DEFAULT_PART_SIZE = 8 * 1024 * 1024;
/** Parts of one file in flight at once (each is a buffer of up to `partSize` bytes). */
const PARTS_IN_FLIGHT = 1;
/**
 * Files sent at once by this process. The SDK sends buffers (a retry must be able to send the
 * same bytes again), so memory is bounded here: about UPLOADS_AT_ONCE × 2 × partSize (64 MB).
 * One request may carry ten files; the others wait their turn.
 */
const UPLOADS_AT_ONCE = 4;

export interface S3FileStoreOptions {
  partSize?: number;
}

/** The SDK client for the settings: explicit keys when configured, else the default credential chain. */
export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    maxAttempts: MAX_ATTEMPTS,
    // S3-compatible stores (MinIO releases, Ceph, R2, s3rver) do not all accept the CRC checksums
    // the SDK adds by default since 2025; send and check them only where an operation requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: IDLE_TIMEOUT_MS },
  };
}

interface S3Sdk {
  s3: typeof S3;
  Upload: typeof Upload;
  client: S3Client;
}

/**
 * The SDK (about 0.15 s to load) is loaded when an S3 store is made, so a server keeping its files
 * on local disk never loads it (docs/architecture.md#start-up).
 */
async function loadSdk(settings: S3Settings): Promise<S3Sdk> {
  const [s3, storage] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  return { s3, Upload: storage.Upload, client: new s3.S3Client(s3ClientConfig(settings)) };
}

export class S3FileStore implements FileStore {
  readonly #settings: S3Settings;
  readonly #tempDir: string;
  readonly #sdk: Promise<S3Sdk>;
  readonly #partSize: number;
  readonly #uploadSlots = new Slots(UPLOADS_AT_ONCE);

  constructor(settings: S3Settings, tempDir: string, options: S3FileStoreOptions = {}) {
    this.#settings = settings;
    this.#tempDir = tempDir;
    this.#sdk = loadSdk(settings);
    // Awaited by every operation, which then fails with the reason; not an unhandled rejection meanwhile.
    this.#sdk.catch(() => undefined);
    this.#partSize = options.partSize ?? DEFAULT_PART_SIZE;
  }

  /** The object key of a storage key (with S3_PREFIX). */
  #objectKey(key: string): string {
    return this.#settings.prefix + storageKeyOrThrow(key);
  }

  async tempPath(): Promise<string> {
    return freshTempPath(this.#tempDir);
  }

  async commit(tempPath: string, key: string): Promise<void> {
    const objectKey = this.#objectKey(key);
    const { s3, Upload, client } = await this.#sdk;
    const release = await this.#uploadSlots.take();
    try {
      const upload = new Upload({
        client,
        params: { Bucket: this.#settings.bucket, Key: objectKey, Body: createReadStream(tempPath) },
        partSize: this.#partSize,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      await upload.done();
    } catch (error) {
      // Without an answer the object may still have been stored; its key is new, so removing it is safe.
      if (!(error instanceof s3.S3ServiceException)) await this.remove(key).catch(() => undefined);
      throw this.#failure('PUT', objectKey, error, s3);
    } finally {
      release();
      await rm(tempPath, { force: true });
    }
  }

  async read(key: string): Promise<{ stream: Readable; size: number } | undefined> {
    const objectKey = this.#objectKey(key);
    const { s3, client } = await this.#sdk;
    let answer;
    try {
      answer = await client.send(new s3.GetObjectCommand({ Bucket: this.#settings.bucket, Key: objectKey }));
    } catch (error) {
      if (error instanceof s3.NoSuchKey || (error instanceof s3.S3ServiceException && error.$metadata.httpStatusCode === 404))
        return undefined;
      throw this.#failure('GET', objectKey, error, s3);
    }
    const stream = answer.Body as Readable | undefined;
    const size = answer.ContentLength;
    if (!stream || size === undefined || !Number.isSafeInteger(size)) {
      stream?.destroy();
      throw new FileStoreError(`S3 GET of '${objectKey}' answered without a body or a Content-Length.`);
    }
    return { stream, size };
  }

  async remove(key: string): Promise<void> {
    const objectKey = this.#objectKey(key);
    const { s3, client } = await this.#sdk;
    try {
      await client.send(new s3.DeleteObjectCommand({ Bucket: this.#settings.bucket, Key: objectKey }));
    } catch (error) {
      if (error instanceof s3.S3ServiceException && error.$metadata.httpStatusCode === 404) return;
      throw this.#failure('DELETE', objectKey, error, s3);
    }
  }

  /** A store failure names the operation, object, bucket and endpoint, and keeps the SDK's error as its cause. */
  #failure(method: string, objectKey: string, error: unknown, s3: S3Sdk['s3']): FileStoreError {
    const where = `S3 ${method} of '${objectKey}' in bucket '${this.#settings.bucket}' at ${this.#settings.endpoint}`;
    if (error instanceof s3.S3ServiceException)
      return new FileStoreError(`${where} was refused: ${error.$metadata.httpStatusCode ?? '?'} ${error.name} (${error.message})`, {
        cause: error,
      });
    const message = error instanceof Error ? error.message : String(error);
    return new FileStoreError(`${where} failed: ${message}`, { cause: error });
  }
}

/** A counting semaphore: `take` resolves when one of `count` slots is free, with its release. */
class Slots {
  #free: number;
  readonly #waiting: (() => void)[] = [];

  constructor(count: number) {
    this.#free = count;
  }

  async take(): Promise<() => void> {
    if (this.#free > 0) this.#free -= 1;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free += 1;
    };
  }
}
