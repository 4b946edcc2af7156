/**
 * The JSON body parser. Fastify's own refuses keys that could poison prototypes (`__proto__`,
 * `constructor.prototype`; docs/product/security.md#lesson-16) but answers them exactly like broken
 * JSON, which leaves a caller guessing. This one refuses the same bodies with the same library and
 * says what is wrong; everything else (empty, malformed) answers as before. Body size is limited
 * before any parser runs (`bodyLimit`).
 */
import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { HttpError } from '../platform/errors/http-error.ts';

export const FORBIDDEN_KEYS_MESSAGE = 'A request body may not contain the keys __proto__, constructor or prototype.';
export const INVALID_JSON_MESSAGE = 'Invalid JSON in request body';
export const EMPTY_JSON_MESSAGE = 'Request body is empty';

/** Parses a JSON body, refusing prototype-poisoning keys; throws HttpError for the caller's mistakes. */
export function parseJsonBodyOrThrow(text: string): unknown {
  if (text.trim() === '') throw new HttpError('invalid_json', EMPTY_JSON_MESSAGE);
  try {
    return secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    // secure-json-parse reports a poisoning key as "Object contains forbidden prototype/constructor property".
    const isPoisoning = error instanceof SyntaxError && error.message.startsWith('Object contains forbidden');
    throw new HttpError('invalid_json', isPoisoning ? FORBIDDEN_KEYS_MESSAGE : INVALID_JSON_MESSAGE);
  }
}

export function installJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonBodyOrThrow(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
