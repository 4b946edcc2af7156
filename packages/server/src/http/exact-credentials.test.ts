/** Credential fields are checked as sent, before the schema's coercion (docs/product/security.md#lesson-4). */
import { describe, expect, it } from 'vitest';
import { credentialFieldsOf, mistypedCredential } from './exact-credentials.ts';

describe('exact credentials', () => {
  it('finds the credential fields a body schema declares as strings', () => {
    const schema = {
      type: 'object',
      properties: { password: { type: 'string' }, token: { type: 'string' }, code: { type: 'integer' }, summary: { type: 'string' } },
    };
    expect(credentialFieldsOf(schema)).toEqual(['password', 'token']);
    expect(credentialFieldsOf(undefined)).toEqual([]);
  });

  it('names the first credential sent as anything but a string', () => {
    const fields = ['username', 'password'];
    expect(mistypedCredential({ username: 'a@b.c', password: 'secret' }, fields)).toBeNull();
    expect(mistypedCredential({ username: 'a@b.c' }, fields)).toBeNull();
    for (const value of [12345678901, true, null, {}, ['x']]) {
      expect(mistypedCredential({ username: 'a@b.c', password: value }, fields)).toBe('password');
    }
    expect(mistypedCredential('not an object', fields)).toBeNull();
  });
});
