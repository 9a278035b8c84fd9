import { describe, expect, it } from 'vitest';
import {
  CHOICE_ATTRIBUTES,
  NAMED_ATTRIBUTES,
  NUMBER_ATTRIBUTES,
  TEXT_ATTRIBUTES,
  inAudience,
  type Condition,
} from './audience';
import { audienceSchema, CONDITION_OPERATORS } from './audience-schema';
import { PAGE_RULE_KINDS, matchesPage } from './page-rules';
import { pageRulesSchema } from './page-rules-schema';
import { AUDIENCE_FIXTURES, PAGE_RULE_FIXTURES, TARGETING_FIXTURES } from './targeting-fixtures';

describe('the shared targeting table', () => {
  it.each(PAGE_RULE_FIXTURES.map((row) => [row.name, row] as const))('%s', (_name, row) => {
    expect(matchesPage(row.rules, row.input)).toBe(row.expected);
  });

  it.each(AUDIENCE_FIXTURES.map((row) => [row.name, row] as const))('%s', (_name, row) => {
    expect(inAudience(row.audience, row.input)).toBe(row.expected);
  });

  it('has at least 60 rows with unique names, each answer both ways for the page rules', () => {
    expect(TARGETING_FIXTURES.length).toBeGreaterThanOrEqual(60);
    expect(new Set(TARGETING_FIXTURES.map((row) => row.name)).size).toBe(TARGETING_FIXTURES.length);
    // JSON as is: a browser test passes rows into a page unchanged.
    expect(JSON.parse(JSON.stringify(PAGE_RULE_FIXTURES))).toEqual(PAGE_RULE_FIXTURES);
  });

  it('covers every rule kind, attribute and operator', () => {
    const rules = PAGE_RULE_FIXTURES.flatMap((row) => [...row.rules.include, ...row.rules.exclude]);
    expect(new Set(rules.map((rule) => rule.kind))).toEqual(new Set(PAGE_RULE_KINDS));
    expect(rules.some((rule) => rule.query?.value !== undefined)).toBe(true);
    const conditions: Condition[] = AUDIENCE_FIXTURES.flatMap(
      (row) => row.audience?.conditions ?? [],
    );
    const attributes = [
      ...CHOICE_ATTRIBUTES,
      ...TEXT_ATTRIBUTES,
      ...NUMBER_ATTRIBUTES,
      ...NAMED_ATTRIBUTES,
    ];
    expect(new Set(conditions.map((condition) => condition.attribute))).toEqual(
      new Set(attributes),
    );
    expect(new Set(conditions.map((condition) => condition.operator))).toEqual(
      new Set(CONDITION_OPERATORS),
    );
    expect(new Set(AUDIENCE_FIXTURES.map((row) => row.audience?.match))).toEqual(
      new Set(['all', 'any', undefined]),
    );
  });

  it('holds rules and audiences the schemas accept as they are (but the two broken rows)', () => {
    const broken = ['regex: a broken stored pattern matches nothing', 'no include rule: nowhere'];
    for (const row of PAGE_RULE_FIXTURES) {
      const parsed = pageRulesSchema.safeParse(row.rules);
      expect(parsed.success, row.name).toBe(!broken.includes(row.name));
      if (parsed.success) expect(parsed.data, row.name).toEqual(row.rules);
    }
    for (const row of AUDIENCE_FIXTURES) {
      if (row.audience) expect(audienceSchema.parse(row.audience), row.name).toEqual(row.audience);
    }
  });
});
