import { describe, expect, it } from 'vitest';
import { AccessTokens } from './access-tokens.ts';

const key = new Uint8Array(32).fill(7);

describe('AccessTokens', () => {
  it('verifies its own tokens and remembers them until they expire', async () => {
    const tokens = new AccessTokens(key);
    const token = await tokens.issue('user-1', 'family-1');
    expect(await tokens.verify(token)).toMatchObject({ sub: 'user-1', sid: 'family-1' });
    expect(await tokens.verify(token)).toMatchObject({ sub: 'user-1' });
    expect(await tokens.verify(token, Date.now() + 3601 * 1000)).toBeNull();
  });

  it('refuses tokens signed with another key or tampered with', async () => {
    const other = await new AccessTokens(new Uint8Array(32).fill(9)).issue('user-1', 'family-1');
    const tokens = new AccessTokens(key);
    expect(await tokens.verify(other)).toBeNull();
    const good = await tokens.issue('user-2', 'family-2');
    const [header, , signature] = good.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: 'admin', sid: 'x', iat: 1, exp: 9999999999, iss: 'docket' })).toString(
      'base64url',
    );
    expect(await tokens.verify(`${header}.${forgedPayload}.${signature}`)).toBeNull();
  });
});
