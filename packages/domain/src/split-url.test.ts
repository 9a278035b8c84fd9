import { describe, expect, it } from 'vitest';
import { elementVariantProblems } from './element-variants';
import {
  otherSiteMessage,
  PAGE_SELECTOR,
  redirectProblem,
  redirectTarget,
  SPLIT_URL_MESSAGES,
  splitUrlElementsProblem,
} from './split-url';
import { textVariantSchema, type TextVariant } from './variant-schema';

const PAGE = 'https://shop.example/landing';

const variant = (info: Record<string, unknown>, id = 1): TextVariant =>
  textVariantSchema.parse({ id, key: `v${id}`, type: 'text', info: { value: '', ...info } });

const page = {
  type: 'text' as const,
  selector: PAGE_SELECTOR,
  control: { info: variant({ value: PAGE }).info },
};

describe('split-URL variant addresses (issue 32)', () => {
  it.each([
    ['https://shop.example/landing-v2', undefined],
    ['  https://shop.example/v2?plan=pro  ', undefined],
    ['', SPLIT_URL_MESSAGES.empty],
    ['   ', SPLIT_URL_MESSAGES.empty],
    ['/landing-v2', SPLIT_URL_MESSAGES.address],
    ['javascript:alert(1)', SPLIT_URL_MESSAGES.address],
    [`https://shop.example/${'a'.repeat(2048)}`, SPLIT_URL_MESSAGES.address],
    ['https://other.example/landing-v2', otherSiteMessage('https://shop.example')],
    ['http://shop.example/landing-v2', otherSiteMessage('https://shop.example')],
    ['https://shop.example/landing/?utm_source=x', SPLIT_URL_MESSAGES.samePage],
  ])('%j: %s', (address, problem) => {
    expect(redirectProblem(address, PAGE)).toBe(problem);
  });

  it('reads "the same site" with the message naming it', () => {
    expect(otherSiteMessage('https://shop.example')).toBe(
      'A variant address must be on the same site as the page (https://shop.example), where the tag counts its goals.',
    );
  });

  it('keeps the query parameters and the fragment the variant address does not set', () => {
    expect(
      redirectTarget('https://shop.example/v2?plan=pro', `${PAGE}?utm_source=news&plan=basic#buy`),
    ).toBe('https://shop.example/v2?plan=pro&utm_source=news#buy');
    expect(redirectTarget('https://shop.example/v2#top', `${PAGE}#buy`)).toBe(
      'https://shop.example/v2#top',
    );
  });

  it('sends no one on to the page they are on (the loop guard)', () => {
    expect(redirectTarget('https://shop.example/v2', 'https://shop.example/v2/?a=1')).toBe(
      undefined,
    );
  });
});

describe('the variants of a split-URL test', () => {
  it('need an address on the page, and the page only', () => {
    const problems = elementVariantProblems({
      element: page,
      pageUrl: PAGE,
      incoming: [
        variant({ redirect: 'https://shop.example/v2' }, 1),
        variant({ value: 'New headline' }, 2),
        variant({ redirect: 'https://elsewhere.example/v2' }, 3),
      ],
    });
    expect(problems.map(({ index, message }) => [index, message])).toEqual([
      [1, SPLIT_URL_MESSAGES.empty],
      [2, otherSiteMessage('https://shop.example')],
    ]);
    const headline = { ...page, selector: 'h1' };
    expect(
      elementVariantProblems({
        element: headline,
        pageUrl: PAGE,
        incoming: [variant({ value: 'New', redirect: 'https://shop.example/v2' })],
      })[0]?.message,
    ).toBe(SPLIT_URL_MESSAGES.notPage);
  });

  it('are duplicates when they send visitors to the same address', () => {
    const problems = elementVariantProblems({
      element: page,
      pageUrl: PAGE,
      incoming: [
        variant({ redirect: 'https://shop.example/v2' }, 1),
        variant({ redirect: ' https://shop.example/v2 ' }, 2),
        variant({ redirect: 'https://shop.example/v3' }, 3),
      ],
    });
    expect(problems.map((problem) => [problem.index, problem.code])).toEqual([
      [0, 'duplicate-variant'],
      [1, 'duplicate-variant'],
    ]);
  });

  it("leave the page as the campaign's only element", () => {
    expect(splitUrlElementsProblem([{ selector: PAGE_SELECTOR }])).toBeUndefined();
    expect(splitUrlElementsProblem([{ selector: 'h1' }, { selector: '.lead' }])).toBeUndefined();
    expect(splitUrlElementsProblem([{ selector: PAGE_SELECTOR }, { selector: 'h1' }])).toBe(
      SPLIT_URL_MESSAGES.alone,
    );
  });
});
