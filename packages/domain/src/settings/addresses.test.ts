import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressClass, parseIPv6 } from './addresses.ts';

describe('addressClass', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['172.15.255.255', 'public'],
    ['172.32.0.1', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.20', 'private'],
    ['100.64.0.1', 'private'],
    ['169.254.10.10', 'link_local'],
    ['169.254.169.254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['224.0.0.1', 'multicast'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['2606:4700:4700::1111', 'public'],
    ['2001:4860:4860::8888', 'public'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fc00::1', 'unique_local'],
    ['fd12:3456:789a::1', 'unique_local'],
    ['fe80::1%eth0', 'link_local'],
    ['febf::1', 'link_local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['fd00:ec2::254', 'metadata'],
    ['2001:db8::1', 'reserved'],
    ['100::1', 'reserved'],
    // IPv4 inside IPv6 reaches the IPv4 address.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::FFFF:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:8.8.8.8', 'public'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:0808:0808::', 'public'],
    ['localhost', 'invalid'],
    ['example.com', 'invalid'],
    ['1.2.3', 'invalid'],
    ['01.2.3.4', 'invalid'],
    ['256.1.1.1', 'invalid'],
    ['1::2::3', 'invalid'],
    ['1:2:3:4:5:6:7:8:9', 'invalid'],
    ['12345::', 'invalid'],
  ])('%s is %s', (address, expected) => {
    expect(addressClass(address)).toBe(expected);
  });

  it('reads every IPv4 address mapped into IPv6 as the IPv4 address', () => {
    fc.assert(
      fc.property(fc.ipV4(), (v4) => {
        expect(addressClass(`::ffff:${v4}`)).toBe(addressClass(v4));
      }),
    );
  });

  it('parses every IPv6 address fast-check writes', () => {
    fc.assert(
      fc.property(fc.ipV6(), (v6) => {
        expect(parseIPv6(v6)).toHaveLength(8);
        expect(addressClass(v6)).not.toBe('invalid');
      }),
    );
  });
});
