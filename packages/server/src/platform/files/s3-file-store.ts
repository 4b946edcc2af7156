/**
 * Attachment bytes in an S3-compatible object store (AWS S3, MinIO, Ceph RGW, Cloudflare R2, …),
 * used when S3_BUCKET is set. Uploads still arrive in a local temporary file (`tempPath`, under
 * FILES_DIR/.tmp) where they are checked; `commit` then PUTs the file under its key — length and
 * SHA-256 known and signed, so the store verifies the bytes it received — and removes the temporary
 * file whether or not the PUT succeeded. `read` streams the GET answer to the client without
 * buffering it; `remove` is a DELETE (a missing object is fine).
 *
 * Requests go out through node:http(s) directly, not `guardedFetch`: the endpoint is set by the
 * operator (S3_ENDPOINT, often a private or loopback address such as a MinIO beside the server),
 * never taken from a user, so the private-address guard for user-supplied URLs does not apply.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStoreError, freshTempPath, storageKeyOrThrow, type FileStore } from './file-store.ts';
import type { S3Settings } from './s3-settings.ts';
import { EMPTY_SHA256, encodePath, signRequest } from './sigv4.ts';

/** No byte sent or received for this long fails the request. */
const IDLE_TIMEOUT_MS = 30_000;

export interface RequestTarget {
  /** The Host header (signed). */
  host: string;
  hostname: string;
  port: number | undefined;
  /** Unencoded path: `/bucket/key` or `/key`. */
  path: string;
}

/** Where a request for an object goes: `endpoint/bucket/key` (path style) or `bucket.endpoint/key`. */
export function requestTarget(settings: Pick<S3Settings, 'endpoint' | 'bucket' | 'forcePathStyle'>, objectKey: string): RequestTarget {
  const endpoint = new URL(settings.endpoint);
  const base = decodeURIComponent(endpoint.pathname).replace(/\/+$/, '');
  const port = endpoint.port ? Number(endpoint.port) : undefined;
  const hostname = endpoint.hostname.replace(/^\[|\]$/g, '');
  return settings.forcePathStyle
    ? { host: endpoint.host, hostname, port, path: `${base}/${settings.bucket}/${objectKey}` }
    : { host: `${settings.bucket}.${endpoint.host}`, hostname: `${settings.bucket}.${hostname}`, port, path: `${base}/${objectKey}` };
}

interface Send {
  payloadHash: string;
  headers?: Record<string, string>;
  body?: () => Readable;
}

/** An S3 error answer (as opposed to no answer at all). */
class S3Refused extends FileStoreError {}

export class S3FileStore implements FileStore {
  readonly #settings: S3Settings;
  readonly #tempDir: string;
  readonly #endpoint: URL;
  readonly #transport: typeof http | typeof https;
  readonly #agent: http.Agent;

  constructor(settings: S3Settings, tempDir: string) {
    this.#settings = settings;
    this.#tempDir = tempDir;
    this.#endpoint = new URL(settings.endpoint);
    const secure = this.#endpoint.protocol === 'https:';
    this.#transport = secure ? https : http;
    this.#agent = secure ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
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
    try {
      const { size } = await stat(tempPath);
      const response = await this.#send('PUT', objectKey, {
        payloadHash: await sha256OfFile(tempPath),
        headers: { 'content-length': String(size) },
        body: () => createReadStream(tempPath),
      });
      if (response.statusCode !== 200) await this.#refuse(response, 'PUT', objectKey);
      response.resume();
    } catch (error) {
      // Without an answer the object may still have been stored; its key is new, so removing it is safe.
      if (error instanceof FileStoreError && !(error instanceof S3Refused)) await this.remove(key).catch(() => undefined);
      throw error;
    } finally {
      await rm(tempPath, { force: true });
    }
  }

  async read(key: string): Promise<{ stream: Readable; size: number } | undefined> {
    const objectKey = this.#objectKey(key);
    const response = await this.#send('GET', objectKey, { payloadHash: EMPTY_SHA256 });
    if (response.statusCode === 404) {
      response.resume();
      return undefined;
    }
    if (response.statusCode !== 200) return this.#refuse(response, 'GET', objectKey);
    const size = Number(response.headers['content-length']);
    if (!Number.isSafeInteger(size)) {
      response.destroy();
      throw new FileStoreError(`S3 GET of '${objectKey}' answered without a Content-Length.`);
    }
    return { stream: response, size };
  }

  async remove(key: string): Promise<void> {
    const objectKey = this.#objectKey(key);
    const response = await this.#send('DELETE', objectKey, { payloadHash: EMPTY_SHA256 });
    if (response.statusCode !== 204 && response.statusCode !== 200 && response.statusCode !== 404)
      await this.#refuse(response, 'DELETE', objectKey);
    response.resume();
  }

  /** Signs and sends one request; resolves with the answer (any status), rejects when there is none. */
  #send(method: string, objectKey: string, options: Send): Promise<IncomingMessage> {
    const target = requestTarget(this.#settings, objectKey);
    const headers = signRequest(
      { method, host: target.host, path: target.path, headers: options.headers, payloadHash: options.payloadHash },
      this.#settings,
      { region: this.#settings.region },
    );
    const what = `S3 ${method} of '${objectKey}' at ${this.#endpoint.origin}`;
    return new Promise<IncomingMessage>((resolve, reject) => {
      const request = this.#transport.request({
        method,
        hostname: target.hostname,
        port: target.port,
        path: encodePath(target.path),
        headers,
        agent: this.#agent,
        timeout: IDLE_TIMEOUT_MS,
      });
      request.on('timeout', () => request.destroy(new FileStoreError(`${what}: no answer within ${IDLE_TIMEOUT_MS / 1000} s.`)));
      request.on('error', (error) =>
        reject(error instanceof FileStoreError ? error : new FileStoreError(`${what} failed: ${error.message}`, { cause: error })),
      );
      request.on('response', resolve);
      if (options.body) pipeline(options.body(), request).catch((error: unknown) => request.destroy(error as Error));
      else request.end();
    });
  }

  async #refuse(response: IncomingMessage, method: string, objectKey: string): Promise<never> {
    let body = '';
    try {
      for await (const chunk of response) if (body.length < 4000) body += String(chunk);
    } catch {
      // The connection closed before the whole error document arrived: the status still says enough.
    }
    const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1];
    const message = /<Message>([^<]*)<\/Message>/.exec(body)?.[1];
    throw new S3Refused(
      `S3 ${method} of '${objectKey}' in bucket '${this.#settings.bucket}' at ${this.#endpoint.origin} was refused: ` +
        `${response.statusCode}${code ? ` ${code}` : ''}${message ? ` (${message})` : ''}`,
    );
  }
}

async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
