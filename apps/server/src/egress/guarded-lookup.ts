import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { AppError } from '../errors';
import { classifyAddress, parseHostLiteral, type HostLiteral } from './address-policy';

/** Every address a name resolves to, as `dns.lookup(name, {all: true})` returns them. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export interface GuardedLookupOptions {
  /** PREVIEW_ALLOW_HOSTS: lowercase host names or IP literals that skip the address policy. */
  allowHosts: readonly string[];
  resolve?: Resolver;
}

export const REFUSED_MESSAGE = 'This address cannot be previewed';

export const systemResolver: Resolver = (hostname) =>
  lookup(hostname, { all: true, verbatim: true });

const NOT_FOUND_CODES = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'EAI_NODATA']);

/**
 * A name matches an allow-list name exactly; an IP literal matches an allow-list entry that
 * denotes the same address in any spelling ("127.0.0.1" also allows "http://2130706433").
 * A name never allows the addresses it resolves to, nor the other way round.
 */
export function isAllowListed(host: HostLiteral, allowHosts: readonly string[]): boolean {
  return allowHosts.some((entry) => {
    const allowed = parseHostLiteral(entry);
    if (host.kind === 'ip') return allowed.kind === 'ip' && allowed.address === host.address;
    if (host.kind === 'name') return allowed.kind === 'name' && allowed.name === host.name;
    return false;
  });
}

function admits(address: string, allowListed: boolean): boolean {
  const verdict = classifyAddress(address);
  // The allow-list is for named local hosts; it never opens the cloud metadata service.
  return verdict.allowed || (allowListed && verdict.reason !== 'cloud-metadata');
}

async function resolveName(name: string, resolve: Resolver): Promise<LookupAddress[]> {
  try {
    const addresses = await resolve(name);
    if (addresses.length > 0) return addresses;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    if (!code || !NOT_FOUND_CODES.has(code)) {
      throw new AppError('RETRYABLE', 'The page could not be reached');
    }
  }
  throw new AppError('VALIDATION', 'This address could not be found');
}

/**
 * Resolves a URL host to the addresses it is safe to connect to, refusing the host when ANY
 * of them is refused: a name with one public and one private record must not get a chance to
 * reach the private one. IP literals are checked as they are, without DNS.
 */
export async function guardedLookup(
  host: string,
  { allowHosts, resolve = systemResolver }: GuardedLookupOptions,
): Promise<LookupAddress[]> {
  const literal = parseHostLiteral(host);
  if (literal.kind === 'invalid') throw new AppError('VALIDATION', 'This address is not valid');
  const allowListed = isAllowListed(literal, allowHosts);
  const addresses =
    literal.kind === 'ip'
      ? [{ address: literal.address, family: literal.family }]
      : await resolveName(literal.name, resolve);
  if (!addresses.every(({ address }) => admits(address, allowListed))) {
    throw new AppError('FORBIDDEN', REFUSED_MESSAGE);
  }
  return addresses;
}
