/** `GET /v3/{appId}/{type}/export?format=xls|xlsx` with the list's parameters (export.service.ts). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { typedRequest } from '../documents/documents.routes.ts';
import { listQuery, typeParams } from '../documents/documents.schema.ts';
import { exportDocuments } from './export.service.ts';

const exportQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...listQuery.properties,
    format: {
      type: 'string',
      enum: ['xls', 'xlsx'],
      default: 'xls',
      description: 'xls: spreadsheet-compatible HTML; xlsx: Office Open XML.',
    },
    layout: {
      type: 'string',
      enum: ['table', 'formatted'],
      default: 'table',
      description: 'table: all pages up to 5,000 rows; formatted: the page start/count, 8 columns per row.',
    },
    lang: {
      type: 'string',
      pattern: '^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})?$',
      description: "The screen's language: the title and column headers in it (docs/product/administration.md#localisation).",
    },
  },
} as const;

/** `attachment` with an ASCII fallback name and the UTF-8 name (RFC 6266 / 5987). */
export function attachmentHeader(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export function registerExportRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = typedServer(fastify);
  app.get(
    '/v3/:appId/:type/export',
    {
      schema: {
        tags: ['export'],
        summary: "Export a type's list as .xls (HTML) or .xlsx with the list's filter, order and args",
        params: typeParams,
        querystring: exportQuery,
      },
    },
    async (request, reply) => {
      const { principal, type } = await typedRequest(ctx, request, request.params.type);
      const file = await exportDocuments(ctx, principal, type, request.query);
      return reply.header('Content-Type', file.contentType).header('Content-Disposition', attachmentHeader(file.filename)).send(file.body);
    },
  );
}
