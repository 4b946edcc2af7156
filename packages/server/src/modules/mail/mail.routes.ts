/**
 * Mail routes (docs/product/mail.md#api): the connectors on the caller's mail screen, a folder's
 * messages, one message, deleting it, importing it into a document, a request made from it; and
 * the connector settings (administrators) and the caller's own 'My Mail'. Thin adapters: the
 * operations are in connectors.service.ts, mail.service.ts and mail-import.ts.
 */
import { MAIL_PAGE_SIZE } from '@docket/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { MediaWork } from '../../platform/files/media-work.ts';
import {
  changeConnector,
  createConnector,
  getMyMail,
  requireMailAdministrator,
  requireMailRole,
  listConnectors,
  listConnectorSettings,
  removeConnector,
  removeMyMail,
  saveMyMail,
  testConnector,
  testMyMail,
} from './connectors.service.ts';
import { storedMessagesFor } from '../../http/stored-messages.ts';
import { callerFirst, callerOf } from './mail-caller.ts';
import { sessionPoolOf } from './session-pool.ts';
import { createRequestFromMail, importMail } from './mail-import.ts';
import { mailReaderOf } from './mail-parse.ts';
import { deleteMailMessage, getMailMessage, listMail } from './mail.service.ts';

const tags = ['mail'];
const app_ = { type: 'string', maxLength: 64 } as const;
const folder = { type: 'string', minLength: 1, maxLength: 200 } as const;
const connectorParams = { type: 'object', properties: { connector: { type: 'integer', minimum: 1 } }, required: ['connector'] } as const;
const messageParams = {
  type: 'object',
  properties: { connector: { type: 'integer', minimum: 1 }, uid: { type: 'integer', minimum: 1 } },
  required: ['connector', 'uid'],
} as const;
const idParams = { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] } as const;
const appOnly = { type: 'object', additionalProperties: false, properties: { app: app_ } } as const;
const folderQuery = { type: 'object', additionalProperties: false, properties: { app: app_, f: folder } } as const;
const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    app: app_,
    f: folder,
    start: { type: 'integer', minimum: 0, default: 0 },
    count: { type: 'integer', minimum: 1, maximum: 100, default: MAIL_PAGE_SIZE },
    u: { type: 'boolean', default: false },
    s: { type: 'string', maxLength: 200, default: '' },
  },
} as const;
const importQuery = {
  type: 'object',
  additionalProperties: false,
  // Not `required`: without them the answer is the spec's 'Unable to import due to missing arguments!'.
  properties: { app: app_, f: folder, doc_id: { type: 'integer', minimum: 1 }, deleteFromSource: { type: 'boolean', default: false } },
} as const;
const ruleBody = {
  type: 'object',
  additionalProperties: false,
  required: ['folder', 'doc_type'],
  properties: { folder, doc_type: { type: 'string', minLength: 1, maxLength: 64 }, enabled: { type: 'boolean', default: true } },
} as const;
const connectorBody = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'host', 'port', 'security', 'user'],
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 100 },
    kind: { type: 'string', enum: ['shared', 'imap'] },
    host: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[A-Za-z0-9.:\\[\\]-]+$' },
    port: { type: 'integer', minimum: 1, maximum: 65535 },
    security: { type: 'string', enum: ['tls', 'starttls', 'none'] },
    user: { type: 'string', minLength: 1, maxLength: 320 },
    auth: { type: 'string', enum: ['password', 'oauth2'] },
    secret: { type: 'string', minLength: 1, maxLength: 8192 },
    folders: { type: 'array', maxItems: 20, items: folder },
    poll_minutes: { type: 'integer', minimum: 1, maximum: 1440 },
    allow_hosts: { type: 'array', maxItems: 50, items: { type: 'string', minLength: 1, maxLength: 261 } },
    // An RFC 8601 authserv-id as the connector's mail server writes it (usually its host name); empty: none trusted.
    trusted_authserv_id: { type: 'string', maxLength: 255, pattern: '^[^\\s;()"\\\\]*$' },
    rules: { type: 'array', maxItems: 20, items: ruleBody },
    enabled: { type: 'boolean' },
  },
} as const;

/** A connection test's body: the settings as they would be saved, and the connector being edited (for its stored secret). */
const testBody = {
  ...connectorBody,
  properties: { ...connectorBody.properties, id: { type: 'integer', minimum: 1 } },
} as const;

