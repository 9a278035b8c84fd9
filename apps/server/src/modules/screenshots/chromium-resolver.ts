import type { Resolver } from '../../egress/guarded-lookup';
import { systemResolver } from '../../egress/guarded-lookup';

const LOOPBACK = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];

/**
 * Resolves names the way Chromium will: it answers `localhost` and `*.localhost` with
 * loopback itself (RFC 6761) without asking DNS, so the guard must see the same addresses,
 * not whatever the system resolver makes of them.
 */
export function chromiumResolver(fallback: Resolver = systemResolver): Resolver {
  return (hostname) => {
    const name = hostname.toLowerCase().replace(/\.$/, '');
    if (name === 'localhost' || name.endsWith('.localhost')) return Promise.resolve(LOOPBACK);
    return fallback(hostname);
  };
}
