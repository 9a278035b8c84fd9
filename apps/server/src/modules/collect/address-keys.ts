import { createHmac } from 'node:crypto';
import ipaddr from 'ipaddr.js';

/**
 * The network a request came from, as the concentration rule counts it: an IPv4 address
 * (IPv4-mapped IPv6 read as IPv4), or an IPv6 /64, the block one subscriber or one cloud machine
 * gets, so cycling addresses inside it is one address. Undefined for what does not parse (the
 * request is still counted, only not by address).
 */
export function addressBucket(ip: string): string | undefined {
  if (!ipaddr.isValid(ip)) return undefined;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}

/** A campaign's key of the request's address, or none (see `addressKeys`). */
export type AddressKeyOf = (campaignId: number) => string | undefined;

/**
 * Keys of client addresses, never the addresses: the first 8 bytes of HMAC-SHA256, under a key
 * derived from the server's secret, of the campaign id and the address bucket, as a signed
 * 64-bit decimal (a bigint column). Per campaign, so the keys of one visitor in two teams'
 * campaigns differ.
 * Whoever holds the secret can test a guessed address, as with any keyed hash of a small space;
 * without it nothing can be learnt (docs/decisions.md "Traffic concentration").
 */
export function addressKeys(secret: string): (ip: string) => AddressKeyOf {
  // A key of its own, derived from the server's secret: nothing else is signed with it.
  const key = createHmac('sha256', secret).update('kindling campaign address keys').digest();
  return (ip) => {
    const bucket = addressBucket(ip);
    if (bucket === undefined) return () => undefined;
    return (campaignId) =>
      createHmac('sha256', key)
        .update(`${campaignId}:${bucket}`)
        .digest()
        .readBigInt64BE(0)
        .toString();
  };
}
