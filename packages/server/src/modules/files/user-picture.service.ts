/** A user's own picture (served by `GET /file/user/{uuid}`): one jpg, png or webp image. */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { HttpError } from '../../http/http-error.ts';
import { newStorageKey } from '../../platform/files/file-store.ts';
import type { MediaWork } from '../../platform/files/media-work.ts';
import { storageSettingsOf } from '../../platform/files/storage-settings.ts';
import { writeQueueFor } from '../../platform/records/group-commit.ts';
import { insertFile } from './files.repository.ts';
import { discard, receiveUpload } from './multipart-intake.ts';
import { checkFiles } from './upload-checks.ts';
import { putInStore, takeOutOfStore } from './store-writes.ts';

const PICTURE_TYPES = ['jpg', 'jpeg', 'png', 'webp'];
export const NOT_A_PICTURE = 'A picture must be a jpg, png or webp image.';

export async function uploadUserPicture(
  ctx: AppContext,
  media: MediaWork,
  principal: Principal,
  request: FastifyRequest,
): Promise<{ error: false }> {
  const settings = await storageSettingsOf(ctx.database, principal.org.id);
  const upload = await receiveUpload(request, ctx.fileStore, settings.maxFileMb, 1);
  try {
    // The type is checked before any image work: a PDF sent as a picture is never parsed.
    const [file] = await checkFiles(upload.files, { ...settings, thumbQuality: 128 }, media, {
      onlyTypes: PICTURE_TYPES,
      onlyTypesMessage: NOT_A_PICTURE,
    });
    if (!file) throw new HttpError('unsupported_media_type', NOT_A_PICTURE);
    const storageKey = newStorageKey(principal.org.id);
    const thumbKey = file.thumbPath ? `${storageKey}-thumb` : null;
    const stored = await putInStore(ctx, request.log, [
      [file.tempPath, storageKey],
      ...(file.thumbPath && thumbKey ? [[file.thumbPath, thumbKey] as const] : []),
    ]);
    try {
      await writeQueueFor(ctx.database).run(async (trx) => {
        await insertFile(trx, {
          orgId: principal.org.id,
          docId: null,
          eventId: null,
          ownerUuid: principal.uuid,
          name: file.name,
          storageKey,
          thumbKey,
          size: file.size,
          contentType: file.contentType,
          createdBy: principal.uuid,
          date: new Date().toISOString(),
        });
      });
    } catch (error) {
      await takeOutOfStore(ctx, stored);
      throw error;
    }
    return { error: false };
  } finally {
    await discard(upload);
  }
}
