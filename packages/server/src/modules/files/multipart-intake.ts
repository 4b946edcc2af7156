/**
 * Receives a multipart upload into temporary files, enforcing the limits while the bytes arrive:
 * at most 10 files, each at most the organisation's size limit (independent of the JSON body
 * limit). On any error every temporary file is removed before the error propagates, so an upload
 * that is refused or interrupted midway leaves nothing behind.
 */
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { MAX_FILES_PER_UPLOAD, UPLOAD_ERROR } from '@docket/shared';
import { HttpError } from '../../http/http-error.ts';
import { refuseNul, valueHasNul } from '../../http/request-text.ts';
import type { FileStore } from '../../platform/files/file-store.ts';

/** A text field beside the files (the upload's description) holds at most what a comment does. */
export const MAX_FIELD_CHARACTERS = 100_000;
/** Bytes busboy reads of one field: room for that many characters in UTF-8, so only a longer text is cut. */
const MAX_FIELD_BYTES = MAX_FIELD_CHARACTERS * 4;
export const fieldTooLong = (field: string) =>
  `The field '${field}' is longer than ${MAX_FIELD_CHARACTERS.toLocaleString('en')} characters.`;

export interface ReceivedFile {
  name: string;
  tempPath: string;
  size: number;
}

export interface ReceivedUpload {
  files: ReceivedFile[];
  fields: Record<string, string>;
}

export const TOO_MANY_FILES = `At most ${MAX_FILES_PER_UPLOAD} files can be uploaded at once.`;
export const NO_FILES = 'At least one file is needed.';
const GRACE_MS = 500;

/** Where a received file's thumbnail is made, beside it. */
export const thumbPathOf = (tempPath: string) => `${tempPath}.thumb`;

/**
 * Removes an upload's temporary files: each received file and whatever the media work may have
 * left beside it (a thumbnail, a half-written scaled copy when its worker was stopped midway).
 */
export async function discard(upload: { files: { tempPath: string }[] }, extra: string[] = []): Promise<void> {
  const paths = [...upload.files.map((f) => f.tempPath), ...extra].flatMap((path) => [path, thumbPathOf(path), `${path}.scaled`]);
  await Promise.all(paths.map((path) => rm(path, { force: true })));
}

function mapError(error: unknown, maxMb: number, current: string): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError('payload_too_large', `The file '${current}' is larger than ${maxMb} MB.`);
  if (code === 'FST_FILES_LIMIT') return new HttpError('bad_request', TOO_MANY_FILES);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new HttpError('bad_request', 'The upload has too many parts.');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new HttpError('unsupported_media_type', 'Uploads must be sent as multipart/form-data.');
  // A form cut off midway (the client went away, a proxy gave up) or malformed by the client.
  if (
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    (error instanceof Error && /unexpected end of|malformed|multipart|boundary/i.test(error.message))
  )
    return new HttpError('bad_request', UPLOAD_ERROR);
  return error;
}

export async function receiveUpload(
  request: FastifyRequest,
  store: FileStore,
  maxMb: number,
  maxFiles = MAX_FILES_PER_UPLOAD,
): Promise<ReceivedUpload> {
  const upload: ReceivedUpload = { files: [], fields: Object.create(null) as Record<string, string> };
  let current = '';
  let pending: string | undefined;
  // A form cut off before its closing boundary (the client went away) leaves busboy waiting for
  // more forever once the request is over: every wait below then gives up shortly after, so the
  // upload is refused and its temporary files removed.
  let over = false;
  const armers = new Set<() => void>();
  const onRequestOver = () => {
    over = true;
    for (const arm of armers) arm();
  };
  const untilOver = <T>(work: Promise<T>, onGiveUp: () => void = () => undefined) =>
    new Promise<T>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const arm = () => {
        timer = setTimeout(() => {
          onGiveUp();
          reject(new Error('Unexpected end of form'));
        }, GRACE_MS);
        timer.unref();
      };
      if (over) arm();
      else armers.add(arm);
      const settle = () => {
        clearTimeout(timer);
        armers.delete(arm);
      };
      work.then(
        (result) => (settle(), resolve(result)),
        (error: unknown) => (settle(), reject(error)),
      );
    });
  request.raw.once('end', onRequestOver);
  request.raw.once('close', onRequestOver);
  try {
    const iterator = request.parts({
      preservePath: true,
      limits: { fileSize: maxMb * 1024 * 1024, files: maxFiles + 1, fields: 20, fieldSize: MAX_FIELD_BYTES, parts: maxFiles + 21 },
    });
    for (;;) {
      const next = await untilOver(iterator.next());
      if (next.done) break;
      const part = next.value;
      if (part.type === 'field') {
        // A field past its limit arrives cut short: refused, never stored cut (a comment's own limit is 100,000 characters).
        if (part.valueTruncated || (typeof part.value === 'string' && part.value.length > MAX_FIELD_CHARACTERS)) {
          throw new HttpError('bad_request', fieldTooLong(part.fieldname));
        }
        if (valueHasNul(part.value) || part.fieldname.includes('\u0000')) refuseNul();
        if (typeof part.value === 'string' && !['__proto__', 'constructor', 'prototype'].includes(part.fieldname))
          upload.fields[part.fieldname] = part.value;
        continue;
      }
      if (upload.files.length >= maxFiles) {
        part.file.resume();
        throw new HttpError('bad_request', TOO_MANY_FILES);
      }
      current = part.filename;
      pending = await store.tempPath();
      const target = pending;
      let size = 0;
      part.file.on('data', (chunk: Buffer) => (size += chunk.length));
      const sink = createWriteStream(target);
      await untilOver(pipeline(part.file, sink), () => {
        part.file.destroy();
        sink.destroy();
      });
      if (part.file.truncated) throw new HttpError('payload_too_large', `The file '${current}' is larger than ${maxMb} MB.`);
      upload.files.push({ name: part.filename, tempPath: target, size });
      pending = undefined;
    }
  } catch (error) {
    await discard(upload, pending ? [pending] : []);
    throw mapError(error, maxMb, current);
  } finally {
    request.raw.off('end', onRequestOver);
    request.raw.off('close', onRequestOver);
  }
  if (upload.files.length === 0) throw new HttpError('bad_request', NO_FILES);
  return upload;
}
