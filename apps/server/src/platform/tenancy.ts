import { isIP } from 'node:net';

/** What a request says about its tenant: an explicit agent code, else the Host subdomain. */
export interface TenantHint {
  /** `agentCode` or `ac` from the request, already validated as digits. */
  code?: string;
  /** First label of the Host name ('hushi' for hushi.example.com); absent for IPs and bare names. */
  subdomain?: string;
}

/** The first label of a host name with at least two labels; undefined for IP addresses and 'localhost'. */
export function subdomainOf(hostname: string): string | undefined {
  const host = hostname
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  if (!host || isIP(host)) return undefined;
  const labels = host.split('.');
  return labels.length >= 2 && labels[0] ? labels[0] : undefined;
}

const AGENT_CODE = /^\d{1,12}$/;

/** Explicit code first (`agentCode`, then `ac`), as strings of digits; anything else is ignored here. */
export function tenantHint(input: Record<string, unknown>, hostname: string): TenantHint {
  const explicit = [input.agentCode, input.ac].find((v): v is string => typeof v === 'string' && AGENT_CODE.test(v.trim()));
  return { code: explicit?.trim(), subdomain: subdomainOf(hostname) };
}
