import { overlaps, union, EMPTY_SET, type CharSet } from './char-set';
import { PAGE_RULE_REGEX_FLAGS } from './page-rules';
import {
  parseRegex,
  RegexRefusal,
  sourceOf,
  type RegexGroup,
  type RegexNode,
} from './regex-parser';

// Regular expressions a team may use in a page rule. The tracker tests them against the address
// of every page a customer's visitor opens, with the browser's backtracking engine, so a pattern
// that backtracks exponentially (or polynomially, on a long address) would freeze their page.
// The subset is checked once, on save, by the rules below; the tracker trusts the stored pattern.
//
// Why not a package: safe-regex2 (already in node_modules through Fastify) only measures "star
// height" and misses `(a|aa)+` and the polynomial `.*/p/.*$`; recheck and regexp-tree are exact
// or close but far too big for the editor bundle. A short parser of our own (regex-parser.ts)
// reads exactly the syntax `new RegExp(pattern, 'u')` accepts, which is the only one we compile.

export const SAFE_REGEX_MAX_LENGTH = 300;
/** The largest count in `{n}`, `{n,}` or `{n,m}`. */
export const SAFE_REGEX_MAX_COUNT = 100;
/**
 * Optional parts (`x?`) and choices whose options start alike each double the ways a match can
 * be tried; past this many doublings (4,096 ways) a pattern is refused.
 */
export const SAFE_REGEX_MAX_CHOICES = 12;

const TOO_SLOW = 'This pattern could take too long on some addresses:';
const SIMPLER = 'Use a simpler pattern.';

export const SAFE_REGEX_MESSAGES = {
  tooLong: `This pattern is longer than ${SAFE_REGEX_MAX_LENGTH} characters. Use a shorter pattern.`,
  invalid: (part: string) =>
    part === ''
      ? 'This is not a valid regular expression. Check its brackets, parentheses and backslashes.'
      : `This is not a valid regular expression near "${part}". Check its brackets, parentheses and backslashes.`,
  backreference: (part: string) =>
    `This pattern refers back to an earlier group ("${part}"), which is not supported. Write the text out again instead.`,
  lookaround: (part: string) =>
    `This pattern looks ahead or behind ("${part}"), which is not supported. Use a pattern without "(?=", "(?!", "(?<=" or "(?<!".`,
  largeCount: (part: string) =>
    `This pattern repeats a part more than ${SAFE_REGEX_MAX_COUNT} times ("${part}"). Use a count of ${SAFE_REGEX_MAX_COUNT} or less.`,
  nestedRepeat: (part: string) => `${TOO_SLOW} "${part}" repeats a repeated part. ${SIMPLER}`,
  ambiguousChoice: (part: string) =>
    `${TOO_SLOW} "${part}" repeats a choice whose options can match the same text. ${SIMPLER}`,
  overlappingRepeats: (part: string) =>
    `${TOO_SLOW} "${part}" has two repeated parts that can match the same characters. ${SIMPLER}`,
  tooManyChoices: `${TOO_SLOW} it has more than ${SAFE_REGEX_MAX_CHOICES} optional parts and choices. ${SIMPLER}`,
} as const;

type Span = { start: number; end: number };
/** A refusal found by the checks, carrying the message to show. */
class Unsafe extends Error {}

/** Undefined when `pattern` is in the safe subset, else the message to show. */
export function validateSafeRegex(pattern: string): string | undefined {
  if (Array.from(pattern).length > SAFE_REGEX_MAX_LENGTH) return SAFE_REGEX_MESSAGES.tooLong;
  let root: RegexGroup;
  try {
    root = parseRegex(pattern);
    // The parser keeps to the grammar; the engine also knows the semantic rules (a group name
    // used twice, an unknown Unicode property), so it has the last word on validity.
    new RegExp(pattern, PAGE_RULE_REGEX_FLAGS);
  } catch (error) {
    if (!(error instanceof RegexRefusal)) return SAFE_REGEX_MESSAGES.invalid('');
    const part = sourceOf(pattern, error.span);
    if (error.problem === 'backreference') return SAFE_REGEX_MESSAGES.backreference(part);
    if (error.problem === 'lookaround') return SAFE_REGEX_MESSAGES.lookaround(part);
    return SAFE_REGEX_MESSAGES.invalid(part);
  }
  const quote = (span: Span) => sourceOf(pattern, span);
  try {
    checkCounts(root, quote);
    checkRepeatedParts(root, quote);
    walkSequence(root.alternatives[0] ?? [], [], true, quote);
    for (const alternative of root.alternatives.slice(1))
      walkSequence(alternative, [], true, quote);
    if (choicesIn(root) > SAFE_REGEX_MAX_CHOICES) return SAFE_REGEX_MESSAGES.tooManyChoices;
  } catch (error) {
    if (error instanceof Unsafe) return error.message;
    throw error;
  }
  return undefined;
}

export const isSafeRegex = (pattern: string): boolean => validateSafeRegex(pattern) === undefined;

type Quote = (span: Span) => string;

function children(node: RegexNode): RegexNode[] {
  if (node.type === 'group') return node.alternatives.flat();
  if (node.type === 'repeat') return [node.node];
  return [];
}

function some(node: RegexNode, test: (node: RegexNode) => boolean): boolean {
  return test(node) || children(node).some((child) => some(child, test));
}

