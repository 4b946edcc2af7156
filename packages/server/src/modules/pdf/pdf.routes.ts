/**
 * `GET /v3/{appId}/{type}/{id}/pdf?lang=`: the document as a PDF made on the server
 * (docs/product/forms-and-lists.md#document-pdf), for whoever may read it — through the grants or
 * as a user named on its workflow — with the same labels and protected-field redaction as its
 * JSON answer. Sent as an attachment under the same sandbox policy as stored files; the web app's
 * preview draws it with pdf.js (docs/product/security.md#pdf-preview).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { typedRequest } from '../documents/documents.routes.ts';
import { docParams } from '../documents/documents.schema.ts';
import { attachmentHeader } from '../export/export.routes.ts';
import { SANDBOXED_DOWNLOAD_POLICY } from '../files/file-downloads.ts';
import { documentPdfFor } from './pdf.service.ts';
import { PdfWork } from './pdf-work.ts';

const pdfQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    app: { type: 'string', maxLength: 64 },
    lang: { type: 'string', pattern: '^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})?$', description: "The reader's language for labels." },
  },
} as const;

export function registerPdfRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = typedServer(fastify);
  // Drawing runs in this pool, off the event loop. Its threads end with the app: Fastify runs this
  // hook after its server has closed, so the PDFs in flight are answered first.
  const pdfWork = new PdfWork(ctx.config.media.threads);
  app.addHook('onClose', () => pdfWork.close());
  app.get(
    '/v3/:appId/:type/:id/pdf',
    {
      schema: {
        tags: ['documents'],
        summary: 'The document as a PDF (a cover page when its PDF Cover is on)',
        params: docParams,
        querystring: pdfQuery,
      },
    },
    async (request, reply) => {
      const { principal, type } = await typedRequest(ctx, request, request.params.type);
      const file = await documentPdfFor(ctx, pdfWork, principal, type, request.params.id, request.query.lang);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', attachmentHeader(file.filename))
        .header('Content-Security-Policy', SANDBOXED_DOWNLOAD_POLICY)
        .send(Buffer.from(file.body));
    },
  );
}
