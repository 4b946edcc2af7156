/** The JSON body parser refuses prototype-poisoning keys with a message that names them. */
import { describe, expect, it } from 'vitest';
import { HttpError } from '../platform/errors/http-error.ts';
import {
  EMPTY_JSON_MESSAGE,
  FORBIDDEN_KEYS_MESSAGE,
  INVALID_JSON_MESSAGE,
  nestsDeeperThan,
  parseJsonBodyOrThrow,
  TOO_DEEP_MESSAGE,
} from './json-body-parser.ts';

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

  it('counts nesting by brackets outside strings, escaped quotes included', () => {
    expect(nestsDeeperThan('[[[1]]]', 3)).toBe(false);
    expect(nestsDeeperThan('[[[[1]]]]', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[1]}}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":"[[[[[[","b":"\\"}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a":"\\"[[[[","b":1}', 1)).toBe(false);
    expect(nestsDeeperThan('[1],[2],[3],[4]', 1)).toBe(false);
  });

  it('refuses a body nested past the limit before parsing it', () => {
    expect(refusalOf('['.repeat(100_000) + ']'.repeat(100_000))).toEqual({ code: 'invalid_json', message: TOO_DEEP_MESSAGE });
    expect(refusalOf('['.repeat(64) + ']'.repeat(64))).toBe('parsed');
  });
});