export function registerMailRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = typedServer(fastify);
  const media = new MediaWork(ctx.config.media);
  const mailRoleFirst = callerFirst(ctx, requireMailRole);
  const mailAdministratorFirst = callerFirst(ctx, requireMailAdministrator);
  fastify.addHook('onClose', () =>
    Promise.all([media.close(), sessionPoolOf(ctx).close(), mailReaderOf(ctx).close()]).then(() => undefined),
  );

  app.get(
    '/mail/connectors',
    {
      preValidation: mailRoleFirst,
      schema: { tags, summary: "The connectors on the caller's mail screen (mail role)", querystring: appOnly },
    },
    async (request) => listConnectors(ctx, await callerOf(ctx, request)),
  );

  app.get(
    '/mail/:connector/list',
    {
      preValidation: mailRoleFirst,
      schema: {
        tags,
        summary: "A folder's messages, newest first: f (folder), start, count (15), u (unread only), s (search)",
        params: connectorParams,
        querystring: listQuery,
      },
    },
    async (request) => {
      const principal = await callerOf(ctx, request);
      const { query } = request;
      return listMail(ctx, principal, request.params.connector, {
        folder: query.f,
        start: query.start,
        count: query.count,
        unreadOnly: query.u,
        search: query.s,
      });
    },
  );

  app.get(
    '/mail/:connector/message/:uid',
    {
      preValidation: mailRoleFirst,
      schema: { tags, summary: 'One message: sanitised body and attachment list', params: messageParams, querystring: folderQuery },
    },
    async (request) => {
      const principal = await callerOf(ctx, request);
      return getMailMessage(ctx, principal, request.params.connector, request.params.uid, request.query.f);
    },
  );

  app.delete(
    '/mail/:connector/message/:uid',
    {
      preValidation: mailRoleFirst,
      schema: { tags, summary: 'Deletes one message from the mailbox', params: messageParams, querystring: folderQuery },
    },
    async (request) => {
      const principal = await callerOf(ctx, request);
      return deleteMailMessage(ctx, principal, request.params.connector, request.params.uid, request.query.f);
    },
  );

  app.get(
    '/mail/:connector/import/:uid',
    {
      preValidation: mailRoleFirst,
      schema: {
        tags,
        summary: "Imports a message into a document's timeline (import_mail) with its attachments; idempotent by Message-ID",
        params: messageParams,
        querystring: importQuery,
      },
    },
    async (request) => {
      const principal = await callerOf(ctx, request);
      const { query } = request;
      return importMail(
        ctx,
        principal,
        request.params.connector,
        request.params.uid,
        { folder: query.f, docId: query.doc_id, deleteFromSource: query.deleteFromSource },
        { media, log: request.log },
      );
    },
  );

  app.post(
    '/mail/:connector/request/:uid',
    {
      preValidation: mailRoleFirst,
      schema: {
        tags,
        summary: 'Creates a request from a message (Create Request) and imports the message into it',
        params: messageParams,
        querystring: folderQuery,
      },
    },
    async (request, reply) => {
      const principal = await callerOf(ctx, request);
      const answer = await createRequestFromMail(ctx, principal, request.params.connector, request.params.uid, request.query.f, {
        media,
        log: request.log,
      });
      return reply.status(201).send(answer);
    },
  );

  app.get(
    '/mail/settings/connectors',
    {
      preValidation: mailAdministratorFirst,
      schema: { tags, summary: "The organisation's mail connectors (administrators); secrets are never answered", querystring: appOnly },
    },
    async (request, reply) => {
      const read = storedMessagesFor(request, reply);
      const connectors = await listConnectorSettings(ctx, await callerOf(ctx, request));
      return connectors.map((connector) => ({ ...connector, last_error: read(connector.last_error) }));
    },
  );

  app.post(
    '/mail/settings/connectors',
    {
      preValidation: mailAdministratorFirst,
      schema: {
        tags,
        summary: 'Adds a mail connector after a successful connection with its settings (administrators)',
        querystring: appOnly,
        body: connectorBody,
      },
    },
    async (request, reply) => reply.status(201).send(await createConnector(ctx, await callerOf(ctx, request), request.body)),
  );

  app.post(
    '/mail/settings/connectors/test',
    {
      preValidation: mailAdministratorFirst,
      schema: {
        tags,
        summary: "Tries a connector's settings without saving them: connects, opens its folders, lists the server's (administrators)",
        querystring: appOnly,
        body: testBody,
      },
    },
    async (request) => testConnector(ctx, await callerOf(ctx, request), request.body),
  );

  app.put(
    '/mail/settings/connectors/:id',
    {
      preValidation: mailAdministratorFirst,
      schema: {
        tags,
        summary: 'Changes a mail connector; an omitted secret keeps the stored one (administrators)',
        params: idParams,
        querystring: appOnly,
        body: connectorBody,
      },
    },
    async (request) => changeConnector(ctx, await callerOf(ctx, request), request.params.id, request.body),
  );

  app.delete(
    '/mail/settings/connectors/:id',
    {
      preValidation: mailAdministratorFirst,
      schema: { tags, summary: 'Removes a mail connector (administrators)', params: idParams, querystring: appOnly },
    },
    async (request) => removeConnector(ctx, await callerOf(ctx, request), request.params.id),
  );

  app.get(
    '/mail/settings/my',
    { preValidation: mailRoleFirst, schema: { tags, summary: "The caller's own 'My Mail' settings, or null", querystring: appOnly } },
    async (request, reply) => {
      const read = storedMessagesFor(request, reply);
      const mine = await getMyMail(ctx, await callerOf(ctx, request));
      return mine && { ...mine, last_error: read(mine.last_error) };
    },
  );

  app.put(
    '/mail/settings/my',
    {
      preValidation: mailRoleFirst,
      schema: {
        tags,
        summary: "Saves the caller's own 'My Mail' (their own mailbox credentials)",
        querystring: appOnly,
        body: connectorBody,
      },
    },
    async (request) => saveMyMail(ctx, await callerOf(ctx, request), request.body),
  );

  app.post(
    '/mail/settings/my/test',
    {
      preValidation: mailRoleFirst,
      schema: {
        tags,
        summary: "Tries the caller's own My Mail settings without saving them; an omitted secret is the stored one",
        querystring: appOnly,
        body: connectorBody,
      },
    },
    async (request) => testMyMail(ctx, await callerOf(ctx, request), request.body),
  );

  app.delete(
    '/mail/settings/my',
    { preValidation: mailRoleFirst, schema: { tags, summary: "Removes the caller's own 'My Mail'", querystring: appOnly } },
    async (request) => removeMyMail(ctx, await callerOf(ctx, request)),
  );
}
