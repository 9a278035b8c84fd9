import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inAudience } from './audience';
import { AUDIENCE_API_MESSAGES, usesCountry, visitorCountry } from './audience-api';

describe("the visitor's country from the GEO_HEADER value", () => {
  it.each([
    ['DE', 'DE'],
    ['de', 'DE'],
    ['aT', 'AT'],
    [undefined, undefined],
    ['', undefined],
    ['XX', undefined],
    ['xx', undefined],
    ['T1', undefined],
    ['DEU', undefined],
    [' DE', undefined],
    ['DE, FR', undefined],
    [['DE', 'FR'], undefined],
    ['Ü1', undefined],
  ])('%j is %j', (header, country) => {
    expect(visitorCountry(header)).toBe(country);
  });

  it('is two upper-case letters, the header upper-cased, or nothing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 4 }), (header) => {
        const country = visitorCountry(header);
        if (country === undefined) return;
        expect(country).toMatch(/^[A-Z]{2}$/);
        expect(country).toBe(header.toUpperCase());
        expect(country).not.toBe('XX');
      }),
    );
  });

  it('matches a "one of" condition only when known, and an unknown one only "is not"', () => {
    const germanSpeaking = {
      match: 'all' as const,
      conditions: [
        { attribute: 'country' as const, operator: 'oneOf' as const, values: ['DE', 'AT'] },
      ],
    };
    expect(inAudience(germanSpeaking, { country: visitorCountry('de') })).toBe(true);
    expect(inAudience(germanSpeaking, { country: visitorCountry('FR') })).toBe(false);
    expect(inAudience(germanSpeaking, { country: visitorCountry('XX') })).toBe(false);
    expect(usesCountry(germanSpeaking)).toBe(true);
    expect(usesCountry(null)).toBe(false);
    expect(AUDIENCE_API_MESSAGES.noCountrySource).toContain('GEO_HEADER');
  });
});
