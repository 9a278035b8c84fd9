import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_URL_CONTEXT,
  isEmptyUrlContext,
  pageUrlKey,
  pageUrlSchema,
  saveUrlContextSchema,
  splitWordList,
  URL_CONTEXT_LIMITS,
  URL_CONTEXT_MESSAGES,
  urlContextSchema,
} from './url-context';
import { isValidPageUrl } from './own-page-url';

const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?$/);
const domain = fc
  .tuple(fc.array(label, { minLength: 1, maxLength: 3 }), fc.stringMatching(/^[a-z]{2,6}$/))
  .map(([labels, top]) => [...labels, top].join('.'));
const path = fc.stringMatching(/^(?:\/[a-zA-Z0-9._~-]{0,8}){0,3}$/);
const query = fc.option(fc.stringMatching(/^\?[a-zA-Z0-9=&_.-]{0,12}$/), { nil: '' });
const fragment = fc.option(fc.stringMatching(/^#[a-zA-Z0-9_.-]{0,12}$/), { nil: '' });
/** A page address without a scheme: host, path, query, fragment. */
const page = fc
  .tuple(domain, path, query, fragment)
  .map(([host, p, q, f]) => `${host}${p}${q}${f}`);

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('pageUrlKey', () => {
  it('is the same for every spelling of one page', () => {
    const key = 'https://shop.example.com/lamps?colour=brass';
    for (const spelling of [
      key,
      'shop.example.com/lamps?colour=brass',
      '  HTTPS://Shop.Example.COM/lamps?colour=brass#reviews ',
      'https://shop.example.com:443/lamps?colour=brass',
    ]) {
      expect(pageUrlKey(spelling)).toBe(key);
    }
    expect(pageUrlKey('shop.example.com')).toBe('https://shop.example.com/');
    expect(pageUrlKey('http://shop.example.com')).toBe('http://shop.example.com/');
  });

  it('keeps what chooses another page: path case, query, scheme', () => {
    const key = pageUrlKey('shop.example.com/lamps');
    expect(pageUrlKey('shop.example.com/Lamps')).not.toBe(key);
    expect(pageUrlKey('shop.example.com/lamps?page=2')).not.toBe(key);
    expect(pageUrlKey('http://shop.example.com/lamps')).not.toBe(key);
  });

  it('is null exactly when the page URL is invalid (spec section 5)', () => {
    for (const bad of ['', '  ', 'localhost', 'shop_x.example.com', '//shop.example.com', 'a b']) {
      expect(pageUrlKey(bad)).toBeNull();
    }
    fc.assert(
      fc.property(fc.oneof(page, fc.string()), (input) => {
        expect(pageUrlKey(input) !== null).toBe(isValidPageUrl(input));
      }),
    );
  });

  it('ignores the host’s letter case and the fragment, and is its own key', () => {
    fc.assert(
      fc.property(page, fragment, (input, other) => {
        const key = pageUrlKey(input);
        expect(key).not.toBeNull();
        expect(pageUrlKey(key!)).toBe(key);
        const hostEnd = input.search(/[/?#]|$/);
        const shouted = input.slice(0, hostEnd).toUpperCase() + input.slice(hostEnd);
        expect(pageUrlKey(`${shouted.split('#')[0]}${other}`)).toBe(key);
      }),
    );
  });
});

describe('pageUrlSchema', () => {
  it('parses to the key, with the campaign form’s messages', () => {
    expect(pageUrlSchema.parse(' Shop.example.com ')).toBe('https://shop.example.com/');
    expect(messageOf(pageUrlSchema.safeParse(''))).toBe(URL_CONTEXT_MESSAGES.urlRequired);
    expect(messageOf(pageUrlSchema.safeParse(undefined))).toBe(URL_CONTEXT_MESSAGES.urlRequired);
    expect(messageOf(pageUrlSchema.safeParse('nope'))).toBe(URL_CONTEXT_MESSAGES.urlInvalid);
    expect(messageOf(pageUrlSchema.safeParse(`a.com/${'x'.repeat(2100)}`))).toBe(
      URL_CONTEXT_MESSAGES.urlTooLong,
    );
  });
});

describe('urlContextSchema', () => {
  it('fills omitted fields, trims text and drops blank and repeated words', () => {
    expect(urlContextSchema.parse({})).toEqual(EMPTY_URL_CONTEXT);
    expect(
      urlContextSchema.parse({
        offer: '  Lamps\u200b ',
        avoidWords: [' cheap ', 'CHEAP', '', '\u00ad', 'best ever'],
      }),
    ).toEqual({ ...EMPTY_URL_CONTEXT, offer: 'Lamps', avoidWords: ['cheap', 'best ever'] });
  });

  it('refuses too long fields and lists with their messages', () => {
    const L = URL_CONTEXT_LIMITS;
    const M = URL_CONTEXT_MESSAGES;
    const cases: [object, string][] = [
      [{ offer: 'o'.repeat(L.offer + 1) }, M.offerTooLong],
      [{ audience: 'a'.repeat(L.audience + 1) }, M.audienceTooLong],
      [{ voice: 'v'.repeat(L.voice + 1) }, M.voiceTooLong],
      [{ avoidWords: Array.from({ length: L.avoidWords + 1 }, (_, i) => `w${i}`) }, M.tooManyWords],
      [{ avoidWords: ['w'.repeat(L.avoidWord + 1)] }, M.wordTooLong],
      [{ avoidWords: 'cheap' }, M.tooManyWords],
    ];
    for (const [input, message] of cases) {
      expect(messageOf(urlContextSchema.safeParse(input))).toBe(message);
    }
    // At the limits: accepted.
    expect(
      urlContextSchema.safeParse({
        offer: 'o'.repeat(L.offer),
        avoidWords: Array.from({ length: L.avoidWords }, () => 'w'.repeat(L.avoidWord)),
      }).success,
    ).toBe(true);
  });

  it('knows an empty context', () => {
    expect(isEmptyUrlContext(urlContextSchema.parse({ offer: ' ', avoidWords: [' '] }))).toBe(true);
    expect(isEmptyUrlContext(urlContextSchema.parse({ voice: 'dry' }))).toBe(false);
    expect(isEmptyUrlContext(urlContextSchema.parse({ avoidWords: ['x'] }))).toBe(false);
  });

  it('save takes a url and a context', () => {
    expect(saveUrlContextSchema.parse({ url: 'a.example.com', context: {} })).toEqual({
      url: 'https://a.example.com/',
      context: EMPTY_URL_CONTEXT,
    });
  });
});

describe('splitWordList', () => {
  it('splits on commas, semicolons and lines; trims; drops blanks and repeats', () => {
    expect(splitWordList('cheap, Best ever;\n\nCHEAP ,  ')).toEqual(['cheap', 'Best ever']);
    expect(splitWordList('')).toEqual([]);
  });

  it('gives words the schema accepts when each fits', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z ]{1,40}$/), { maxLength: 20 }), (words) => {
        const split = splitWordList(words.join(', '));
        expect(urlContextSchema.parse({ avoidWords: split }).avoidWords).toEqual(split);
      }),
    );
  });
});
