/** The JSON body parser refuses prototype-poisoning keys with a message that names them. */
import { describe, expect, it } from 'vitest';
import { HttpError } from '../platform/errors/http-error.ts';
import { EMPTY_JSON_MESSAGE, FORBIDDEN_KEYS_MESSAGE, INVALID_JSON_MESSAGE, parseJsonBodyOrThrow } from './json-body-parser.ts';

const refusalOf = (text: string) => {
  try {
    parseJsonBodyOrThrow(text);
  } catch (error) {
    return error instanceof HttpError ? { code: error.code, message: error.message } : error;
  }
  return 'parsed';
};

describe('JSON body parser', () => {
  it('parses ordinary JSON', () => {
    expect(parseJsonBodyOrThrow('{"summary":"x","nested":{"a":[1,2]}}')).toEqual({ summary: 'x', nested: { a: [1, 2] } });
  });

  it.each([
    ['__proto__ at the top', '{"summary":"x","__proto__":{"polluted":true}}'],
    ['__proto__ nested', '{"data":{"inner":{"__proto__":{"polluted":true}}}}'],
    ['constructor.prototype', '{"constructor":{"prototype":{"polluted":true}}}'],
  ])('refuses %s with a message naming the keys', (_name, text) => {
    expect(refusalOf(text)).toEqual({ code: 'invalid_json', message: FORBIDDEN_KEYS_MESSAGE });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers broken and empty bodies as before', () => {
    expect(refusalOf('{"summary": "x",')).toEqual({ code: 'invalid_json', message: INVALID_JSON_MESSAGE });
    expect(refusalOf('   ')).toEqual({ code: 'invalid_json', message: EMPTY_JSON_MESSAGE });
  });
});
