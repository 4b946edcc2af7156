/**
 * Authorization-matrix rows of the mail calls (docs/product/mail.md) and the document PDF
 * (docs/product/documents-and-schemas.md), spread into `matrixRows`
 * (platform/access/authorization-matrix.test-rows.ts). Mail needs the mail role, which no matrix
 * member holds: every mailbox call is refused before any connector is looked up, and the
 * organisation's connector settings are the administrators' alone.
 */
import type { InjectOptions } from 'fastify';
import type { MatrixRow } from '../platform/access/authorization-matrix.test-rows.ts';

const get = (url: string): InjectOptions => ({ method: 'GET', url });
// Loopback: refused by the outbound policy at once (400: this server's rule), never a slow connection.
const connector = { title: 'Matrix mailbox', host: '127.0.0.1', port: 9, security: 'tls', user: 'x', secret: 'y', folders: ['INBOX'] };

/** The demo administrator holds the mail role; the other organisation's administrator does not. */
const roleHolder = (status: number) => ({ admin: status, members: 403 });
/** Each organisation's administrator acts on its own organisation's mail (the session's); members lack the role. */
const own = (status: number) => ({ admin: status, acmeAdmin: status, members: 403 });

export const mailMatrixRows: MatrixRow[] = [
  { route: 'GET /mail/connectors', request: () => get('/mail/connectors'), expect: roleHolder(200) },
  { route: 'GET /mail/:connector/list', request: () => get('/mail/999999/list?f=INBOX'), expect: roleHolder(404) },
  { route: 'GET /mail/:connector/message/:uid', request: () => get('/mail/999999/message/1?f=INBOX'), expect: roleHolder(404) },
  {
    route: 'DELETE /mail/:connector/message/:uid',
    request: () => ({ method: 'DELETE', url: '/mail/999999/message/1?f=INBOX' }),
    expect: roleHolder(404),
  },
  { route: 'GET /mail/:connector/import/:uid', request: () => get('/mail/999999/import/1?f=INBOX&doc_id=1'), expect: roleHolder(404) },
  {
    route: 'POST /mail/:connector/request/:uid',
    request: () => ({ method: 'POST', url: '/mail/999999/request/1?f=INBOX', payload: {} }),
    expect: roleHolder(404),
  },
  { route: 'GET /mail/settings/connectors', request: () => get('/mail/settings/connectors'), expect: own(200) },
  {
    route: 'POST /mail/settings/connectors',
    request: () => ({ method: 'POST', url: '/mail/settings/connectors', payload: { kind: 'imap', ...connector } }),
    expect: own(400),
  },
  {
    route: 'POST /mail/settings/connectors/test',
    request: () => ({ method: 'POST', url: '/mail/settings/connectors/test', payload: { kind: 'imap', ...connector } }),
    expect: own(400),
  },
  {
    route: 'PUT /mail/settings/connectors/:id',
    request: () => ({ method: 'PUT', url: '/mail/settings/connectors/999999', payload: connector }),
    expect: own(404),
  },
  {
    route: 'DELETE /mail/settings/connectors/:id',
    request: () => ({ method: 'DELETE', url: '/mail/settings/connectors/999999' }),
    expect: own(404),
  },
  { route: 'GET /mail/settings/my', request: () => get('/mail/settings/my'), expect: roleHolder(200) },
  {
    route: 'PUT /mail/settings/my',
    request: () => ({ method: 'PUT', url: '/mail/settings/my', payload: connector }),
    expect: roleHolder(400),
  },
  {
    route: 'POST /mail/settings/my/test',
    request: () => ({ method: 'POST', url: '/mail/settings/my/test', payload: connector }),
    expect: roleHolder(400),
  },
  { route: 'DELETE /mail/settings/my', request: () => ({ method: 'DELETE', url: '/mail/settings/my' }), expect: roleHolder(200) },
];
