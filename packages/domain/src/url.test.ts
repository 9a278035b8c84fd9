import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  isAllowedImageSource,
  isHttpAddress,
  isValidHostname,
  isValidUrl,
  MAX_URL_LENGTH,
  normalizeUrl,
} from './url';
import { isValidPageUrl } from './own-page-url';

describe('normalizeUrl', () => {
  it.each([
    ['', ''],
    ['   ', ''],
    ['example.com', 'https://example.com'],
    ['  example.com/path  ', 'https://example.com/path'],
    ['http://example.com', 'http://example.com'],
    ['https://example.com', 'https://example.com'],
    ['HTTP://Example.com', 'HTTP://Example.com'],
    ['HtTpS://example.com', 'HtTpS://example.com'],
    ['ftp://example.com', 'https://ftp://example.com'],
    ['http:/example.com', 'https://http:/example.com'],
    ['www.example.com?q=1', 'https://www.example.com?q=1'],
  ])('normalizeUrl(%j) is %j', (input, expected) => {
    expect(normalizeUrl(input)).toBe(expected);
  });
});

describe('isValidUrl', () => {
  const valid = [
    'example.com',
    'www.example.com',
    'http://example.com',
    'https://example.com',
    'ftp://example.com',
    'HTTPS://EXAMPLE.COM',
    'https://sub.domain.example.co.uk/path/to/page',
    'example.com/path?query=1&b=2',
    'example.com#section',
    'https://example.com/a/b?c=d#e',
    'https://user:pass@example.com',
    'https://user@example.com/x',
    'example.com:8080',
    'https://example.com:443/path',
    'https://my-site.example.io',
    'https://123.example.com',
    'https://example.com/a_b/c_d',
    'https://example.com?q=a_b',
    'https://xn--bcher-kva.example',
    'https://example.xn--p1ai',
    'https://bücher.de',
    '  https://example.com  ',
    'http://example.com:',
    'https://example.com/path(1)',
  ];
  const invalid = [
    '',
    '   ',
    'example',
    'localhost',
    'http://localhost:3000',
    'https://',
    'http://.com',
    'https://example.com.',
    'https://ex_ample.com',
    'https://sub_domain.example.com',
    'https://example.c',
    'https://example.123',
    '//example.com',
    'javascript:alert(1)',
    'JavaScript://example.com/%0aalert(1)',
    'data:text/html,hello',
    'mailto:someone@example.com',
    'file:///etc/passwd',
    'gopher://example.com',
    'https://exa mple.com',
    'https://example.com/pa th',
    'http://192.168.0.1',
    'http://127.0.0.1:8080/x',
    'http://[::1]/',
    'https://-example.com',
    'https://example-.com',
    'https://example..com',
    'https://example.com:0',
    'https://example.com:65536',
    'https://example.com:80a',
    'https://@example.com',
    'https://:@example.com',
    'https://a:b:c@example.com',
    'https://a@b@example.com',
    'https://example.com\\@evil.com',
    'https://<example>.com',
    'https://ftp://example.com',
    `https://example.com/${'a'.repeat(MAX_URL_LENGTH)}`,
    `https://${'a'.repeat(64)}.com`,
  ];

  it.each(valid)('accepts %j', (url) => {
    expect(isValidUrl(url)).toBe(true);
  });

  it.each(invalid)('rejects %j', (url) => {
    expect(isValidUrl(url)).toBe(false);
  });

  it('reads only a leading scheme ("://" inside the path is path text)', () => {
    // Found by the property test below: the path used to be taken for a scheme.
    expect(isValidUrl('0.aa/://')).toBe(true);
    expect(isValidUrl('http://0.aa/://')).toBe(true);
    expect(isValidUrl('example.com/redirect?to=https://other.com')).toBe(true);
    expect(isValidUrl('gopher://example.com')).toBe(false);
  });

  it('has a table of at least 40 cases', () => {
    expect(valid.length + invalid.length).toBeGreaterThanOrEqual(40);
  });
});

describe('isValidHostname', () => {
  it('requires a TLD of letters', () => {
    expect(isValidHostname('example.com')).toBe(true);
    expect(isValidHostname('example')).toBe(false);
    expect(isValidHostname('1.2.3.4')).toBe(false);
  });

  it('limits the host to 253 characters', () => {
    const label = 'a'.repeat(60);
    const host = `${[label, label, label, label, label].join('.')}.com`;
    expect(host.length).toBeGreaterThan(253);
    expect(isValidHostname(host)).toBe(false);
  });
});

