import { hasChar, WORD_CHARS } from './char-set';
import { parseRegex, type RegexNode } from './regex-parser';

// For tests only (not exported): a backtracking matcher that works like the browsers' engines
// and counts its steps, so a test can show that a pattern safe-regex.ts accepts costs time in
// proportion to the address, without measuring time. It tries one match at the start of the
// input, as `new RegExp(pattern, 'uy')` does; an unanchored search repeats that per position.

export class StepLimitExceeded extends Error {}

type Next = (pos: number) => boolean;

const hasRepeat = (node: RegexNode): boolean =>
  node.type === 'repeat' ||
  (node.type === 'group' && node.alternatives.some((items) => items.some(hasRepeat)));

export function countMatchSteps(
  pattern: string,
  text: string,
  stepLimit: number,
): { matched: boolean; steps: number } {
  const input = Array.from(text, (char) => char.codePointAt(0)!);
  let steps = 0;
  const step = (amount = 1) => {
    steps += amount;
    if (steps > stepLimit) throw new StepLimitExceeded(`more than ${stepLimit} steps`);
  };
  const isWord = (at: number) => at >= 0 && at < input.length && hasChar(WORD_CHARS, input[at]!);

  function sequence(items: readonly RegexNode[], index: number, pos: number, next: Next): boolean {
    const item = items[index];
    if (!item) return next(pos);
    return node(item, pos, (after) => sequence(items, index + 1, after, next));
  }

  function node(item: RegexNode, pos: number, next: Next): boolean {
    step();
    switch (item.type) {
      case 'chars':
        return pos < input.length && hasChar(item.set, input[pos]!) && next(pos + 1);
      case 'assertion':
        return assertion(item.kind, pos) && next(pos);
      case 'group':
        return item.alternatives.some((items) => sequence(items, 0, pos, next));
      case 'repeat':
        if (item.node.type === 'chars') return charRun(item, pos, next);
        return hasRepeat(item.node) ? repeat(item, 0, pos, next) : fixedRun(item, pos, next);
    }
  }

  function assertion(kind: '^' | '$' | 'b' | 'B', pos: number): boolean {
    if (kind === '^') return pos === 0;
    if (kind === '$') return pos === input.length;
    return (isWord(pos - 1) !== isWord(pos)) === (kind === 'b');
  }

  /** A repeated character class, without recursion per character (long runs, deep stacks). */
  function charRun(item: RegexNode & { type: 'repeat' }, pos: number, next: Next): boolean {
    const set = (item.node as RegexNode & { type: 'chars' }).set;
    let run = 0;
    while (run < item.max && pos + run < input.length && hasChar(set, input[pos + run]!)) run += 1;
    step(run);
    if (run < item.min) return false;
    const counts = Array.from({ length: run - item.min + 1 }, (_v, i) => item.min + i);
    for (const count of item.lazy ? counts : counts.reverse()) {
      step();
      if (next(pos + count)) return true;
    }
    return false;
  }

  /**
   * A repeated group with nothing repeated inside, one iteration after another without
   * recursion. Each iteration takes the first option that matches, which is all the engine can
   * do when no two options start alike (safe-regex.ts refuses repeated choices that do).
   */
  function fixedRun(item: RegexNode & { type: 'repeat' }, pos: number, next: Next): boolean {
    const ends = [pos];
    while (ends.length - 1 < item.max) {
      const at = ends[ends.length - 1]!;
      let end = -1;
      node(item.node, at, (after) => ((end = after), true));
      if (end < 0 || (end === at && ends.length - 1 >= item.min)) break;
      ends.push(end);
    }
    if (ends.length - 1 < item.min) return false;
    const tries = ends.slice(item.min);
    for (const end of item.lazy ? tries : tries.reverse()) {
      step();
      if (next(end)) return true;
    }
    return false;
  }

  /** ECMAScript's RepeatMatcher: past the minimum, an iteration that matches nothing fails. */
  function repeat(
    item: RegexNode & { type: 'repeat' },
    count: number,
    pos: number,
    next: Next,
  ): boolean {
    const more = (): boolean =>
      count < item.max &&
      node(item.node, pos, (after): boolean =>
        after === pos && count >= item.min ? false : repeat(item, count + 1, after, next),
      );
    if (count < item.min) return more();
    return item.lazy ? next(pos) || more() : more() || next(pos);
  }

  const matched = node(parseRegex(pattern), 0, () => true);
  return { matched, steps };
}
