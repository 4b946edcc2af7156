/** Where a NUL hides in what a request carries (docs/product/README.md#api-conventions). */
import { describe, expect, it } from 'vitest';
import { isWellFormedValue, jsonTextHasNul, jsonTextMayHoldSurrogate, urlHasNul, valueHasNul } from './request-text.ts';

describe('NUL characters', () => {
  it('finds the JSON escape, not a backslash followed by the letters u0000', () => {
    expect(jsonTextHasNul(String.raw`{"summary":"a\u0000b"}`)).toBe(true);
    expect(jsonTextHasNul(String.raw`{"summary":"\u0000"}`)).toBe(true);
    // An escaped backslash, then the text "u0000": no NUL.
    expect(jsonTextHasNul(String.raw`{"summary":"C:\\u0000"}`)).toBe(false);
    // Three backslashes: an escaped backslash, then the escape.
    expect(jsonTextHasNul(String.raw`{"summary":"\\\u0000"}`)).toBe(true);
    expect(jsonTextHasNul(String.raw`{"summary":"\\u0000 and \u0000"}`)).toBe(true);
    expect(jsonTextHasNul(String.raw`{"summary":"\u00000 is not U+0001","x":"\u0001"}`)).toBe(true);
    expect(jsonTextHasNul(String.raw`{"summary":"\u0001"}`)).toBe(false);
    expect(jsonTextHasNul('{"summary":"plain"}')).toBe(false);
  });

  it('finds %00 in a URL and NUL in decoded values, keys included', () => {
    expect(urlHasNul('/v3/demo/incident?filter=a%00b')).toBe(true);
    expect(urlHasNul('/v3/demo/incident?filter=a%2500b')).toBe(false);
    expect(valueHasNul({ username: 'a\u0000b' })).toBe(true);
    expect(valueHasNul({ 'user\u0000name': 'a' })).toBe(true);
    expect(valueHasNul({ list: ['a', ['b\u0000']] })).toBe(true);
    expect(valueHasNul({ username: 'a', n: 1, none: null })).toBe(false);
  });

  it('finds half a character: a surrogate escape is walked for, a whole pair passes', () => {
    expect(jsonTextMayHoldSurrogate(String.raw`{"a":"\ud83d"}`)).toBe(true);
    expect(jsonTextMayHoldSurrogate(String.raw`{"a":"\uDE00"}`)).toBe(true);
    expect(jsonTextMayHoldSurrogate(String.raw`{"a":"\u00e9 😀"}`)).toBe(false);
    expect(isWellFormedValue(JSON.parse(String.raw`{"a":"\ud83d"}`))).toBe(false);
    expect(isWellFormedValue(JSON.parse(String.raw`{"\udc00":"a"}`))).toBe(false);
    expect(isWellFormedValue(JSON.parse(String.raw`{"a":["x",{"b":"\ud83d\ude00"}]}`))).toBe(true);
    expect(isWellFormedValue(JSON.parse(String.raw`{"a":"\\ud83d"}`))).toBe(true);
  });
});
