import { describe, expect, it } from 'vitest';
import { decodedRoutingUrl } from './path-decoding.ts';

describe('decodedRoutingUrl', () => {
  it('decodes the characters that mean the same encoded or not inside a path segment', () => {
    expect(decodedRoutingUrl('/v3/demo/%24%24log')).toBe('/v3/demo/$$log');
    expect(decodedRoutingUrl('/v3/demo/%24%24types/incident')).toBe('/v3/demo/$$types/incident');
    expect(decodedRoutingUrl('/a/%26%2b%2C%3a%3D%40')).toBe('/a/&+,:=@');
  });

  it('keeps separators, the percent sign and the query string as they are', () => {
    expect(decodedRoutingUrl('/v3/demo/%24%24types%2Fincident')).toBe('/v3/demo/$$types%2Fincident');
    expect(decodedRoutingUrl('/v3/demo/%2524log%3F%23%3B')).toBe('/v3/demo/%2524log%3F%23%3B');
    expect(decodedRoutingUrl('/v3/demo/%24%24log?filter=a%24%3Db')).toBe('/v3/demo/$$log?filter=a%24%3Db');
    expect(decodedRoutingUrl('/plain/path?x=%24')).toBe('/plain/path?x=%24');
  });
});
