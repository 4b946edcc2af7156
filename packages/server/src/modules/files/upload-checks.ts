/**
 * Every received file is checked before anything is recorded, cheapest first and all on the
 * event loop only while cheap: a safe name (bidi controls stripped), a type the route accepts, an
 * allowed type that its content confirms, not empty, and for images a header no larger than
 * MAX_IMAGE_PIXELS. Only then are photos scaled and thumbnails made — in the media worker pool,
 * under its time and memory limits — into temporary files beside the upload. The first problem
 * refuses the whole upload; the caller's `discard` removes every temporary file either way.
 */
import { THUMBNAIL_EXTENSIONS } from '@docket/shared';
import { stat } from 'node:fs/promises';
import { HttpError } from '../../http/http-error.ts';
import { checkContent, unsupportedTypeReason } from '../../platform/files/content-check.ts';
import { cleanFileName, extensionOf, unsafeNameReason } from '../../platform/files/file-names.ts';
import { oversizedImageReason } from '../../platform/files/image-header.ts';
import type { MediaWork } from '../../platform/files/media-work.ts';
import type { PrepareTask } from '../../platform/files/media-worker.ts';
import type { StorageSettings } from '../../platform/files/storage-settings.ts';
import { WorkLimitError } from '../../platform/workers/worker-pool.ts';
import { thumbPathOf, type ReceivedFile } from './multipart-intake.ts';

export interface CheckedFile extends ReceivedFile {
  contentType: string;
  thumbPath: string | null;
}

export interface UploadRules {
  /** Extensions this route takes (a picture: jpg, png, webp); checked before the content is read. */
  onlyTypes?: readonly string[];
  onlyTypesMessage?: string;
}

export const NOT_PROCESSABLE = (name: string) =>
  `The file '${name}' could not be processed. Check that it opens, or send it in another format.`;
export const MEDIA_BUSY = 'Too many files are being processed right now. Please try again in a minute.';

/** Images sharp scales down in place (the others are kept as sent). */
const SCALABLE: Record<string, NonNullable<PrepareTask['scale']>['format']> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  jfif: 'jpeg',
  png: 'png',
  webp: 'webp',
};

function mediaTaskOf(file: ReceivedFile, extension: string, settings: StorageSettings): PrepareTask | null {
  const format = SCALABLE[extension];
  const scale = format ? { maxSize: settings.maxImageSize, quality: Math.round(settings.imageCompression * 100), format } : null;
  const thumbnail = THUMBNAIL_EXTENSIONS.includes(extension)
    ? {
        target: thumbPathOf(file.tempPath),
        size: settings.thumbQuality,
        source: extension === 'pdf' ? ('pdf' as const) : ('image' as const),
      }
    : null;
  return scale || thumbnail ? { path: file.tempPath, scale, thumbnail } : null;
}

async function checkOne(file: ReceivedFile, rules: UploadRules): Promise<CheckedFile> {
  const name = cleanFileName(file.name);
  const nameProblem = unsafeNameReason(name);
  if (nameProblem) throw new HttpError('bad_request', nameProblem);
  const extension = extensionOf(name);
  if (rules.onlyTypes && !rules.onlyTypes.includes(extension))
    throw new HttpError('unsupported_media_type', rules.onlyTypesMessage ?? unsupportedTypeReason(name, extension));
  if (file.size === 0) throw new HttpError('bad_request', `The file '${name}' is empty.`);
  const verdict = await checkContent(file.tempPath, name, extension);
  if (!verdict.ok) throw new HttpError('unsupported_media_type', verdict.reason);
  if (SCALABLE[extension]) {
    const oversized = await oversizedImageReason(file.tempPath, name);
    if (oversized) throw new HttpError('payload_too_large', oversized);
  }
  return { ...file, name, contentType: verdict.contentType, thumbPath: null };
}

async function prepareOne(file: CheckedFile, settings: StorageSettings, media: MediaWork): Promise<void> {
  const task = mediaTaskOf(file, extensionOf(file.name), settings);
  if (!task) return;
  try {
    const result = await media.prepare(task);
    if (result.scaled) file.size = (await stat(file.tempPath)).size;
    if (result.thumbnail) file.thumbPath = task.thumbnail!.target;
  } catch (error) {
    if (!(error instanceof WorkLimitError)) throw error;
    if (error.limit === 'queue') throw new HttpError('rate_limited', MEDIA_BUSY);
    throw new HttpError('bad_request', NOT_PROCESSABLE(file.name));
  }
}

export async function checkFiles(
  files: readonly ReceivedFile[],
  settings: StorageSettings,
  media: MediaWork,
  rules: UploadRules = {},
): Promise<CheckedFile[]> {
  const checked: CheckedFile[] = [];
  for (const file of files) checked.push(await checkOne(file, rules));
  for (const file of checked) await prepareOne(file, settings, media);
  return checked;
}
