import { describe, expect, it } from 'vitest';
import {
  ELEMENT_CHANGE_MESSAGES,
  isVariantLink,
  variantLinkProblem,
  VARIANT_LINK_MAX_LENGTH,
} from './element-change-rules';
import { ELEMENT_CHANGE_FIXTURES, MOVE_FIXTURE_SELECTOR } from './element-change-fixtures';
import { variantAttributesSchema, variantLinkSchema } from './element-changes';
import { elementVariantProblems } from './element-variants';
import { variantSchema, type TextVariantInfo } from './variant-schema';

const info = (values: Partial<TextVariantInfo>): TextVariantInfo => ({
  value: '',
  textType: 'normal',
  styles: [],
  creationMethod: 'custom',
  ...values,
});

describe("a variant's link and attribute changes (issue 32)", () => {
  it('takes web, mail and phone addresses and paths on the site', () => {
    for (const href of [
      'https://shop.example/pricing',
      'http://shop.example',
      'mailto:sales@shop.example',
      'tel:+4930123',
      '/pricing?plan=pro#top',
      'pricing',
      '#reviews',
    ]) {
      expect(isVariantLink(href), href).toBe(true);
    }
  });

  it('refuses script addresses, however written, other schemes, protocol-relative and blank ones', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      '//evil.example/x',
      '/\\evil.example',
      '',
      '   ',
    ]) {
      expect(variantLinkProblem(href), JSON.stringify(href)).toBe(ELEMENT_CHANGE_MESSAGES.link);
    }
    expect(variantLinkProblem(`/${'a'.repeat(VARIANT_LINK_MAX_LENGTH)}`)).toBe(
      ELEMENT_CHANGE_MESSAGES.linkLength,
    );
    expect(variantLinkSchema.safeParse('javascript:alert(1)').error?.issues[0]?.message).toBe(
      ELEMENT_CHANGE_MESSAGES.link,
    );
  });

  it('sets only the listed attributes, never a handler, a style or an address', () => {
    expect(variantAttributesSchema.parse({ title: 'Free shipping', 'aria-label': 'Buy' })).toEqual({
      title: 'Free shipping',
      'aria-label': 'Buy',
    });
    for (const name of ['onclick', 'style', 'href', 'src', 'class']) {
      expect(
        variantAttributesSchema.safeParse({ [name]: 'x' }).error?.issues[0]?.message,
        name,
      ).toBe(ELEMENT_CHANGE_MESSAGES.attributeName);
    }
    expect(
      variantAttributesSchema.safeParse({ title: 'x'.repeat(501) }).error?.issues[0]?.message,
    ).toBe(ELEMENT_CHANGE_MESSAGES.attributeLength);
  });
});

describe('the element change fixture table, as the server validates a variant', () => {
  const headline = {
    type: 'text' as const,
    selector: MOVE_FIXTURE_SELECTOR,
    control: { info: info({ value: 'Original' }) },
  };
  it.each(ELEMENT_CHANGE_FIXTURES.map((row) => [row.name, row] as const))('%s', (_name, row) => {
    const changes =
      'href' in row.change
        ? { href: row.change.href }
        : 'insert' in row.change
          ? { insert: row.change.insert }
          : 'move' in row.change
            ? { move: row.change.move }
            : { attributes: { [row.change.attribute]: row.change.value } };
    const parsed = variantSchema.safeParse({
      id: 1,
      key: 'v1',
      type: 'text',
      info: { ...info({ value: 'New' }), ...changes },
    });
    const taken =
      parsed.success &&
      elementVariantProblems({ element: headline, incoming: [parsed.data] }).length === 0;
    expect(taken).toBe(row.taken);
  });

  it('has rows for every kind, taken and refused', () => {
    expect(ELEMENT_CHANGE_FIXTURES.length).toBeGreaterThanOrEqual(48);
    const kindOf = (change: (typeof ELEMENT_CHANGE_FIXTURES)[number]['change']) =>
      'href' in change
        ? 'link'
        : 'insert' in change
          ? 'insert'
          : 'move' in change
            ? 'move'
            : 'attribute';
    const kinds = new Set(
      ELEMENT_CHANGE_FIXTURES.map((row) => `${kindOf(row.change)}:${row.taken}`),
    );
    expect(kinds).toEqual(
      new Set([
        'link:true',
        'link:false',
        'attribute:true',
        'attribute:false',
        'insert:true',
        'insert:false',
        'move:true',
        'move:false',
      ]),
    );
  });
});
