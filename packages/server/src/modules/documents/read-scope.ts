/** The access check every document operation starts with, and what the repository needs to read a type. */
import type { DocumentSchema } from '@docket/shared';
import type { Principal } from '../../platform/access/principal.ts';
import { authorize, type DocumentAction } from '../../platform/access/authorize.ts';
import type { AccessScope } from '../../platform/access/access-scope.ts';
import { HttpError } from '../../http/http-error.ts';
import type { TypeScope } from '../../platform/records/document-query.ts';
import { catalogFor } from './list-params.ts';

export const DOCUMENT_NOT_FOUND = 'No document with that reference can be found.';

export function scopeOrThrow<A extends DocumentAction>(principal: Principal, type: DocumentSchema, action: A): AccessScope<A> {
  const decision = authorize(principal, type, action);
  if (!decision.allowed) throw new HttpError('forbidden', decision.reason);
  return decision.scope;
}

/** The organisation, type, row filter and field catalog of a read of `type` by this caller. */
export function readScope(principal: Principal, type: DocumentSchema): TypeScope<'read'> {
  return { docType: type.type, scope: scopeOrThrow(principal, type, 'read'), catalog: catalogFor(principal, type) };
}
