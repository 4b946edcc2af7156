/**
 * Every received file is checked before anything is recorded: a safe name, an allowed type that
 * its content confirms, not empty. Then photos are scaled to the storage settings and thumbnails
 * made (to temporary files beside the upload). The first problem refuses the whole upload.
 */
import { HttpError } from '../../http/http-error.ts';
import { checkContent } from '../../platform/files/content-check.ts';
import { extensionOf, unsafeNameReason } from '../../platform/files/file-names.ts';
import { limitImageSize, makeThumbnail } from '../../platform/files/images.ts';
import type { StorageSettings } from '../../platform/files/storage-settings.ts';
import { stat } from 'node:fs/promises';
import type { ReceivedFile } from './multipart-intake.ts';

export interface CheckedFile extends ReceivedFile {
  contentType: string;
  thumbPath: string | null;
}

export async function checkFiles(files: readonly ReceivedFile[], settings: StorageSettings): Promise<CheckedFile[]> {
  const checked: CheckedFile[] = [];
  for (const file of files) {
    const nameProblem = unsafeNameReason(file.name);
    if (nameProblem) throw new HttpError('bad_request', nameProblem);
    if (file.size === 0) throw new HttpError('bad_request', `The file '${file.name}' is empty.`);
    const extension = extensionOf(file.name);
    const verdict = await checkContent(file.tempPath, file.name, extension);
    if (!verdict.ok) throw new HttpError('unsupported_media_type', verdict.reason);
    checked.push({ ...file, name: file.name.normalize('NFC'), contentType: verdict.contentType, thumbPath: null });
  }
  for (const file of checked) {
    const extension = extensionOf(file.name);
    if (await limitImageSize(file.tempPath, extension, settings).catch(() => false)) file.size = (await stat(file.tempPath)).size;
    const thumb = `${file.tempPath}.thumb`;
    if (await makeThumbnail(file.tempPath, extension, thumb, settings)) file.thumbPath = thumb;
  }
  return checked;
}
