import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { TrustProxy } from '../config';

/** The header a trusted proxy names the request with, and every answer carries. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** nginx's `$request_id` is 32 hex digits; other proxies send UUIDs or similar. Anything else is made anew. */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;

/** proxy-addr's range names, which TRUST_PROXY accepts, as the CIDRs they stand for. */
const RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** Whether the socket's peer is a proxy TRUST_PROXY names (a hop count trusts whatever connects: SECURITY.md). */
function trustedPeer(trust: TrustProxy): (address: string | undefined) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === 'number') return () => trust > 0;
  const list = new BlockList();
  for (const entry of trust.flatMap((item) => RANGES[item] ?? [item])) {
    const [address, prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  // BlockList matches an IPv4-mapped IPv6 peer (::ffff:10.0.0.1) against the IPv4 ranges itself.
  return (address) => !!address && list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/**
 * Fastify's `genReqId`: the trusted proxy's `X-Request-Id` when the request came through one and the
 * value is well-formed, so nginx's log and ours name a request alike; otherwise a new UUID. A client
 * reaching the server directly cannot choose the id its requests are logged under.
 */
export function requestIdGenerator(trust: TrustProxy): (request: IncomingMessage) => string {
  const trusted = trustedPeer(trust);
  return (request) => {
    const given = request.headers[REQUEST_ID_HEADER];
    if (typeof given === 'string' && WELL_FORMED.test(given) && trusted(request.socket?.remoteAddress)) return given;
    return randomUUID();
  };
}
