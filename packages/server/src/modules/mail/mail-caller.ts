/**
 * Who is calling, settled before Fastify validates the query and body (docs/product/mail.md#errors):
 * an anonymous caller is 401 and a member without the right is 403 whatever they sent, and only a
 * caller allowed to use the call learns what a valid body looks like. The `preValidation` hook
 * resolves the principal once and checks the call's guard; the handler reads the same principal.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { resolvePrincipal } from '../../http/request-context.ts';
import type { Principal } from '../../platform/access/principal.ts';

export type CallerGuard = (principal: Principal) => void;

const resolved = new WeakMap<FastifyRequest, Promise<Principal>>();

/** A `preValidation` hook: resolves the caller and applies `guard` before the input is checked. */
export function callerFirst(ctx: AppContext, guard: CallerGuard) {
  return async (request: FastifyRequest): Promise<void> => {
    const principal = resolvePrincipal(ctx, request);
    resolved.set(request, principal);
    guard(await principal);
  };
}

/** The principal the hook resolved for this request (resolved again only if no hook ran). */
export function callerOf(ctx: AppContext, request: FastifyRequest): Promise<Principal> {
  return resolved.get(request) ?? resolvePrincipal(ctx, request);
}
