import { describe, expect, it } from 'vitest';
import { addressGroup } from '../../src/lib/address-group.js';

describe('addressGroup: what counts as one client address', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressGroup('192.0.2.7')).toBe('192.0.2.7');
    expect(addressGroup('127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts an IPv4 address reported as IPv6 by a dual-stack socket as that IPv4 address', () => {
    expect(addressGroup('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressGroup('::FFFF:c000:0207')).toBe('192.0.2.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const group = '2001:db8:1:2::/64';
    for (const address of ['2001:db8:1:2::1', '2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:DB8:1:2:3:4:5:6', '2001:db8:1:2::1%eth0']) {
      expect(addressGroup(address), address).toBe(group);
    }
    expect(addressGroup('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressGroup('::1')).toBe('::/64');
  });

  it('keeps what is not an address as it is', () => {
    for (const value of ['unknown', 'not:an:address', '']) expect(addressGroup(value)).toBe(value);
  });
});
