import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { campaignMetaSchema } from './campaign';
import { validateField } from './form-validation';
import { PAGE_REDIRECT_MESSAGE } from './messages';
import {
  campaignPageSchema,
  FAVICON_MAX_BYTES,
  faviconDataUrlSchema,
  PAGE_META_MESSAGES,
  pageIdentity,
  pageMetaSchema,
  redirectedElsewhere,
  sniffFaviconType,
} from './page-meta';

const meta = (extra: object = {}) => ({
  title: 'Lumen Desk Lamp',
  faviconUrl: 'https://shop.example.com/favicon.ico',
  requestedUrl: 'https://shop.example.com/lamp',
  finalUrl: 'https://shop.example.com/lamp',
  stats: { htmlBytes: 2048, elementCount: 40, loadMs: 320 },
  ...extra,
});

const issuesOf = (value: unknown) =>
  pageMetaSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('pageMetaSchema', () => {
  it('takes what the agent reports and names a field that is not an http(s) address', () => {
    expect(pageMetaSchema.parse(meta())).toEqual(meta());
    for (const field of ['faviconUrl', 'canonicalUrl', 'requestedUrl', 'finalUrl'] as const) {
      for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AA', 'not an address']) {
        expect(issuesOf(meta({ [field]: bad }))).toEqual([PAGE_META_MESSAGES.url(field)]);
      }
    }
  });

  it('refuses negative or fractional stats and missing addresses', () => {
    expect(issuesOf(meta({ stats: { htmlBytes: -1, elementCount: 1, loadMs: 1 } }))).toHaveLength(
      1,
    );
    expect(issuesOf(meta({ stats: { htmlBytes: 1, elementCount: 1.5, loadMs: 1 } }))).toHaveLength(
      1,
    );
    const { finalUrl: _final, ...partial } = meta();
    expect(pageMetaSchema.safeParse(partial).success).toBe(false);
  });

  it('is part of the campaign meta, beside the pop-up clicks and unknown keys', () => {
    const stored = { ...meta(), popupClicks: ['#close'], legacy: { words: 3 } };
    expect(campaignMetaSchema.parse(stored)).toEqual(stored);
    expect(campaignMetaSchema.parse({})).toEqual({});
    expect(campaignMetaSchema.safeParse({ ...stored, title: 42 }).success).toBe(false);
  });
});

describe('faviconDataUrlSchema', () => {
  const base64 = (bytes: number) => 'A'.repeat(Math.ceil(bytes / 3) * 4);

  it('takes a raster image up to 32 KB as base64 and nothing else', () => {
    expect(faviconDataUrlSchema.safeParse(`data:image/png;base64,${base64(100)}`).success).toBe(
      true,
    );
    expect(
      faviconDataUrlSchema.safeParse(`data:image/x-icon;base64,${base64(FAVICON_MAX_BYTES)}`)
        .success,
    ).toBe(true);
    for (const bad of [
      `data:image/png;base64,${base64(FAVICON_MAX_BYTES + 3)}`,
      'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
      'data:text/html;base64,PGI+',
      'data:image/png,<svg>',
      'https://shop.example.com/favicon.ico',
    ]) {
      expect(faviconDataUrlSchema.safeParse(bad).error?.issues[0]?.message).toBe(
        PAGE_META_MESSAGES.favicon,
      );
    }
  });
});

const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

describe('sniffFaviconType', () => {
  it('reads the type from the first bytes', () => {
    const bytes = (...values: number[]) => Uint8Array.from(values);
    expect(sniffFaviconType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe(
      'image/png',
    );
    expect(sniffFaviconType(bytes(0, 0, 1, 0, 1, 0))).toBe('image/x-icon');
    expect(sniffFaviconType(bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61))).toBe('image/gif');
    expect(sniffFaviconType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    const webp = ascii('RIFF\0\0\0\0WEBPVP8 ');
    expect(sniffFaviconType(webp)).toBe('image/webp');
    expect(sniffFaviconType(ascii('<svg xmlns='))).toBeUndefined();
    expect(sniffFaviconType(bytes(0, 0, 1, 0))).toBeUndefined();
  });
});

describe('a redirect, when page meta loads', () => {
  const check = (requestedUrl: string, finalUrl: string) =>
    validateField(campaignPageSchema, 'ingestedUrl', {
      ingestedUrl: requestedUrl,
      meta: { requestedUrl, finalUrl },
    })?.message;

  it('names another path or origin with the message, not the same page', () => {
    const from = 'https://shop.example.com/lamp';
    for (const to of [
      'https://shop.example.com/lamps/lumen',
      'https://www.shop.example.com/lamp',
      'http://shop.example.com/lamp',
      'https://shop.example.com:8443/lamp',
    ]) {
      expect(check(from, to)).toBe(PAGE_REDIRECT_MESSAGE(to));
    }
    for (const same of [from, `${from}/`, `${from}?utm=1`, 'https://SHOP.example.com/lamp#top']) {
      expect(check(from, same)).toBeUndefined();
    }
    expect(validateField(campaignPageSchema, 'ingestedUrl', { ingestedUrl: from })).toBeUndefined();
  });

  it('is symmetric and ignores the query (property)', () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,8}$/);
    fc.assert(
      fc.property(segment, segment, segment, (host, a, b) => {
        const url = (path: string, query = '') => `https://${host}.example.com/${path}${query}`;
        const there = { requestedUrl: url(a), finalUrl: url(b, '?x=1') };
        const back = { requestedUrl: url(b), finalUrl: url(a) };
        expect(redirectedElsewhere(there)).toBe(a !== b);
        expect(redirectedElsewhere(back)).toBe(redirectedElsewhere(there));
      }),
    );
  });
});

describe('pageIdentity', () => {
  it('is the title and favicon, else the host and no favicon', () => {
    const favicon = 'data:image/png;base64,iVBORw0KGgo=';
    expect(
      pageIdentity({ ingestedUrl: 'https://a.example/x', meta: { title: ' Lamp ', favicon } }),
    ).toEqual({ title: 'Lamp', favicon });
    expect(pageIdentity({ ingestedUrl: 'https://a.example:8080/x', meta: {} })).toEqual({
      title: 'a.example:8080',
      favicon: undefined,
    });
    expect(
      pageIdentity({ ingestedUrl: 'shop.example.com/x', meta: { title: '  ', favicon: 'x' } }),
    ).toEqual({ title: 'shop.example.com', favicon: undefined });
  });
});
