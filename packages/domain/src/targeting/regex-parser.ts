import {
  ANY_CHAR,
  DIGITS,
  DOT_CHARS,
  SPACES,
  WORD_CHARS,
  complement,
  singleChar,
  union,
  type CharSet,
} from './char-set';

// A parser for JavaScript regular expressions as `new RegExp(pattern, 'u')` reads them, written
// for safe-regex.ts: it keeps only what the safety checks need (which characters each part can
// match, how often it repeats, where it sits in the pattern) and stops at the first construct
// outside the safe subset. Unicode mode is used because its grammar has no legacy exceptions
// (a stray `{` or an unknown escape is an error, not a literal), so this parser can be exact.

/** Positions count code points, so a message can quote `pattern` by them. */
interface Span {
  start: number;
  end: number;
}

export type RegexNode =
  | ({ type: 'chars'; set: CharSet } & Span)
  | ({ type: 'assertion'; kind: '^' | '$' | 'b' | 'B' } & Span)
  | ({ type: 'group'; alternatives: RegexNode[][] } & Span)
  | ({ type: 'repeat'; node: RegexNode; min: number; max: number; lazy: boolean } & Span);

export type RegexGroup = Extract<RegexNode, { type: 'group' }>;

export type RegexProblem = 'syntax' | 'backreference' | 'lookaround';

export class RegexRefusal extends Error {
  constructor(
    readonly problem: RegexProblem,
    readonly span: Span,
  ) {
    super(problem);
  }
}

const CLASS_ESCAPES: Record<string, CharSet> = {
  d: DIGITS,
  D: complement(DIGITS),
  w: WORD_CHARS,
  W: complement(WORD_CHARS),
  s: SPACES,
  S: complement(SPACES),
};
const CONTROL_ESCAPES: Record<string, number> = { t: 9, n: 10, v: 11, f: 12, r: 13 };
const SYNTAX_CHARACTERS = '^$\\.*+?()[]{}|/';
const HEX = /^[0-9a-fA-F]+$/;
const GROUP_NAME = /^[$_\p{ID_Start}][$\u200C\u200D\p{ID_Continue}]*$/u;

