import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFormFields, tooManyFormFields } from './form-body';

const FIELDS = ['email', 'website'] as const;
const read = (body: string) => readFormFields(body, { fields: FIELDS, maxFields: 8 });

describe('reading a url-encoded form for the fields a route knows', () => {
  it('answers what URLSearchParams reads for the known fields, and nothing else', () => {
    const name = fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 6 }));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(name, fc.string({ maxLength: 20 })), { minLength: 1, maxLength: 8 }),
        (pairs) => {
          const body = new URLSearchParams(pairs).toString();
          const params = new URLSearchParams(body);
          const expected: Record<string, string> = {};
          for (const field of FIELDS) {
            const value = params.get(field);
            if (value !== null) expected[field] = value;
          }
          expect(read(body)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses more fields than the route takes before decoding any, however many', () => {
    const fields = (count: number) =>
      ['email=a%40example.com', ...Array.from({ length: count - 1 }, (_, i) => `f${i}=x`)].join(
        '&',
      );
    expect(read(fields(8))).toEqual({ email: 'a@example.com' });
    expect(() => read(fields(9))).toThrow(tooManyFormFields(8));
    expect(() => read(fields(400_000))).toThrow(tooManyFormFields(8));
  });

  it('keeps the first value of a field sent twice, and decodes + and %XX', () => {
    expect(read('email=a+b%40x.org&email=c%40x.org&website=')).toEqual({
      email: 'a b@x.org',
      website: '',
    });
  });
});
