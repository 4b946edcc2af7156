import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact.ts';

describe('redactUrl', () => {
  it('hides token values and keeps other parameters', () => {
    expect(redactUrl('/oauth/logout?refresh_token=abc123&x=1')).toBe('/oauth/logout?refresh_token=%5Bredacted%5D&x=1');
    expect(redactUrl('/file/doc/1/a.png?access_token=secret')).not.toContain('secret');
  });
  it('leaves URLs without a query alone', () => {
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});
