import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countMatchSteps, StepLimitExceeded } from './backtracking-matcher';
import {
  isSafeRegex,
  SAFE_REGEX_MESSAGES as M,
  SAFE_REGEX_MAX_LENGTH,
  validateSafeRegex,
} from './safe-regex';

// Patterns from the ReDoS literature (OWASP's list, Davis et al. 2018, the safe-regex and
// regexploit test suites) that backtrack exponentially or polynomially.
const CATASTROPHIC = [
  '(a+)+$',
  '^(a+)+$',
  '(a|aa)+',
  '(a|a?)+',
  '^(a|a)*$',
  '(.*a){20}',
  '(.*a){1,32000}[bc]',
  '^(\\w+\\s?)*$',
  '(a*)*b',
  '(x+x+)+y',
  '(\\d+)*$',
  '^(\\d+)+$',
  '([a-zA-Z]+)*',
  '(\\w+)*@',
  '(a|b|ab)*c',
  '(\\w|\\d)+$',
  '^(([a-z])+.)+[A-Z]([a-z])+$',
  '(a?){25}a{25}',
  '(\\.\\w+)+@',
  '^(https?:\\/\\/)?([\\da-z\\.-]+)\\.([a-z\\.]{2,6})([\\/\\w \\.-]*)*\\/?$',
  '^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$',
  '\\s*#?\\s*$',
  '^\\s+\\s+$',
  '.*/p/.*$',
  '\\d+\\d+x',
  '[ab]*ab[ab]*x',
  `${'a?'.repeat(15)}${'a'.repeat(15)}`,
];

// Rules teams write: all accepted.
const EVERYDAY = [
  '^https://shop\\.example/products/[^/?#]+$',
  '^https?://(www\\.)?shop\\.(com|co\\.uk)(/.*)?$',
  '^https://shop\\.example/.*/reviews/?$',
  '/(en|fr|de)/checkout',
  '\\?(.*&)?plan=pro(&|$)',
  '^https://[a-z0-9-]+\\.shop\\.example/',
  '/blog/\\d{4}/\\d{2}/',
  '\\.html?$',
  '/p/\\p{L}+',
  'pricing|plans',
  '.*/products/.*',
];

describe('safe regular expressions', () => {
  it.each(CATASTROPHIC)('refuses the catastrophic pattern %s', (pattern) => {
    expect(validateSafeRegex(pattern)).toEqual(expect.any(String));
  });

  it('has at least 15 catastrophic patterns to refuse', () => {
    expect(CATASTROPHIC.length).toBeGreaterThanOrEqual(15);
  });

  it.each(EVERYDAY)('accepts the everyday rule %s', (pattern) => {
    expect(validateSafeRegex(pattern)).toBeUndefined();
  });

  it('says what is wrong, quoting the part', () => {
    expect(validateSafeRegex('(a+)+$')).toBe(
      'This pattern could take too long on some addresses: "(a+)+" repeats a repeated part. Use a simpler pattern.',
    );
    expect(validateSafeRegex('x(a|aa)+')).toBe(M.ambiguousChoice('(a|aa)+'));
    expect(validateSafeRegex('^\\d+-?\\d+$')).toBe(
      'This pattern could take too long on some addresses: "\\d+-?\\d+" has two repeated parts that can match the same characters. Use a simpler pattern.',
    );
    expect(validateSafeRegex('a{2,101}')).toBe(
      'This pattern repeats a part more than 100 times ("a{2,101}"). Use a count of 100 or less.',
    );
    expect(validateSafeRegex('(a)\\1')).toBe(
      'This pattern refers back to an earlier group ("\\1"), which is not supported. Write the text out again instead.',
    );
    expect(validateSafeRegex('(?<n>a)\\k<n>')).toBe(M.backreference('\\k<n>'));
    expect(validateSafeRegex('a(?=b)')).toBe(
      'This pattern looks ahead or behind ("(?="), which is not supported. Use a pattern without "(?=", "(?!", "(?<=" or "(?<!".',
    );
    expect(validateSafeRegex('(?<!a)b')).toBe(M.lookaround('(?<!'));
    expect(validateSafeRegex('a?'.repeat(13))).toBe(
      'This pattern could take too long on some addresses: it has more than 12 optional parts and choices. Use a simpler pattern.',
    );
    expect(validateSafeRegex('a'.repeat(SAFE_REGEX_MAX_LENGTH + 1))).toBe(
      'This pattern is longer than 300 characters. Use a shorter pattern.',
    );
    expect(validateSafeRegex('a'.repeat(SAFE_REGEX_MAX_LENGTH))).toBeUndefined();
  });

  it('refuses invalid syntax, as `new RegExp(pattern, "u")` reads it', () => {
    expect(validateSafeRegex('[z-a]')).toBe(
      'This is not a valid regular expression near "z-a". Check its brackets, parentheses and backslashes.',
    );
    expect(validateSafeRegex('\\p{Nope}')).toBe(
      'This is not a valid regular expression. Check its brackets, parentheses and backslashes.',
    );
    for (const pattern of ['(', ')', '[a', 'a**', '{', 'a{2', '}', ']', '\\', 'x\\-y', '(?i:a)']) {
      expect(validateSafeRegex(pattern), pattern).toMatch(/^This is not a valid regular/);
      expect(() => new RegExp(pattern, 'u'), pattern).toThrow();
    }
  });
});