const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?$/);
const tld = fc.stringMatching(/^[a-z]{2,6}$/);
const domain = fc
  .tuple(fc.array(label, { minLength: 1, maxLength: 3 }), tld)
  .map(([labels, top]) => [...labels, top].join('.'));
const path = fc.stringMatching(/^(?:\/[a-zA-Z0-9._~%!$&'()*+,;=:@-]{0,8}){0,3}$/);
const query = fc.option(fc.stringMatching(/^\?[a-zA-Z0-9=&_.-]{0,12}$/), { nil: '' });
const fragment = fc.option(fc.stringMatching(/^#[a-zA-Z0-9_/?.-]{0,12}$/), { nil: '' });
const validWithoutProtocol = fc
  .tuple(domain, path, query, fragment)
  .map(([host, p, q, f]) => `${host}${p}${q}${f}`);
const webProtocol = fc.constantFrom('http://', 'https://', 'HTTP://', 'Https://');

describe('URL properties', () => {
  it('normalizeUrl is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(normalizeUrl(normalizeUrl(s))).toBe(normalizeUrl(s));
      }),
    );
  });

  it('normalizeUrl output is empty or starts with http(s)://', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const out = normalizeUrl(s);
        expect(out === '' || /^https?:\/\//i.test(out)).toBe(true);
      }),
    );
  });

  it('a generated domain with optional path, query and fragment is valid with and without protocol', () => {
    fc.assert(
      fc.property(
        validWithoutProtocol,
        fc.constantFrom('http://', 'https://', 'ftp://', 'FTP://'),
        (url, protocol) => {
          expect(isValidUrl(url)).toBe(true);
          expect(isValidUrl(`${protocol}${url}`)).toBe(true);
        },
      ),
    );
  });

  it('inserting an underscore into the host makes the URL invalid', () => {
    fc.assert(
      fc.property(domain, path, fc.nat(), (host, p, at) => {
        const i = at % (host.length + 1);
        const broken = `${host.slice(0, i)}_${host.slice(i)}`;
        expect(isValidUrl(`${broken}${p}`)).toBe(false);
        expect(isValidUrl(`https://${broken}${p}`)).toBe(false);
      }),
    );
  });

  it('whitespace inside the URL makes it invalid', () => {
    fc.assert(
      fc.property(
        validWithoutProtocol,
        fc.nat(),
        fc.constantFrom(' ', '\t', '\n'),
        (url, at, ws) => {
          const i = 1 + (at % url.length);
          fc.pre(i < url.length);
          expect(isValidUrl(`${url.slice(0, i)}${ws}${url.slice(i)}`)).toBe(false);
        },
      ),
    );
  });

  it('valid input stays valid after normalizeUrl', () => {
    fc.assert(
      fc.property(
        fc.option(webProtocol, { nil: '' }),
        validWithoutProtocol,
        fc.constantFrom('', ' ', '  '),
        (protocol, url, pad) => {
          const input = `${pad}${protocol}${url}${pad}`;
          expect(isValidUrl(input)).toBe(true);
          expect(isValidUrl(normalizeUrl(input))).toBe(true);
        },
      ),
    );
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (s) => {
        expect(typeof isValidUrl(s)).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });
});

describe('isAllowedImageSource', () => {
  it.each([
    'https://cdn.example.com/a.png',
    'http://shop.example.com/img/hero%20big.jpg?v=2',
    '/api/files/uploads/0b0e4a8e-5d1c-4c6a-9f43-0d6f2e8f1a11.png',
    '/api/files/uploads/0b0e4a8e-5d1c-4c6a-9f43-0d6f2e8f1a11-600x336.webp',
  ])('accepts %s', (src) => expect(isAllowedImageSource(src)).toBe(true));

  it.each([
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'x" onerror="alert(1)',
    "https://a.example/x.png' onerror='y",
    'https://a.example/<svg>',
    'a.png',
    '/api/files/uploads/../../etc/passwd',
    'ftp://files.example.com/a.png',
    '',
  ])('refuses %s', (src) => expect(isAllowedImageSource(src)).toBe(false));

  it('resolves a relative address against a page base when one is given', () => {
    expect(isHttpAddress('img/a.png', 'https://shop.example.com/p/')).toBe(true);
    expect(isHttpAddress('javascript:x', 'https://shop.example.com/')).toBe(false);
  });
});

describe('isValidPageUrl', () => {
  it('takes what the page URL field takes', () => {
    expect(isValidPageUrl('shop.example.com/thanks')).toBe(true);
    expect(isValidPageUrl('javascript:alert(1)')).toBe(false);
    expect(isValidPageUrl('"x\\" onerror=\\"y')).toBe(false);
  });
});
