import { describe, expect, it } from 'vitest';
import { subdomainOf, tenantHint } from './tenancy.ts';

describe('tenancy hints', () => {
  it('takes the first label of a host name with two or more labels', () => {
    expect(subdomainOf('hushi.example.com')).toBe('hushi');
    expect(subdomainOf('Ying.Example.com:8080')).toBe('ying');
    expect(subdomainOf('hushi.localhost')).toBe('hushi');
  });

  it('has no subdomain for IP addresses and bare names', () => {
    for (const host of ['127.0.0.1', '127.0.0.1:3000', '[::1]', 'localhost', '']) expect(subdomainOf(host)).toBeUndefined();
  });

  it('prefers agentCode, then ac, over the host', () => {
    expect(tenantHint({ agentCode: '6001', ac: '888' }, 'ying.example.com')).toEqual({ code: '6001', subdomain: 'ying' });
    expect(tenantHint({ ac: '7021004' }, 'x.example.com')).toEqual({ code: '7021004', subdomain: 'x' });
    expect(tenantHint({ ac: 'drop table' }, 'localhost')).toEqual({ code: undefined, subdomain: undefined });
  });
});