/** The whole pattern as one group of alternatives; throws RegexRefusal. */
export function parseRegex(pattern: string): RegexGroup {
  const chars = Array.from(pattern);
  let pos = 0;

  const fail = (problem: RegexProblem, start = pos, end = pos + 1): never => {
    throw new RegexRefusal(problem, { start, end: Math.min(end, chars.length) });
  };
  const peek = (offset = 0) => chars[pos + offset];
  const eat = (text: string) => {
    if (chars.slice(pos, pos + text.length).join('') !== text) return false;
    pos += text.length;
    return true;
  };
  const readUntil = (stop: string) => {
    const from = pos;
    while (pos < chars.length && chars[pos] !== stop) pos += 1;
    if (pos >= chars.length) fail('syntax', from);
    return chars.slice(from, pos++).join('');
  };

  function disjunction(start: number): RegexGroup {
    const alternatives: RegexNode[][] = [alternative()];
    while (eat('|')) alternatives.push(alternative());
    return { type: 'group', alternatives, start, end: pos };
  }

  function alternative(): RegexNode[] {
    const items: RegexNode[] = [];
    while (pos < chars.length && peek() !== '|' && peek() !== ')') items.push(term());
    return items;
  }

  function term(): RegexNode {
    const start = pos;
    const char = chars[pos++]!;
    if (char === '^' || char === '$') {
      return notRepeated({ type: 'assertion', kind: char, start, end: pos });
    }
    const boundary = char === '\\' ? peek() : undefined;
    if (boundary === 'b' || boundary === 'B') {
      pos += 1;
      return notRepeated({ type: 'assertion', kind: boundary, start, end: pos });
    }
    if ('*+?{}]'.includes(char)) return fail('syntax', start);
    let atom: RegexNode;
    if (char === '(') atom = group(start);
    else if (char === '[') atom = { type: 'chars', set: characterClass(), start, end: pos };
    else if (char === '.') atom = { type: 'chars', set: DOT_CHARS, start, end: pos };
    else if (char === '\\') atom = { type: 'chars', set: escape(false), start, end: pos };
    else atom = { type: 'chars', set: singleChar(char.codePointAt(0)!), start, end: pos };
    return quantified(atom);
  }

  function notRepeated(node: RegexNode): RegexNode {
    if (pos < chars.length && '*+?{'.includes(peek()!)) fail('syntax');
    return node;
  }

  function group(start: number): RegexGroup {
    if (eat('?')) {
      if (eat('=') || eat('!') || eat('<=') || eat('<!')) fail('lookaround', start, pos);
      if (eat('<')) {
        if (!GROUP_NAME.test(readUntil('>'))) fail('syntax', start, pos);
      } else if (!eat(':')) fail('syntax', start, pos + 1);
    }
    const inner = disjunction(start);
    if (!eat(')')) fail('syntax', start, pos);
    return { ...inner, end: pos };
  }

  function quantified(atom: RegexNode): RegexNode {
    const start = atom.start;
    let bounds: [number, number] | undefined;
    if (eat('*')) bounds = [0, Infinity];
    else if (eat('+')) bounds = [1, Infinity];
    else if (eat('?')) bounds = [0, 1];
    else if (peek() === '{') bounds = counted();
    if (!bounds) return atom;
    const lazy = eat('?');
    return { type: 'repeat', node: atom, min: bounds[0], max: bounds[1], lazy, start, end: pos };
  }

  function counted(): [number, number] {
    const from = pos;
    const match = /^\{(\d+)(,(\d*))?\}/.exec(chars.slice(pos, pos + 40).join(''));
    if (!match) return fail('syntax', from);
    pos += match[0].length;
    const min = Number(match[1]);
    const max = match[2] === undefined ? min : match[3] ? Number(match[3]) : Infinity;
    if (max < min) fail('syntax', from, pos);
    return [min, max];
  }

  function characterClass(): CharSet {
    const negated = eat('^');
    const parts: CharSet[] = [];
    while (peek() !== ']') {
      if (pos >= chars.length) fail('syntax');
      const rangeStart = pos;
      const from = classAtom();
      if (peek() === '-' && peek(1) !== ']' && peek(1) !== undefined) {
        pos += 1;
        const to = classAtom();
        const lo = from.length === 1 && from[0]![0] === from[0]![1] ? from[0]![0] : -1;
        const hi = to.length === 1 && to[0]![0] === to[0]![1] ? to[0]![0] : -1;
        if (lo < 0 || hi < 0 || lo > hi) fail('syntax', rangeStart, pos);
        parts.push([[lo, hi]]);
      } else parts.push(from);
    }
    pos += 1;
    const set = union(...parts);
    return negated ? complement(set) : set;
  }

  function classAtom(): CharSet {
    const char = chars[pos++]!;
    if (char !== '\\') return singleChar(char.codePointAt(0)!);
    if (eat('b')) return singleChar(8);
    if (eat('-')) return singleChar(45);
    return escape(true);
  }

  /** After a backslash; `\b` and `\B` are handled by the caller. */
  function escape(inClass: boolean): CharSet {
    const start = pos - 1;
    const char = chars[pos++];
    if (char === undefined) return fail('syntax', start);
    const known = CLASS_ESCAPES[char];
    if (known) return known;
    if (char in CONTROL_ESCAPES) return singleChar(CONTROL_ESCAPES[char]!);
    if (SYNTAX_CHARACTERS.includes(char)) return singleChar(char.codePointAt(0)!);
    if (char === '0' && !/\d/.test(peek() ?? '')) return singleChar(0);
    if (/[1-9]/.test(char) || (char === 'k' && !inClass)) {
      while (/\d/.test(peek() ?? '')) pos += 1;
      if (char === 'k' && eat('<')) readUntil('>');
      return fail('backreference', start, pos);
    }
    if ((char === 'p' || char === 'P') && eat('{')) {
      readUntil('}');
      // Which letters a Unicode property holds is not needed: assume it may hold any.
      return ANY_CHAR;
    }
    if (char === 'c' && /^[a-zA-Z]$/.test(peek() ?? '')) {
      return singleChar(chars[pos++]!.codePointAt(0)! % 32);
    }
    if (char === 'x') return hexEscape(start, 2);
    if (char === 'u') return eat('{') ? braceEscape(start) : hexEscape(start, 4);
    return fail('syntax', start, pos);
  }

  function hexEscape(start: number, length: number): CharSet {
    const digits = chars.slice(pos, pos + length).join('');
    if (digits.length !== length || !HEX.test(digits)) fail('syntax', start, pos);
    pos += length;
    return singleChar(parseInt(digits, 16));
  }

  function braceEscape(start: number): CharSet {
    const digits = readUntil('}');
    const value = HEX.test(digits) ? parseInt(digits, 16) : NaN;
    if (!(value <= 0x10ffff)) fail('syntax', start, pos);
    return singleChar(value);
  }

  const root = disjunction(0);
  if (pos < chars.length) fail('syntax');
  return root;
}

/** The text of a node, to quote in a message. */
export function sourceOf(pattern: string, span: Span): string {
  return Array.from(pattern).slice(span.start, span.end).join('');
}
