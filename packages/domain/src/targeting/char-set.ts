// Sets of characters (code points) as sorted, merged, inclusive ranges: just enough algebra for
// safe-regex.ts to ask "can these two parts of a pattern match the same character?".

export type CharSet = readonly (readonly [number, number])[];

const MAX_CODE_POINT = 0x10ffff;

export const EMPTY_SET: CharSet = [];
export const ANY_CHAR: CharSet = [[0, MAX_CODE_POINT]];

export function charSet(ranges: readonly (readonly [number, number])[]): CharSet {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [lo, hi] of sorted) {
    const last = merged[merged.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else merged.push([lo, hi]);
  }
  return merged;
}

export const singleChar = (codePoint: number): CharSet => [[codePoint, codePoint]];

export function union(...sets: CharSet[]): CharSet {
  return charSet(sets.flat());
}

export function complement(set: CharSet): CharSet {
  const result: [number, number][] = [];
  let next = 0;
  for (const [lo, hi] of set) {
    if (lo > next) result.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_CODE_POINT) result.push([next, MAX_CODE_POINT]);
  return result;
}

export function intersect(a: CharSet, b: CharSet): CharSet {
  const result: [number, number][] = [];
  for (const [aLo, aHi] of a) {
    for (const [bLo, bHi] of b) {
      const lo = Math.max(aLo, bLo);
      const hi = Math.min(aHi, bHi);
      if (lo <= hi) result.push([lo, hi]);
    }
  }
  return charSet(result);
}

export const overlaps = (a: CharSet, b: CharSet): boolean => intersect(a, b).length > 0;

export function hasChar(set: CharSet, codePoint: number): boolean {
  return set.some(([lo, hi]) => codePoint >= lo && codePoint <= hi);
}

const code = (char: string) => char.codePointAt(0)!;
const range = (from: string, to: string): [number, number] => [code(from), code(to)];

export const DIGITS: CharSet = [range('0', '9')];
export const WORD_CHARS: CharSet = charSet([
  range('0', '9'),
  range('A', 'Z'),
  range('_', '_'),
  range('a', 'z'),
]);
// ECMAScript's WhiteSpace and LineTerminator code points (what `\s` matches).
export const SPACES: CharSet = charSet([
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
]);
/** What `.` matches without the `s` flag: anything but a line terminator. */
export const DOT_CHARS: CharSet = complement(
  charSet([
    [0x0a, 0x0a],
    [0x0d, 0x0d],
    [0x2028, 0x2029],
  ]),
);
