import { describe, expect, it } from 'vitest';
import {
  countryClassOf,
  isSegmentClass,
  MAX_COUNTRY_VALUES,
  MAX_SEGMENT_VALUES,
  segmentValueCap,
  utmClassesOf,
} from './open-segments';
import { segmentValueChoices } from './segment-values';

describe('the UTM tags of a first exposure', () => {
  const page = 'https://shop.example/landing';
  it('reads each tag of the page address, trimmed and lowercased', () => {
    const url = `${page}?utm_source=%20Google+Ads%20&utm_medium=CPC&utm_campaign=black%20friday`;
    expect(utmClassesOf(url).utm_source).toBe('google ads');
    expect(utmClassesOf(url).utm_medium).toBe('cpc');
    expect(utmClassesOf(url).utm_campaign).toBe('black friday');
  });

  it('says (none) without the tag, with an empty one or an address it cannot read', () => {
    expect(utmClassesOf(page).utm_source).toBe('(none)');
    expect(utmClassesOf(`${page}?utm_source=&utm_medium=%20`).utm_source).toBe('(none)');
    expect(utmClassesOf(`${page}?utm_source=&utm_medium=%20`).utm_medium).toBe('(none)');
    expect(utmClassesOf('not an address').utm_source).toBe('(none)');
  });

  it('counts as (other) a value that is too long or poses as a class', () => {
    expect(utmClassesOf(`${page}?utm_source=${'a'.repeat(254)}`).utm_source).toBe('(other)');
    expect(utmClassesOf(`${page}?utm_source=${'a'.repeat(253)}`).utm_source).toBe('a'.repeat(253));
    expect(utmClassesOf(`${page}?utm_source=(none)`).utm_source).toBe('(other)');
    expect(utmClassesOf(`${page}?utm_source=(direct)`).utm_source).toBe('(other)');
  });
});

describe('the country of a collect request', () => {
  it('takes a two-letter code from the trusted header, uppercase', () => {
    expect(countryClassOf('fr')).toBe('FR');
    expect(countryClassOf(' DE ')).toBe('DE');
  });

  it('says (unknown) without the header, for no-country codes and for anything else', () => {
    for (const value of [undefined, '', 'XX', 'T1', 'FRA', 'F', '12', 'F1', '<b>']) {
      expect(countryClassOf(value)).toBe('(unknown)');
    }
  });
});

describe('the names a campaign keeps', () => {
  it('keeps 20 referrers or tags and every country code', () => {
    expect(segmentValueCap('utm_source')).toBe(MAX_SEGMENT_VALUES);
    expect(segmentValueCap('referrer')).toBe(20);
    expect(segmentValueCap('country')).toBe(MAX_COUNTRY_VALUES);
    expect(MAX_COUNTRY_VALUES).toBeGreaterThanOrEqual(249);
  });

  it('never counts a class in parentheses among them', () => {
    expect(isSegmentClass('(none)')).toBe(true);
    expect(isSegmentClass('google')).toBe(false);
    expect(isSegmentClass('(google')).toBe(false);
  });
});

describe("the results' choices in the open dimensions", () => {
  it('lists the kept names by label, then the classes; country only where known', () => {
    const answer = segmentValueChoices(
      [
        { dimension: 'utm_source', value: 'newsletter' },
        { dimension: 'utm_source', value: 'bing' },
        { dimension: 'referrer', value: 'news.example' },
      ],
      { countries: false },
    );
    expect(answer.dimensions.map((d) => d.dimension)).toEqual([
      'referrer',
      'utm_source',
      'utm_medium',
      'utm_campaign',
    ]);
    expect(answer.dimensions[1]).toEqual({
      dimension: 'utm_source',
      label: 'UTM source',
      values: [
        { value: 'bing', label: 'utm_source bing' },
        { value: 'newsletter', label: 'utm_source newsletter' },
        { value: '(none)', label: 'Without utm_source' },
        { value: '(other)', label: 'Other utm_source values' },
      ],
    });
    const countries = segmentValueChoices(
      [
        { dimension: 'country', value: 'FR' },
        { dimension: 'country', value: 'DE' },
      ],
      { countries: true },
    ).dimensions.find((d) => d.dimension === 'country');
    expect(countries?.values.map((v) => v.label)).toEqual([
      'Visitors in France',
      'Visitors in Germany',
      'Visitors of unknown country',
    ]);
  });
});