describe('the step-counting matcher the property test relies on', () => {
  it('agrees with the engine and sees a blow-up as one', () => {
    expect(countMatchSteps('^a(b|c)+d$', 'abcbd', 1e4).matched).toBe(true);
    expect(countMatchSteps('\\bfoo\\b', 'foo bar', 1e4).matched).toBe(true);
    expect(() => countMatchSteps('(a+)+$', `${'a'.repeat(30)}!`, 1e6)).toThrow(StepLimitExceeded);
    const steps = (n: number) => countMatchSteps('.*/p/.*$', `${'/p/'.repeat(n)}\n`, 1e8).steps;
    expect(steps(400) / steps(200)).toBeGreaterThan(3.5);
  });
});

const ATOMS = ['a', 'b', '/', '\\.', '-', 'x', '[ab]', '[^/]', '\\w', '\\d', '.', '[a-z]', '\\b'];
const QUANTIFIERS = ['', '', '', '?', '*', '+', '{2}', '{1,3}', '{2,}', '*?', '+?', '??'];

const { sequence } = fc.letrec<{ term: string; sequence: string; group: string }>((tie) => ({
  term: fc.oneof(
    { depthIdentifier: 'pattern', maxDepth: 3 },
    fc
      .tuple(fc.constantFrom(...ATOMS), fc.constantFrom(...QUANTIFIERS))
      .map(([a, q]) => (a === '\\b' ? a : a + q)),
    fc.tuple(tie('group'), fc.constantFrom(...QUANTIFIERS)).map(([g, q]) => g + q),
  ),
  sequence: fc.array(tie('term'), { minLength: 1, maxLength: 5 }).map((terms) => terms.join('')),
  group: fc
    .tuple(fc.constantFrom('(', '(?:'), fc.array(tie('sequence'), { minLength: 1, maxLength: 3 }))
    .map(([open, options]) => `${open}${options.join('|')})`),
}));
const patterns = fc
  .tuple(fc.boolean(), sequence, fc.boolean())
  .map(([start, body, end]) => `${start ? '^' : ''}${body}${end ? '$' : ''}`);
const inputs = fc.record({
  unit: fc.string({
    unit: fc.constantFrom('a', 'b', '/', '.', 'x', '1', '-', '\n'),
    minLength: 1,
    maxLength: 4,
  }),
  suffix: fc.constantFrom('', '!', 'a', '/', '\n'),
});
const address = (unit: string, suffix: string, length: number) =>
  unit.repeat(Math.ceil(length / unit.length)).slice(0, length) + suffix;

describe('patterns the check accepts (property)', () => {
  it('run on 10,000 characters in steps proportional to the length, as the engine matches', () => {
    fc.assert(
      fc.property(patterns, inputs, (pattern, { unit, suffix }) => {
        fc.pre(isSafeRegex(pattern));
        const short = countMatchSteps(pattern, address(unit, suffix, 5000), 1e7);
        const long = countMatchSteps(pattern, address(unit, suffix, 10_000), 1e7);
        // Linear: twice the address, at most twice the steps (plus the pattern's own cost).
        expect(long.steps).toBeLessThanOrEqual(2 * short.steps + 1000);
        expect(long.steps).toBeLessThanOrEqual(60 * 10_001);
        const engine = new RegExp(pattern, 'uy');
        expect(engine.test(address(unit, suffix, 10_000))).toBe(long.matched);
      }),
      { numRuns: 300 },
    );
  });
});
