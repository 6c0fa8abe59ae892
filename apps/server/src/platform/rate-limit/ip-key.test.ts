import { describe, expect, it } from 'vitest';
import { limitIp } from './ip-key.ts';

describe('limitIp', () => {
  it('counts an IPv4 address, and an IPv4-mapped one, as itself', () => {
    expect(limitIp('203.0.113.7')).toBe('203.0.113.7');
    expect(limitIp('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(limitIp('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    expect(limitIp('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(limitIp('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(limitIp('2001:0DB8:0001:0002::ffff')).toBe('2001:db8:1:2::/64');
    expect(limitIp('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitIp('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(limitIp('::1')).toBe('0:0:0:0::/64');
    expect(limitIp('64:ff9b::198.51.100.1')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves what is no address as it is', () => {
    expect(limitIp('')).toBe('');
    expect(limitIp('unknown')).toBe('unknown');
  });
});
