/**
 * Serving stored files (docs/product/workflow-and-timeline.md#api): `GET /file/doc/{docId}/{file}`, `/file/event/{eventId}/{file}`
 * and `/file/user/{uuid}`, with `thumb=true` for the thumbnail. The caller must be able to read the
 * document (or share an organisation with the user). Files are always sent as attachments with
 * nosniff and `Content-Security-Policy: sandbox` (docs/product/security.md#lesson-11).
 */
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { notFound } from '../../http/http-error.ts';
import { readJson } from '../../platform/db/json.ts';
import { readableDocumentOrThrow } from '../documents/readable-document.ts';
import { readableEventOrThrow } from '../events/event-reads.ts';
import { findDocFile, findUserPicture } from './files.repository.ts';
import { STORE_READ_FAILED, storeFailure } from './store-writes.ts';

export const FILE_NOT_FOUND = 'No file with that name can be found.';

interface StoredFile {
  name: string;
  storage_key: string;
  thumb_key: string | null;
  content_type: string;
}

/**
 * The policy every download carries: opened directly, it runs nothing and loads nothing. Previews
 * in the web app draw PDFs with pdf.js from the bytes, so no file ever needs to be shown inline
 * (docs/product/security.md#pdf-preview).
 */
export const SANDBOXED_DOWNLOAD_POLICY = "sandbox; default-src 'none'";

export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

async function send(ctx: AppContext, reply: FastifyReply, file: StoredFile | undefined, thumb: boolean): Promise<FastifyReply> {
  if (!file) throw notFound(FILE_NOT_FOUND);
  const useThumb = thumb && file.thumb_key !== null;
  const stored = await ctx.fileStore.read(useThumb ? file.thumb_key! : file.storage_key).catch((error: unknown) => {
    throw storeFailure(reply.log, error, STORE_READ_FAILED);
  });
  if (!stored) throw notFound(FILE_NOT_FOUND);
  const name = useThumb ? `${file.name}.thumb.jpg` : file.name;
  return reply
    .header('Content-Type', useThumb ? 'image/jpeg' : file.content_type)
    .header('Content-Length', String(stored.size))
    .header('Content-Disposition', contentDisposition(name))
    .header('Content-Security-Policy', SANDBOXED_DOWNLOAD_POLICY)
    .header('X-Content-Type-Options', 'nosniff')
    .send(stored.stream);
}

export async function sendDocumentFile(
  ctx: AppContext,
  principal: Principal,
  reply: FastifyReply,
  docId: number,
  name: string,
  thumb: boolean,
): Promise<FastifyReply> {
  await readableDocumentOrThrow(ctx, principal, docId);
  return send(ctx, reply, await findDocFile(ctx.database.db, principal.org.id, docId, name), thumb);
}

/** A file an event brought (its `attachments` names files of the event's document). */
export async function sendEventFile(
  ctx: AppContext,
  principal: Principal,
  reply: FastifyReply,
  eventId: number,
  name: string,
  thumb: boolean,
): Promise<FastifyReply> {
  const { row } = await readableEventOrThrow(ctx, principal, eventId);
  if (!readJson<string[]>(row.attachments, []).includes(name)) throw notFound(FILE_NOT_FOUND);
  return send(ctx, reply, await findDocFile(ctx.database.db, principal.org.id, Number(row.doc_id), name), thumb);
}

/** A user's picture, for members of an organisation the user belongs to. */
export async function sendUserPicture(
  ctx: AppContext,
  principal: Principal,
  reply: FastifyReply,
  uuid: string,
  thumb: boolean,
): Promise<FastifyReply> {
  const member = await ctx.database.db
    .selectFrom('memberships')
    .select('identity_uuid')
    .where('org_id', '=', principal.org.id)
    .where('identity_uuid', '=', uuid)
    .executeTakeFirst();
  if (!member) throw notFound(FILE_NOT_FOUND);
  return send(ctx, reply, await findUserPicture(ctx.database.db, uuid), thumb);
}
