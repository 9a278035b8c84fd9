import type { LookupAddress } from 'node:dns';
import { Readable } from 'node:stream';
import ipaddr from 'ipaddr.js';
import { systemResolver, type Resolver } from '../src/egress/guarded-lookup';
import { nodeTransport, type HopRequest, type Transport } from '../src/egress/node-transport';

export type StubResolver = Resolver & { calls: string[] };

const notFound = (hostname: string) =>
  Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });

const family = (address: string) => (address.includes(':') ? 6 : 4);

/**
 * DNS from a table, so no test depends on (or leaks to) real DNS. An entry may list several
 * answers, one per call, to play a rebinding server; "localhost" goes to the system resolver.
 */
export function stubResolver(table: Record<string, string[] | string[][]>): StubResolver {
  const calls: string[] = [];
  const resolve = async (hostname: string): Promise<LookupAddress[]> => {
    const nth = calls.filter((call) => call === hostname).length;
    calls.push(hostname);
    if (hostname === 'localhost') return systemResolver(hostname);
    const entry = table[hostname];
    if (!entry) throw notFound(hostname);
    const answer = Array.isArray(entry[0]) ? (entry as string[][])[nth] : (entry as string[]);
    return (answer ?? []).map((address) => ({ address, family: family(address) }));
  };
  return Object.assign(resolve, { calls });
}

function isLoopback(address: string): boolean {
  const parsed = ipaddr.process(address);
  return parsed.range() === 'loopback';
}

export type RecordingTransport = Transport & { hops: HopRequest[] };

/**
 * Records every connection the guard lets through. It connects only to loopback: should the
 * guard ever let a private or public address through, the test fails without any traffic
 * leaving the machine.
 */
export function recordingTransport(): RecordingTransport {
  const hops: HopRequest[] = [];
  const transport: Transport = async (request) => {
    hops.push(request);
    if (!request.addresses.every(({ address }) => isLoopback(address))) {
      throw new Error('Test transport refuses to leave the machine');
    }
    return nodeTransport(request);
  };
  return Object.assign(transport, { hops });
}

/** Answers every hop with a fixed page, without any network: for public-address positives. */
export function cannedTransport(body = '<p>public page</p>'): RecordingTransport {
  const hops: HopRequest[] = [];
  const transport: Transport = (request) => {
    hops.push(request);
    return Promise.resolve({
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: Readable.from([Buffer.from(body)]),
    });
  };
  return Object.assign(transport, { hops });
}
