import type { Audience, Condition, VisitorAttributes } from './audience';

// Audience rows of the shared targeting table (targeting-fixtures.ts).

export interface AudienceFixture {
  name: string;
  /** Undefined: the campaign has no audience. */
  audience: Audience | undefined;
  input: VisitorAttributes;
  expected: boolean;
}

const all = (...conditions: Condition[]): Audience => ({ match: 'all', conditions });
const any = (...conditions: Condition[]): Audience => ({ match: 'any', conditions });
const row = (
  name: string,
  audience: Audience | undefined,
  input: VisitorAttributes,
  expected: boolean,
) => ({ name, audience, input, expected });

const PHONE: Condition = { attribute: 'deviceType', operator: 'is', value: 'phone' };
const NEWSLETTER: Condition = { attribute: 'utmSource', operator: 'is', value: 'newsletter' };
const ADS: Condition = { attribute: 'utmSource', operator: 'is', value: 'ads' };
const SEATS: Condition = { attribute: 'attribute', name: 'seats', operator: 'atLeast', value: 5 };
const FRANCE: Condition = { attribute: 'country', operator: 'is', value: 'FR' };

export const AUDIENCE_FIXTURES: readonly AudienceFixture[] = [
  row('no audience: everyone', undefined, {}, true),
  row('no conditions: everyone', all(), { deviceType: 'desktop' }, true),
  row('device is: a phone', all(PHONE), { deviceType: 'phone' }, true),
  row('device is: not a desktop', all(PHONE), { deviceType: 'desktop' }, false),
  row(
    'device one of: a tablet',
    all({ attribute: 'deviceType', operator: 'oneOf', values: ['phone', 'tablet'] }),
    { deviceType: 'tablet' },
    true,
  ),
  row(
    'browser is not Safari: Chrome',
    all({ attribute: 'browser', operator: 'isNot', value: 'safari' }),
    { browser: 'chrome' },
    true,
  ),
  row(
    'system is: unknown fails',
    all({ attribute: 'os', operator: 'is', value: 'ios' }),
    {},
    false,
  ),
  row(
    'system is not: unknown passes',
    all({ attribute: 'os', operator: 'isNot', value: 'ios' }),
    {},
    true,
  ),
  row(
    'returning visitors: not a new one',
    all({ attribute: 'visitorType', operator: 'is', value: 'returning' }),
    { visitorType: 'new' },
    false,
  ),
  row(
    'visits at least 3: the third',
    all({ attribute: 'visits', operator: 'atLeast', value: 3 }),
    { visits: 3 },
    true,
  ),
  row(
    'visits at most 1: not the second',
    all({ attribute: 'visits', operator: 'atMost', value: 1 }),
    { visits: 2 },
    false,
  ),
  row('visits is 2', all({ attribute: 'visits', operator: 'is', value: '2' }), { visits: 2 }, true),
  row(
    'visits: unknown fails at least',
    all({ attribute: 'visits', operator: 'atLeast', value: 0 }),
    {},
    false,
  ),
  row('UTM source is: case ignored', all(NEWSLETTER), { utmSource: 'Newsletter' }, true),
  row(
    'UTM medium contains',
    all({ attribute: 'utmMedium', operator: 'contains', value: 'paid' }),
    { utmMedium: 'cpc-PAID' },
    true,
  ),
  row(
    'UTM campaign starts with',
    all({ attribute: 'utmCampaign', operator: 'startsWith', value: 'bf-' }),
    { utmCampaign: 'BF-2026' },
    true,
  ),
  row('UTM source exists: missing', all({ attribute: 'utmSource', operator: 'exists' }), {}, false),
  row(
    'UTM source does not exist: missing',
    all({ attribute: 'utmSource', operator: 'notExists' }),
    {},
    true,
  ),
  row(
    'referrer is: a subdomain is another host',
    all({ attribute: 'referrerHost', operator: 'is', value: 'google.com' }),
    { referrerHost: 'www.google.com' },
    false,
  ),
  row(
    'referrer contains',
    all({ attribute: 'referrerHost', operator: 'contains', value: 'google.' }),
    { referrerHost: 'www.google.co.uk' },
    true,
  ),
  row(
    'query exists: with an empty value',
    all({ attribute: 'query', name: 'ref', operator: 'exists' }),
    { query: { ref: '' } },
    true,
  ),
  row(
    'query is: no query at all',
    all({ attribute: 'query', name: 'ref', operator: 'is', value: 'partner' }),
    {},
    false,
  ),
  row(
    'cookie is',
    all({ attribute: 'cookie', name: 'consent', operator: 'is', value: 'yes' }),
    { cookies: { consent: 'yes' } },
    true,
  ),
  row(
    'cookie does not exist',
    all({ attribute: 'cookie', name: 'consent', operator: 'notExists' }),
    { cookies: {} },
    true,
  ),
  row(
    'page attribute is: the Pro plan',
    all({ attribute: 'attribute', name: 'plan', operator: 'is', value: 'pro' }),
    { attributes: { plan: 'pro' } },
    true,
  ),
  row('page attribute at least: a number', all(SEATS), { attributes: { seats: 10 } }, true),
  row('page attribute at least: numeric text', all(SEATS), { attributes: { seats: '12' } }, true),
  row(
    'page attribute at least: not a number',
    all(SEATS),
    { attributes: { seats: 'many' } },
    false,
  ),
  row(
    'page attribute is: a boolean as text',
    all({ attribute: 'attribute', name: 'beta', operator: 'is', value: 'true' }),
    { attributes: { beta: true } },
    true,
  ),
  row(
    'language starts with',
    all({ attribute: 'language', operator: 'startsWith', value: 'en' }),
    { language: 'en-GB' },
    true,
  ),
  row(
    'language is: the whole tag',
    all({ attribute: 'language', operator: 'is', value: 'en' }),
    { language: 'en-GB' },
    false,
  ),
  row('country is: case ignored', all(FRANCE), { country: 'fr' }, true),
  row(
    'country is not: unknown passes',
    all({ ...FRANCE, operator: 'isNot' }),
    { country: undefined },
    true,
  ),
  row(
    'country one of: unknown fails',
    all({ attribute: 'country', operator: 'oneOf', values: ['DE', 'AT', 'CH'] }),
    {},
    false,
  ),
  row(
    'all: one condition fails',
    all(PHONE, NEWSLETTER),
    { deviceType: 'phone', utmSource: 'x' },
    false,
  ),
  row(
    'any: one condition holds',
    any(PHONE, NEWSLETTER),
    { deviceType: 'desktop', utmSource: 'newsletter' },
    true,
  ),
  row('any: none holds', any(PHONE, NEWSLETTER), { deviceType: 'desktop' }, false),
  row(
    'phone and UTM: a phone with the UTM',
    all(PHONE, ADS),
    { deviceType: 'phone', utmSource: 'ads' },
    true,
  ),
  row(
    'phone and UTM: a desktop with it',
    all(PHONE, ADS),
    { deviceType: 'desktop', utmSource: 'ads' },
    false,
  ),
  row(
    'phone and UTM: a phone with another',
    all(PHONE, ADS),
    { deviceType: 'phone', utmSource: 'other' },
    false,
  ),
];
