import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  previewArmName,
  VARIANT_PREVIEW_PARAM,
  VARIANT_PREVIEW_SECONDS,
  variantPreviewLabel,
  variantPreviewUrl,
  withoutPreviewParam,
} from './variant-preview';
import {
  variantPreviewClaimsSchema,
  variantPreviewLinkRequestSchema,
} from './variant-preview-schema';

// The WHATWG URL parser (Node's); the domain is type-checked without DOM or Node types.
interface Parsed {
  searchParams: URLSearchParams;
  pathname: string;
  host: string;
}
interface URLSearchParams {
  get(name: string): string | null;
  has(name: string): boolean;
  delete(name: string): void;
  toString(): string;
}
declare const URL: new (url: string) => Parsed;

describe('variant preview links', () => {
  it('open for one hour', () => {
    expect(VARIANT_PREVIEW_SECONDS).toBe(3600);
  });

  it('name the arm and the element on the badge', () => {
    expect(variantPreviewLabel(previewArmName(1), 'Headline')).toBe(
      'Kindling preview: Variant 2 of Headline',
    );
    expect(variantPreviewLabel(previewArmName('control'), 'Text 1')).toBe(
      'Kindling preview: Original of Text 1',
    );
  });

  it('add the token to the page address, keeping its query and fragment', () => {
    expect(variantPreviewUrl('https://their.site/page?utm_source=x#top', 'a.b')).toBe(
      'https://their.site/page?utm_source=x&kindling_preview=a.b#top',
    );
    expect(variantPreviewUrl('https://their.site/page?kindling_preview=old', 'new')).toBe(
      'https://their.site/page?kindling_preview=new',
    );
  });

  it('round-trip any token through the address, and leaving removes only the parameter', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true }), fc.string(), (page, token) => {
        const link = variantPreviewUrl(page, token);
        expect(new URL(link).searchParams.get(VARIANT_PREVIEW_PARAM)).toBe(token);
        const left = new URL(withoutPreviewParam(link));
        expect(left.searchParams.has(VARIANT_PREVIEW_PARAM)).toBe(false);
        const original = new URL(page);
        original.searchParams.delete(VARIANT_PREVIEW_PARAM);
        expect(left.searchParams.toString()).toBe(original.searchParams.toString());
        expect(left.pathname).toBe(original.pathname);
        expect(left.host).toBe(original.host);
      }),
    );
  });

  it('take a variant id or "control", nothing else', () => {
    const ok = { campaignId: 1, elementId: 2, variantId: 'control' };
    expect(variantPreviewLinkRequestSchema.safeParse(ok).success).toBe(true);
    expect(variantPreviewLinkRequestSchema.safeParse({ ...ok, variantId: 3 }).success).toBe(true);
    for (const variantId of ['original', 0, -1, 1.5, null]) {
      expect(variantPreviewLinkRequestSchema.safeParse({ ...ok, variantId }).success).toBe(false);
    }
  });

  it('read claims only in their exact shape', () => {
    const claims = { t: 1, c: 2, e: 3, v: 4, x: 1_800_000_000 };
    expect(variantPreviewClaimsSchema.parse(claims)).toEqual(claims);
    expect(variantPreviewClaimsSchema.safeParse({ ...claims, x: '1' }).success).toBe(false);
    expect(variantPreviewClaimsSchema.safeParse({ ...claims, t: undefined }).success).toBe(false);
  });
});
