import { describe, expect, it } from 'vitest';
import { parseHostLiteral } from './address-policy';
import { guardedLookup, isAllowListed } from './guarded-lookup';
import { stubResolver } from '../../test/egress-doubles';

describe('guardedLookup', () => {
  it('checks IP literals as they are, without asking DNS', async () => {
    const resolve = stubResolver({});
    await expect(
      guardedLookup('[::ffff:7f00:1]', { allowHosts: [], resolve }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await guardedLookup('8.8.8.8', { allowHosts: [], resolve })).toEqual([
      { address: '8.8.8.8', family: 4 },
    ]);
    expect(resolve.calls).toEqual([]);
  });

  it('refuses a name when any one of its addresses is refused', async () => {
    const resolve = stubResolver({
      'split.example': ['8.8.8.8', '2001:4860:4860::8888', 'fe80::1'],
      'clean.example': ['8.8.8.8', '2001:4860:4860::8888'],
    });
    await expect(guardedLookup('split.example', { allowHosts: [], resolve })).rejects.toMatchObject(
      { code: 'FORBIDDEN', message: 'This address cannot be previewed' },
    );
    expect(await guardedLookup('clean.example', { allowHosts: [], resolve })).toHaveLength(2);
  });

  it('lets an allow-listed name through to local addresses, matching the name exactly', async () => {
    const resolve = stubResolver({
      'intranet.test': ['10.1.2.3'],
      'www.intranet.test': ['10.1.2.3'],
    });
    const allowHosts = ['intranet.test'];
    expect(await guardedLookup('intranet.test', { allowHosts, resolve })).toEqual([
      { address: '10.1.2.3', family: 4 },
    ]);
    await expect(guardedLookup('www.intranet.test', { allowHosts, resolve })).rejects.toMatchObject(
      {
        code: 'FORBIDDEN',
      },
    );
  });

  it('tells "not found" from "could not ask"', async () => {
    const resolve = stubResolver({ 'empty.example': [] });
    await expect(
      guardedLookup('missing.example', { allowHosts: [], resolve }),
    ).rejects.toMatchObject({ code: 'VALIDATION', message: 'This address could not be found' });
    await expect(guardedLookup('empty.example', { allowHosts: [], resolve })).rejects.toMatchObject(
      {
        code: 'VALIDATION',
      },
    );
    const failing = () =>
      Promise.reject(Object.assign(new Error('10.0.0.53 timed out'), { code: 'EAI_AGAIN' }));
    await expect(
      guardedLookup('down.example', { allowHosts: [], resolve: failing }),
    ).rejects.toMatchObject({ code: 'RETRYABLE', message: 'The page could not be reached' });
  });
});

describe('isAllowListed', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1', true],
    ['2130706433', '127.0.0.1', true],
    ['127.0.0.1', '0x7f.1', true],
    ['[::1]', '::1', true],
    ['[::1]', '[0::1]', true],
    ['localhost', 'localhost', true],
    ['127.0.0.1', 'localhost', false],
    ['localhost', '127.0.0.1', false],
    ['[::ffff:7f00:1]', '127.0.0.1', false],
    ['sub.localhost', 'localhost', false],
    ['localhost.', 'localhost', false],
  ])('host %s with allow-list entry %s: %s', (host, entry, expected) => {
    expect(isAllowListed(parseHostLiteral(host), [entry])).toBe(expected);
  });
});
