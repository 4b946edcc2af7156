/**
 * The organisation's types as the web app draws them, for every member
 * (docs/product/documents-and-schemas.md): only administrators may read the stored `$$schema`
 * documents, so without this other members would see the built-in definitions instead of their
 * organisation's overrides.
 *
 * A caller gets the types `authorize()` lets them read or create (a type they may neither read nor
 * create has no screen for them), each as its client projection (`clientProjectionOf` in shared:
 * no indexes, no people of workflow steps, and without the protected fields whose values the
 * caller can never see) with `access.create`: `authorize(principal, type, 'create')`, the same
 * decision a create answers with, so the web never re-derives who may create
 * (docs/product/access.md).
 */
import { clientProjectionOf, type ClientDocumentType, type DocumentSchema, type ListAnswer } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { forbidden, notFound } from '../../http/http-error.ts';
import { authorize, NOT_AUTHORISED } from '../../platform/access/authorize.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { protectedFieldsHiddenFrom } from '../../platform/access/protected-fields.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';

function isOfferedTo(principal: Principal, type: DocumentSchema): boolean {
  return authorize(principal, type, 'read').allowed || authorize(principal, type, 'create').allowed;
}

function projectionFor(principal: Principal, type: DocumentSchema): ClientDocumentType {
  return {
    ...clientProjectionOf(type, { hiddenFields: protectedFieldsHiddenFrom(principal, type) }),
    access: { create: authorize(principal, type, 'create').allowed },
  };
}

export async function listClientTypes(ctx: AppContext, principal: Principal): Promise<ListAnswer<ClientDocumentType>> {
  const types = await typeRegistryFor(ctx.database).list(principal.org.id);
  const offered = types
    .filter((type) => isOfferedTo(principal, type))
    .sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0))
    .map((type) => projectionFor(principal, type));
  return { dataAr: offered, total: offered.length };
}

export async function getClientType(ctx: AppContext, principal: Principal, name: string): Promise<ClientDocumentType> {
  const type = await typeRegistryFor(ctx.database).get(principal.org.id, name);
  if (!type) throw notFound(`Unknown document type: ${name.slice(0, 64)}`);
  if (!isOfferedTo(principal, type)) throw forbidden(NOT_AUTHORISED);
  return projectionFor(principal, type);
}
