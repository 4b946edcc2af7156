/**
 * Credentials are strings, exactly (docs/product/security.md#lesson-4). The route schemas' Ajv
 * coerces types (`coerceTypes`, build-app.ts) so that query strings become numbers; in a JSON
 * body that same coercion turns `"password": 12345678901` or `"token": true` into text before any
 * check sees it. Every route whose body schema declares one of these fields as a string gets a
 * check of the body as sent, before validation: by construction, so a new sign-in, reset or token
 * route is covered without remembering to.
 */
import type { FastifyInstance, preValidationHookHandler, RouteOptions } from 'fastify';
import { HttpError } from './http-error.ts';

/** Body fields that carry a secret or a proof of identity. */
export const CREDENTIAL_FIELDS: ReadonlySet<string> = new Set([
  'username',
  'password',
  'current_password',
  'new_password',
  'token',
  'refresh_token',
  'authorization_code',
  'code',
  'current_code',
  'client_code',
  'otp_code',
  'secret',
]);

/** The credential fields a body schema declares as strings. */
export function credentialFieldsOf(bodySchema: unknown): string[] {
  const properties = (bodySchema as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties;
  if (!properties) return [];
  return Object.keys(properties).filter((key) => CREDENTIAL_FIELDS.has(key) && properties[key]?.type === 'string');
}

/** A body's credential field sent as anything but a string, or null when every one is a string or absent. */
export function mistypedCredential(body: unknown, fields: readonly string[]): string | null {
  if (!body || typeof body !== 'object') return null;
  for (const field of fields) {
    const value = (body as Record<string, unknown>)[field];
    if (value !== undefined && typeof value !== 'string') return field;
  }
  return null;
}

/** Must run before the routes are registered (Fastify's onRoute sees only routes added after it). */
export function installExactCredentials(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const fields = credentialFieldsOf(route.schema?.body);
    if (fields.length === 0) return;
    const check: preValidationHookHandler = (request, _reply, done) => {
      const field = mistypedCredential(request.body, fields);
      done(field === null ? undefined : new HttpError('bad_request', `Invalid body: ${field} must be string`));
    };
    const existing = route.preValidation;
    route.preValidation = existing === undefined ? [check] : [...(Array.isArray(existing) ? existing : [existing]), check];
  });
}
