/**
 * The JSON body parser. Fastify's own refuses keys that could poison prototypes (`__proto__`,
 * `constructor.prototype`; docs/product/security.md#lesson-16) but answers them exactly like broken
 * JSON, which leaves a caller guessing. This one refuses the same bodies with the same library and
 * says what is wrong; everything else (empty, malformed) answers as before. Body size is limited
 * before any parser runs (`bodyLimit`), and nesting before parsing: the code that walks a body
 * (documents' data, preferences, settings) recurses, and a body nested thousands deep would exhaust
 * its stack — a 500 for what is the caller's mistake.
 */
import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { HttpError } from '../platform/errors/http-error.ts';
import { isWellFormedValue, jsonTextHasNul, jsonTextMayHoldSurrogate, LONE_SURROGATE_MESSAGE, refuseNul } from './request-text.ts';

export const FORBIDDEN_KEYS_MESSAGE = 'A request body may not contain the keys __proto__, constructor or prototype.';
export const INVALID_JSON_MESSAGE = 'Invalid JSON in request body';
export const EMPTY_JSON_MESSAGE = 'Request body is empty';
/** Far deeper than any form, schema or setting nests. */
export const MAX_BODY_DEPTH = 64;
export const TOO_DEEP_MESSAGE = `A request body may not nest objects or arrays more than ${MAX_BODY_DEPTH} levels deep.`;

/** Whether the JSON text opens more than `max` objects or arrays inside one another (brackets in strings not counted). */
export function nestsDeeperThan(text: string, max: number): boolean {
  // Most bodies open fewer brackets than the limit in all: counted with the native indexOf, they
  // need no walk (a 10 MB description: ~1 ms against the walk's ~15 ms, about JSON.parse's own time).
  if (!opensMoreThan(text, max)) return false;
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index++; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      if (++depth > max) return true;
    } else if (code === 0x7d || code === 0x5d) depth--;
  }
  return false;
}

/** Whether the text holds more than `count` opening brackets, wherever they are. */
function opensMoreThan(text: string, count: number): boolean {
  let seen = 0;
  for (const bracket of ['{', '[']) {
    for (let at = text.indexOf(bracket); at !== -1; at = text.indexOf(bracket, at + 1)) if (++seen > count) return true;
  }
  return false;
}

/** Parses a JSON body, refusing prototype-poisoning keys; throws HttpError for the caller's mistakes. */
export function parseJsonBodyOrThrow(text: string): unknown {
  if (text.trim() === '') throw new HttpError('invalid_json', EMPTY_JSON_MESSAGE);
  if (nestsDeeperThan(text, MAX_BODY_DEPTH)) throw new HttpError('invalid_json', TOO_DEEP_MESSAGE);
  if (jsonTextHasNul(text)) refuseNul();
  let parsed: unknown;
  try {
    parsed = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    // secure-json-parse reports a poisoning key as "Object contains forbidden prototype/constructor property".
    const isPoisoning = error instanceof SyntaxError && error.message.startsWith('Object contains forbidden');
    throw new HttpError('invalid_json', isPoisoning ? FORBIDDEN_KEYS_MESSAGE : INVALID_JSON_MESSAGE);
  }
  if (jsonTextMayHoldSurrogate(text) && !isWellFormedValue(parsed)) throw new HttpError('bad_request', LONE_SURROGATE_MESSAGE);
  return parsed;
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
