import { describe, expect, it } from 'vitest';
import { canonicalAddress, isBlockedAddress } from './address-policy.ts';

describe('outbound address policy', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '127.255.255.254',
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    '[::1]',
    'fe80::1',
    'fd00::1',
    'fc12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::FFFF:7F00:0001',
    '0:0:0:0:0:ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    '64:ff9b::10.1.2.3',
    'fe80::1%eth0',
    'not-an-address',
    '',
  ])('refuses %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'])(
    'allows the public address %s',
    (address) => {
      expect(isBlockedAddress(address)).toBe(false);
    },
  );

  it('canonicalises IPv4 carried inside IPv6', () => {
    expect(canonicalAddress('::ffff:7f00:1')).toEqual({ address: '127.0.0.1', family: 'ipv4' });
    expect(canonicalAddress('[::ffff:192.168.0.1]')).toEqual({ address: '192.168.0.1', family: 'ipv4' });
    expect(canonicalAddress('2001:4860::8888')).toEqual({ address: '2001:4860::8888', family: 'ipv6' });
  });
});
