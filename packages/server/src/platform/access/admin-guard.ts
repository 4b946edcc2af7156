/**
 * Administration routes ask the same `authorize()` as documents, through the administrator-only
 * types, and refuse with the spec's Not Authorised text (docs/product/access.md#administrator-only):
 * 'You do not have sufficient access rights to administer ... for your organisation.'
 */
import type { DocumentSchema } from '@docket/shared';
import { HttpError } from '../errors/http-error.ts';
import { authorize, type DocumentAction } from './authorize.ts';
import type { AccessScope } from './access-scope.ts';
import type { Principal } from './principal.ts';

export function notAuthorisedToAdminister(what: string): string {
  return `You do not have sufficient access rights to administer ${what} for your organisation.`;
}

export function requireAdministrator<A extends DocumentAction>(
  principal: Principal,
  type: DocumentSchema,
  action: A,
  what: string,
): AccessScope<A> {
  const decision = authorize(principal, type, action);
  if (!decision.allowed) throw new HttpError('forbidden', notAuthorisedToAdminister(what));
  return decision.scope;
}
