import { describe, expect, it } from 'vitest';
import { canonicalAddress, isBlockedAddress, isPermittedAddress, parseAddressRanges, type OutboundPolicy } from './address-policy.ts';

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
    expect(canonicalAddress('::ffff:7f00:1')?.toString()).toBe('127.0.0.1');
    expect(canonicalAddress('[::ffff:192.168.0.1]')?.toString()).toBe('192.168.0.1');
    expect(canonicalAddress('::ffff:0:a9fe:a9fe')?.toString()).toBe('169.254.169.254');
    expect(canonicalAddress('2001:4860::8888')?.toString()).toBe('2001:4860::8888');
    expect(canonicalAddress('::1')?.kind()).toBe('ipv6');
  });

  it.each(['2002:7f00:1::1', '2001::1', '100::1'])('refuses the tunnelling or discard address %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });
});

describe("the operator's private ranges", () => {
  const loopbackOnly: OutboundPolicy = { allowPrivate: parseAddressRanges('127.0.0.0/8, ::1'), allowHttp: false };

  it('opens exactly the listed ranges, in every spelling', () => {
    for (const address of ['127.0.0.1', '127.9.9.9', '::ffff:127.0.0.1', '::ffff:7f00:1', '::1', '[::1]']) {
      expect(isPermittedAddress(address, loopbackOnly)).toBe(true);
    }
    for (const address of ['10.0.0.1', '169.254.169.254', '::ffff:10.0.0.1', 'fd00::1', '192.168.1.1']) {
      expect(isPermittedAddress(address, loopbackOnly)).toBe(false);
    }
    expect(isPermittedAddress('8.8.8.8', loopbackOnly)).toBe(true);
  });

  it('reads addresses and CIDR ranges, and names a bad entry', () => {
    expect(parseAddressRanges(undefined)).toEqual([]);
    expect(parseAddressRanges(' 10.0.0.0/8 ,fd00::/8,192.168.1.5 ').map(([network, bits]) => `${network.toString()}/${bits}`)).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
      '192.168.1.5/32',
    ]);
    expect(() => parseAddressRanges('10.0.0.0/8,intranet')).toThrow("'intranet' is not an IP address or CIDR range");
    expect(() => parseAddressRanges('10.0.0.0/33')).toThrow("'10.0.0.0/33' is not an IP address or CIDR range");
  });
});
