import { describe, expect, it } from 'vitest';
import { UNSAFE_TEXT_MESSAGE } from '../text';
import { AUDIENCE_MESSAGES, audienceSchema, conditionSchema } from './audience-schema';
import {
  PAGE_RULE_MESSAGES,
  pageRuleSchema,
  pageRulesSchema,
  pageRulesSchemaFor,
} from './page-rules-schema';
import { SAFE_REGEX_MESSAGES } from './safe-regex';

const messages = (
  schema: {
    safeParse(input: unknown): { error?: { issues: { message: string; path: PropertyKey[] }[] } };
  },
  input: unknown,
) =>
  schema
    .safeParse(input)
    .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('page rule schemas', () => {
  it('accepts each kind and trims addresses, not patterns', () => {
    expect(pageRuleSchema.parse({ kind: 'exact', value: '  shop.example/a ' })).toEqual({
      kind: 'exact',
      value: 'shop.example/a',
    });
    expect(pageRuleSchema.parse({ kind: 'regex', value: ' /a$' })).toEqual({
      kind: 'regex',
      value: ' /a$',
    });
    expect(
      pageRuleSchema.parse({
        kind: 'wildcard',
        value: 'https://*.shop.example/*',
        query: { name: 'ref', value: '' },
      }),
    ).toEqual({
      kind: 'wildcard',
      value: 'https://*.shop.example/*',
      query: { name: 'ref', value: '' },
    });
  });

  it('says what is wrong with a rule', () => {
    expect(messages(pageRuleSchema, { kind: 'regex', value: '(a+)+$' })).toEqual([
      `value: ${SAFE_REGEX_MESSAGES.nestedRepeat('(a+)+')}`,
    ]);
    expect(messages(pageRuleSchema, { kind: 'exact', value: 'not an address' })).toEqual([
      'value: Enter a web address, such as https://shop.example/pricing.',
    ]);
    expect(messages(pageRuleSchema, { kind: 'wildcard', value: '*' })).toEqual([
      `value: ${PAGE_RULE_MESSAGES.notAWildcard}`,
    ]);
    expect(messages(pageRuleSchema, { kind: 'startsWith', value: ' ' })).toContain(
      'value: Enter an address or a pattern.',
    );
    expect(
      messages(pageRuleSchema, { kind: 'exact', value: `https://shop.example/${'a'.repeat(500)}` }),
    ).toContain('value: Use at most 500 characters.');
    expect(
      messages(pageRuleSchema, { kind: 'exact', value: 'https://shop.example/\u0000' }),
    ).toContain(`value: ${UNSAFE_TEXT_MESSAGE}`);
    expect(
      messages(pageRuleSchema, {
        kind: 'exact',
        value: 'https://shop.example/',
        query: { name: '' },
      }),
    ).toEqual(['query.name: Enter the name of the query parameter.']);
  });

  it('needs one include rule and allows at most 20 in all', () => {
    const rule = { kind: 'exact', value: 'https://shop.example/' };
    expect(messages(pageRulesSchema, { include: [] })).toEqual([
      'include: Add at least one page where the campaign runs.',
    ]);
    expect(pageRulesSchema.parse({ include: [rule] })).toEqual({ include: [rule], exclude: [] });
    expect(
      messages(pageRulesSchema, { include: Array(10).fill(rule), exclude: Array(11).fill(rule) }),
    ).toEqual([': A campaign can have at most 20 page rules.']);
    expect(
      pageRulesSchema.safeParse({ include: Array(10).fill(rule), exclude: Array(10).fill(rule) })
        .success,
    ).toBe(true);
  });

  it('takes the app’s own pages when told their origin', () => {
    const own = { include: [{ kind: 'startsWith', value: 'http://localhost:4000/p/team/' }] };
    expect(pageRulesSchema.safeParse(own).success).toBe(false);
    expect(pageRulesSchemaFor('http://localhost:4000').safeParse(own).success).toBe(true);
  });
});

describe('audience schemas', () => {
  it('keeps only the fields the operator uses, numbers as numbers', () => {
    expect(
      conditionSchema.parse({
        attribute: 'attribute',
        name: ' seats ',
        operator: 'atLeast',
        value: '5',
        values: ['x'],
      }),
    ).toEqual({
      attribute: 'attribute',
      name: 'seats',
      operator: 'atLeast',
      value: 5,
    });
    expect(conditionSchema.parse({ attribute: 'visits', operator: 'is', value: 3 })).toEqual({
      attribute: 'visits',
      operator: 'is',
      value: '3',
    });
    expect(
      conditionSchema.parse({
        attribute: 'cookie',
        name: 'consent',
        operator: 'exists',
        value: 'x',
      }),
    ).toEqual({
      attribute: 'cookie',
      name: 'consent',
      operator: 'exists',
    });
  });

  it('says what is wrong with a condition', () => {
    const cases: [unknown, string][] = [
      [
        { attribute: 'deviceType', operator: 'contains', value: 'mob' },
        `operator: ${AUDIENCE_MESSAGES.operatorNotAllowed('deviceType', 'contains')}`,
      ],
      [
        { attribute: 'deviceType', operator: 'is', value: 'mobile' },
        'value: Choose one of: phone, tablet, desktop.',
      ],
      [
        { attribute: 'country', operator: 'oneOf', values: ['FR', 'France'] },
        'values: Enter a two-letter country code (ISO 3166), such as FR.',
      ],
      [
        { attribute: 'country', operator: 'oneOf', values: [] },
        'values: Choose at least one value.',
      ],
      [
        { attribute: 'visits', operator: 'atLeast', value: 1.5 },
        'value: Enter a whole number of visits, 0 or more.',
      ],
      [
        { attribute: 'attribute', name: 'seats', operator: 'atMost', value: 'many' },
        'value: Enter a number.',
      ],
      [
        { attribute: 'query', name: ' ', operator: 'exists' },
        'name: Enter the name of the query parameter, cookie or page attribute.',
      ],
      [
        { attribute: 'utmSource', operator: 'is', value: ' ' },
        'value: Enter a value to compare with.',
      ],
      [
        { attribute: 'utmSource', operator: 'atLeast', value: 2 },
        `operator: The comparison "atLeast" does not apply to the UTM source. Choose another one.`,
      ],
    ];
    for (const [input, expected] of cases)
      expect(messages(conditionSchema, input)).toEqual([expected]);
  });

  it('allows at most 20 conditions', () => {
    const condition = { attribute: 'deviceType', operator: 'is', value: 'phone' };
    expect(
      audienceSchema.safeParse({ match: 'all', conditions: Array(20).fill(condition) }).success,
    ).toBe(true);
    expect(
      messages(audienceSchema, { match: 'any', conditions: Array(21).fill(condition) }),
    ).toEqual(['conditions: An audience can have at most 20 conditions.']);
  });
});
