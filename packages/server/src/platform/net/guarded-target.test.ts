import { describe, expect, it } from 'vitest';
import { parseAddressRanges } from './address-policy.ts';
import { checkedTarget } from './guarded-target.ts';

// docs/product/security.md#outbound-connections: mail hosts go through the same guard.
describe('checkedTarget', () => {
  it('refuses loopback, link-local and private addresses unless the operator allowed them', async () => {
    await expect(checkedTarget('127.0.0.1', 143)).rejects.toThrow(/not a public address/);
    await expect(checkedTarget('169.254.169.254', 993)).rejects.toThrow(/not a public address/);
    await expect(checkedTarget('::ffff:10.0.0.1', 993)).rejects.toThrow(/not a public address/);
    await expect(checkedTarget('localhost', 143)).rejects.toThrow(/not a public address/);
    const policy = { allowPrivate: parseAddressRanges('127.0.0.1'), allowHttp: true };
    expect(await checkedTarget('127.0.0.1', 143, { policy })).toEqual({ address: '127.0.0.1', servername: '127.0.0.1' });
  });

  it("narrows to the organisation's allowed hosts", async () => {
    const policy = { allowPrivate: parseAddressRanges('127.0.0.1'), allowHttp: true };
    await expect(checkedTarget('127.0.0.1', 143, { policy, allowHosts: ['imap.example.org'] })).rejects.toThrow(/allowed hosts/);
    expect((await checkedTarget('127.0.0.1', 143, { policy, allowHosts: ['127.0.0.1:143'] })).address).toBe('127.0.0.1');
  });
});