const isRepeat = (node: RegexNode) => node.type === 'repeat' && node.max > 1;
const varies = (node: RegexNode) => node.type === 'repeat' && node.min !== node.max;

function checkCounts(node: RegexNode, quote: Quote): void {
  if (node.type === 'repeat') {
    const largest = node.max === Infinity ? node.min : node.max;
    if (largest > SAFE_REGEX_MAX_COUNT) {
      throw new Unsafe(SAFE_REGEX_MESSAGES.largeCount(quote(node)));
    }
  }
  for (const child of children(node)) checkCounts(child, quote);
}

/** Star height one: inside a repeated part, nothing varies and no two options start alike. */
function checkRepeatedParts(node: RegexNode, quote: Quote): void {
  if (node.type === 'repeat' && isRepeat(node)) {
    if (some(node.node, (inner) => varies(inner) || isRepeat(inner)))
      throw new Unsafe(SAFE_REGEX_MESSAGES.nestedRepeat(quote(node)));
    if (some(node.node, hasAlikeOptions)) {
      throw new Unsafe(SAFE_REGEX_MESSAGES.ambiguousChoice(quote(node)));
    }
  }
  for (const child of children(node)) checkRepeatedParts(child, quote);
}

function charsOf(node: RegexNode): CharSet {
  if (node.type === 'chars') return node.set;
  return union(EMPTY_SET, ...children(node).map(charsOf));
}

function nullable(node: RegexNode): boolean {
  if (node.type === 'assertion') return true;
  if (node.type === 'chars') return false;
  if (node.type === 'repeat') return node.min === 0 || nullable(node.node);
  return node.alternatives.some((items) => items.every(nullable));
}

/** The characters a sequence can start with. */
function firstChars(items: readonly RegexNode[]): CharSet {
  const sets: CharSet[] = [];
  for (const item of items) {
    sets.push(
      item.type === 'chars' ? item.set : item.type === 'assertion' ? EMPTY_SET : firstOf(item),
    );
    if (!nullable(item)) break;
  }
  return union(EMPTY_SET, ...sets);
}

function firstOf(node: RegexNode): CharSet {
  if (node.type === 'repeat') return firstOf(node.node);
  if (node.type === 'group') return union(EMPTY_SET, ...node.alternatives.map(firstChars));
  return node.type === 'chars' ? node.set : EMPTY_SET;
}

/** A choice where two options can start with the same character: `(a|ab)`, `(\w|\d)`. */
function hasAlikeOptions(node: RegexNode): boolean {
  if (node.type !== 'group') return false;
  const firsts = node.alternatives.map(firstChars);
  return firsts.some((set, i) => firsts.slice(i + 1).some((other) => overlaps(set, other)));
}

function alikeOptionCount(node: RegexNode): number {
  return hasAlikeOptions(node) && node.type === 'group' ? node.alternatives.length - 1 : 0;
}

function choicesIn(node: RegexNode): number {
  const own =
    node.type === 'repeat' && node.min === 0 && node.max === 1 ? 1 : alikeOptionCount(node);
  return own + children(node).reduce((sum, child) => sum + choicesIn(child), 0);
}

/** Whether `node` can match some text made only of characters in `set` (or nothing at all). */
function fits(node: RegexNode, set: CharSet): boolean {
  if (node.type === 'assertion') return true;
  if (node.type === 'chars') return overlaps(node.set, set);
  if (node.type === 'repeat') return node.min === 0 || fits(node.node, set);
  return node.alternatives.some((items) => items.every((item) => fits(item, set)));
}

interface Open {
  node: RegexNode;
  set: CharSet;
}

/**
 * Two repeated parts in a row (`\d+\d+`, or `.*` then `/p/` then `.*$`) that can match the same characters, with
 * only text between them that the first could also have matched, make the engine try every way
 * of sharing a run of those characters between them: quadratic work per starting position, and
 * cubic over the address. `open` holds the earlier repeated parts such a run can still reach.
 * The last part of the whole pattern is exempt: once it is reached the match succeeds.
 */
function walkSequence(
  items: readonly RegexNode[],
  open: Open[],
  atEnd: boolean,
  quote: Quote,
): Open[] {
  let reach = open;
  items.forEach((item, index) => {
    const last = atEnd && index === items.length - 1;
    if (item.type === 'repeat' && isRepeat(item) && varies(item)) {
      const set = charsOf(item);
      const earlier = last ? undefined : reach.find((entry) => overlaps(entry.set, set));
      if (earlier) {
        const span = { start: earlier.node.start, end: item.end };
        throw new Unsafe(SAFE_REGEX_MESSAGES.overlappingRepeats(quote(span)));
      }
      reach = [...reach.filter((entry) => fits(item, entry.set)), { node: item, set }];
    } else if (
      item.type === 'group' ||
      (item.type === 'repeat' && item.node.type === 'group' && item.max === 1)
    ) {
      const group = item.type === 'group' ? item : (item.node as RegexGroup);
      const after = group.alternatives.flatMap((alternative) =>
        walkSequence(alternative, reach, last, quote),
      );
      reach = [...new Set(item.type === 'repeat' && item.min === 0 ? [...reach, ...after] : after)];
    } else {
      reach = reach.filter((entry) => fits(item, entry.set));
    }
  });
  return reach;
}
