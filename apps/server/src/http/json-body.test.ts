import { nestedDeeperThan } from '@kindling/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import {
  JSON_MAX_DEPTH,
  JSON_TOO_DEEP,
  jsonShapeProblem,
  jsonTooManyContainers,
  parseJsonText,
} from './json-body';

const nested = (depth: number, open: string, close: string) =>
  `${open.repeat(depth)}${close.repeat(depth)}`;

/** Objects and arrays in a parsed value, counted by walking it. */
const containersIn = (value: unknown): number =>
  value === null || typeof value !== 'object'
    ? 0
    : 1 + Object.values(value).reduce<number>((sum, item) => sum + containersIn(item), 0);

describe('the JSON shape pre-scan', () => {
  it('agrees with walks of the parsed value, for any JSON and any limits', () => {
    // The domain's nestedDeeperThan and containersIn walk the parsed value: independent
    // implementations of what the scan reads from the text.
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 8 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 40 }),
        (value, maxDepth, maxContainers) => {
          const text = JSON.stringify(value);
          expect(jsonShapeProblem(text, { maxDepth }) !== undefined).toBe(
            nestedDeeperThan(value, maxDepth),
          );
          expect(jsonShapeProblem(text, { maxDepth: 100, maxContainers })).toBe(
            containersIn(value) > maxContainers ? jsonTooManyContainers(maxContainers) : undefined,
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('skips brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ a: '[[[[{{{{\\"[[[[', b: ['"]]]]"'] });
    expect(jsonShapeProblem(text, { maxDepth: 2, maxContainers: 2 })).toBeUndefined();
    expect(jsonShapeProblem(text, { maxDepth: 1 })).toBeDefined();
    expect(jsonShapeProblem(text, { maxDepth: 2, maxContainers: 1 })).toBeDefined();
  });

  it('refuses a million nested arrays, and 240,000 small ones, before JSON.parse sees them', () => {
    const options = { notJson: 'not JSON', maxContainers: 1000 };
    expect(() => parseJsonText(nested(1_000_000, '[', ']'), options)).toThrow(JSON_TOO_DEEP);
    const wide = `[${'[[[[[[[[[[]]]]]]]]]],'.repeat(24_000)}[]]`;
    expect(() => parseJsonText(wide, options)).toThrow(jsonTooManyContainers(1000));
  });

  it('parses what is within the limits, and says "not JSON" for what is not JSON', () => {
    const options = { notJson: 'not JSON' };
    expect(parseJsonText(nested(JSON_MAX_DEPTH, '[', ']'), options)).toEqual(
      JSON.parse(nested(JSON_MAX_DEPTH, '[', ']')),
    );
    expect(() => parseJsonText(nested(JSON_MAX_DEPTH + 1, '{"a":', '}'), options)).toThrow(
      JSON_TOO_DEEP,
    );
    const error = (() => {
      try {
        parseJsonText('{"events": oops', options);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'VALIDATION', message: 'not JSON' });
  });
});
