import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyAddress, parseHostLiteral } from './address-policy';

/** Refused IPv4 space written out by hand, independent of the ipaddr.js tables under test. */
const REFUSED_V4: [number, number, number, number, number][] = [
  [0, 0, 0, 0, 8],
  [10, 0, 0, 0, 8],
  [100, 64, 0, 0, 10],
  [127, 0, 0, 0, 8],
  [168, 63, 129, 16, 32],
  [169, 254, 0, 0, 16],
  [172, 16, 0, 0, 12],
  [192, 0, 0, 0, 24],
  [192, 0, 2, 0, 24],
  [192, 88, 99, 0, 24],
  [192, 168, 0, 0, 16],
  [198, 18, 0, 0, 15],
  [198, 51, 100, 0, 24],
  [203, 0, 113, 0, 24],
  [224, 0, 0, 0, 4],
  [240, 0, 0, 0, 4],
];

const toNumber = (a: number, b: number, c: number, d: number) =>
  ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
const dotted = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
const hex = (n: number) => `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
const inRefusedV4 = (n: number) =>
  REFUSED_V4.some(
    ([a, b, c, d, prefix]) => n >>> (32 - prefix) === toNumber(a, b, c, d) >>> (32 - prefix),
  );

const inRange = (base: string, prefix: number) => {
  const start = toNumber(...(base.split('.').map(Number) as [number, number, number, number]));
  return fc.integer({ min: 0, max: 2 ** (32 - prefix) - 1 }).map((offset) => start + offset);
};

/** Every IPv6 spelling that delivers to the given IPv4 address. */
const v6Forms = (n: number) => [
  `::ffff:${dotted(n)}`,
  `::ffff:${hex(n)}`,
  `0:0:0:0:0:ffff:${hex(n)}`,
  `64:ff9b::${dotted(n)}`,
  `2002:${hex(n)}::1`,
];

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['100.64.0.1', 'shared-address-space'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['198.19.255.255', 'benchmarking'],
    ['192.0.2.10', 'documentation'],
    ['2001:db8::1', 'documentation'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['169.254.169.254', 'cloud-metadata'],
    ['fd00:ec2::254', 'cloud-metadata'],
    ['100.100.100.200', 'cloud-metadata'],
    ['168.63.129.16', 'cloud-metadata'],
    ['::ffff:169.254.169.254', 'cloud-metadata'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:0:7f00:1', 'loopback'],
    ['::7f00:1', 'loopback'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b:1::1', 'private'],
    ['2002:c0a8:101::1', 'private'],
    // Teredo: server 65.54.227.120, client stored inverted: ~80ff:fffe = 127.0.0.1.
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback'],
    ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', 'reserved'],
    ['::2', 'reserved'],
    ['100::1', 'reserved'],
    ['0177.0.0.1', 'invalid'],
    ['2130706433', 'invalid'],
    ['localhost', 'invalid'],
    ['', 'invalid'],
  ])('refuses %s as %s', (ip, reason) => {
    expect(classifyAddress(ip)).toEqual({ allowed: false, reason });
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('allows the public address %s', (ip) => {
    expect(classifyAddress(ip)).toEqual({ allowed: true, reason: 'public' });
  });

  it('refuses every address in 10/8, 127/8, 192.168/16 and the other private ranges, in every IPv6 form', () => {
    const privateAddress = fc.oneof(
      inRange('10.0.0.0', 8),
      inRange('127.0.0.0', 8),
      inRange('192.168.0.0', 16),
      inRange('172.16.0.0', 12),
      inRange('169.254.0.0', 16),
      inRange('100.64.0.0', 10),
    );
    fc.assert(
      fc.property(privateAddress, (n) => {
        for (const ip of [dotted(n), ...v6Forms(n)])
          expect(classifyAddress(ip).allowed).toBe(false);
      }),
    );
  });

  it('allows random public IPv4 addresses outside every refused range, in every IPv6 form', () => {
    const publicAddress = fc.integer({ min: 0, max: 0xffffffff }).filter((n) => !inRefusedV4(n));
    fc.assert(
      fc.property(publicAddress, (n) => {
        for (const ip of [dotted(n), ...v6Forms(n)]) {
          expect(classifyAddress(ip), ip).toEqual({ allowed: true, reason: 'public' });
        }
      }),
    );
  });

  it('allows random global unicast IPv6 addresses', () => {
    const word = fc.integer({ min: 0, max: 0xffff });
    const address = fc
      .tuple(
        fc.integer({ min: 0x2400, max: 0x2fff }),
        fc.array(word, { minLength: 7, maxLength: 7 }),
      )
      .map(([first, rest]) => [first, ...rest].map((w) => w.toString(16)).join(':'));
    fc.assert(
      fc.property(address, (ip) => {
        expect(classifyAddress(ip)).toEqual({ allowed: true, reason: 'public' });
      }),
    );
  });
});

/** One IPv4 address spelled as 1-4 parts, each decimal, octal or hex, as WHATWG URLs allow. */
const numericHost = fc
  .record({
    value: fc.integer({ min: 0, max: 0xffffffff }),
    parts: fc.integer({ min: 1, max: 4 }),
    radixes: fc.array(fc.constantFrom(10, 8, 16), { minLength: 4, maxLength: 4 }),
    upper: fc.boolean(),
    trailingDot: fc.boolean(),
  })
  .map(({ value, parts, radixes, upper, trailingDot }) => {
    const bytes = [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
    const lastBytes = bytes.slice(parts - 1).reduce((sum, byte) => sum * 256 + byte, 0);
    const numbers = [...bytes.slice(0, parts - 1), lastBytes];
    const spelled = numbers.map((n, i) => {
      const radix = radixes[i] ?? 10;
      if (radix === 8) return `0${n.toString(8)}`;
      if (radix === 16) return `0x${n.toString(16)}`;
      return String(n);
    });
    const host = spelled.join('.') + (trailingDot ? '.' : '');
    return { value, host: upper ? host.toUpperCase() : host };
  });

describe('parseHostLiteral', () => {
  it.each([
    ['0177.0.0.1', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['127.0.0.1.', '127.0.0.1'],
    ['１２７.０.０.１', '127.0.0.1'],
    ['0', '0.0.0.0'],
  ])('reads %s as the IPv4 address %s', (host, address) => {
    expect(parseHostLiteral(host)).toEqual({ kind: 'ip', address, family: 4 });
  });

  it.each([
    ['[::1]', '::1'],
    ['::1', '::1'],
    ['[::ffff:127.0.0.1]', '::ffff:7f00:1'],
    ['[0:0:0:0:0:ffff:7f00:1]', '::ffff:7f00:1'],
    ['[FD00:EC2::254]', 'fd00:ec2::254'],
  ])('reads %s as the IPv6 address %s', (host, address) => {
    expect(parseHostLiteral(host)).toEqual({ kind: 'ip', address, family: 6 });
  });

  it.each([
    ['example.com', 'example.com'],
    ['LOCALHOST', 'localhost'],
    ['localhost.', 'localhost.'],
    ['1.example', '1.example'],
    ['ｅｘａｍｐｌｅ.com', 'example.com'],
  ])('reads %s as the name %s', (host, name) => {
    expect(parseHostLiteral(host)).toEqual({ kind: 'name', name });
  });

  it.each([
    '256.0.0.1',
    '1.2.3.4.5',
    '09.1.1.1',
    'example.09',
    '[fe80::1%25eth0]',
    '[example.com]',
    'a b',
    '',
  ])('refuses the malformed host %j', (host) => {
    expect(parseHostLiteral(host)).toEqual({ kind: 'invalid' });
  });

  it('decodes every decimal/octal/hex/short spelling to the same address as the URL parser', () => {
    fc.assert(
      fc.property(numericHost, ({ value, host }) => {
        expect(parseHostLiteral(host)).toEqual({ kind: 'ip', address: dotted(value), family: 4 });
        expect(new URL(`http://${host}/`).hostname).toBe(dotted(value));
      }),
    );
  });

  it('finds loopback behind every spelling of 127/8', () => {
    const loopbackHost = numericHost.filter(({ value }) => value >>> 24 === 127);
    fc.assert(
      fc.property(loopbackHost, ({ host }) => {
        const literal = parseHostLiteral(host);
        expect(literal.kind).toBe('ip');
        if (literal.kind === 'ip') expect(classifyAddress(literal.address).reason).toBe('loopback');
      }),
    );
  });
});
