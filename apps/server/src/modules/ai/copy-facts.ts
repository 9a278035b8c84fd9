import type { UrlContext } from '@kindling/domain';
import { asInstruction } from './cta-rewrites';
import { collapse, lowerFirst, stripEnd, words } from './text-rewrites';

// What the offline copy patterns write about, read from the text, the editor's instructions and
// the page's saved context. Plain rules over English copy: no model, no invented figures.

/** Words that carry no topic: articles, pronouns, linking words, empty praise. */
const EMPTY_WORDS = new Set(
  (
    'a about all an and any are as at be best better by can do does every for from get great ' +
    'has have here how i in into is it its just more most my new no not now of on one only or ' +
    'our out so than that the their them then there these they this those to today up us was we ' +
    'what when where which who why will with you your yours'
  ).split(' '),
);

/** Words a topic phrase may not end on ("a planner that" -> "a planner"). */
const LINKERS = new Set(
  'a an and as at by for from in into of on or that the to which who with'.split(' '),
);

/** Words a topic phrase may not end on either: how or when, not what ("business faster"). */
const TRAILING = /^(?:faster|better|sooner|easier|more|less|now|today|again|online|\p{L}+ly)$/u;

/** Verbs that ask for the thing to be mentioned: "mention the free trial", "say it's free". */
const MENTION =
  /\b(?:mention|include|highlight|add|emphasi[sz]e|talk about|say|stress|push|promote|use)\s+(?:that\s+)?(?:the\s+|our\s+|a\s+|an\s+)?([^.,;!?\n]{2,40})/iu;

const tidy = (text: string): string =>
  collapse(text.replace(/["“”]/gu, ''))
    .replace(/[\s.,;:!?…]+$/u, '')
    .trim();

export const bareWord = (word: string): string =>
  word.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}%]+$/gu, '');

/** The words of a phrase up to `max`, never ending on a linking word. */
function clip(text: string, max: number): string {
  const all = words(tidy(text));
  const list = all.slice(0, max);
  // Cut short, a phrase loses its end ("managers at small"): keep what comes before its
  // linking word ("managers") instead.
  const linker = list.findLastIndex((word, i) => i > 0 && LINKERS.has(bareWord(word)));
  if (all.length > max && linker > 0) list.length = linker;
  const last = () => bareWord(list[list.length - 1] ?? '');
  while (list.length > 1 && (LINKERS.has(last()) || TRAILING.test(last()))) list.pop();
  return list.join(' ');
}

/** The first clause of a saved fact ("Bookkeeping for freelancers, 30 days free" -> 1st part). */
const firstClause = (text: string): string => tidy(text.split(/[,;:.()\n—–-]\s/u)[0] ?? '');

/** The thing the instructions ask to mention, lower-case where it is an ordinary phrase. */
export function mentionOf(instructions: string | undefined): string | null {
  const found = MENTION.exec(instructions ?? '');
  if (!found?.[1]) return null;
  const phrase = clip(found[1], 5);
  return phrase === '' ? null : lowerFirst(phrase);
}

const FIGURE =
  '\\b\\d[\\d,.]*(?:%|-day|-minute| days?| minutes?| weeks?| months?)' +
  '(?: off| free trial| free| money-back guarantee| trial)?';

/** A figure worth repeating, only when the team wrote one: "30-day", "20% off", "14 days". */
export function figureOf(...texts: (string | null | undefined)[]): string | null {
  for (const text of texts) {
    const found = new RegExp(FIGURE, 'iu').exec(text ?? '');
    if (found) return found[0].trim();
  }
  return null;
}

const SUBJECTS = new Set('i we you they'.split(' '));
/** Verbs after a name: "Kindling helps …" is about Kindling. */
const NAME_VERBS = new Set(
  'brings gets gives helps keeps lets makes runs saves turns works'.split(' '),
);
/** Particles that belong to the verb ("Get started", "Sign up"): no object to talk about. */
const PARTICLES = /^(started|up|in|out|back|on|off|over|down|now|today|more|here)$/u;
const isContent = (word: string) => !EMPTY_WORDS.has(bareWord(word)) && /\p{L}/u.test(word);

/** The first run of meaningful words, up to a linking word, a comma or a verb-like word. */
function leadingRun(list: readonly string[]): string[] {
  const start = list.findIndex(isContent);
  const run: string[] = [];
  for (const word of start < 0 ? [] : list.slice(start)) {
    const bare = bareWord(word);
    const verbLike = run.length > 0 && (/ed$/u.test(bare) || NAME_VERBS.has(bare));
    if (!isContent(word) || LINKERS.has(bare) || verbLike) break;
    run.push(word.replace(/[,;:.!?]+$/u, ''));
    if (/[,;:.!?]$/u.test(word) || run.length === 3) break;
  }
  return run;
}

/**
 * The text's subject in a few words: the object of an instruction ("Start free trial" -> "free
 * trial"), what follows "with" ("… with smart analytics"), the end of a statement made by "we"
 * or "you", else its first run of meaningful words ("The best coffee in town" -> "coffee").
 */
export function topicOf(core: string): string | null {
  const instruction = asInstruction(core);
  if (instruction && PARTICLES.test(bareWord(words(instruction.rest)[0] ?? ''))) return null;
  const source = instruction ? instruction.rest : core;
  const withPart = /\bwith (?:our |your |the |a |an )?(.+)$/iu.exec(source);
  const list = words(withPart?.[1] ?? source);
  let run: string[];
  if (!withPart && !instruction && SUBJECTS.has(bareWord(list[0] ?? ''))) {
    const tail: string[] = [];
    for (const word of [...list].reverse()) {
      if (!isContent(word) || tail.length === 2) break;
      tail.unshift(word.replace(/[,;:.!?]+$/u, ''));
    }
    run = tail;
  } else {
    run = leadingRun(list);
  }
  const phrase = stripEnd(clip(run.join(' '), 4));
  if (!/\p{L}/u.test(phrase)) return null;
  // A capital at the start of the text only starts it, unless a verb follows: "Kindling helps".
  const named = NAME_VERBS.has(bareWord(list[run.length] ?? ''));
  const atStart = phrase.startsWith(list[0] ?? '\u0000');
  return atStart && !named ? phrase.charAt(0).toLowerCase() + phrase.slice(1) : lowerFirst(phrase);
}

/** Who the copy speaks to and what is offered, from the page's saved context. */
export interface PageFacts {
  offer: string | null;
  audience: string | null;
}

/** "Online bookkeeping" -> "online bookkeeping"; "Kindling Pro" keeps its capitals. */
function asPhrase(text: string): string {
  const [first = '', ...others] = words(text);
  const sentenceCased =
    /^\p{Lu}\p{Ll}+$/u.test(first) && others.every((word) => !/^\p{Lu}/u.test(word));
  return sentenceCased ? text.charAt(0).toLowerCase() + text.slice(1) : lowerFirst(text);
}

export function pageFactsOf(context: UrlContext | undefined): PageFacts {
  const offer = context ? clip(firstClause(context.offer), 5) : '';
  const audience = context ? clip(firstClause(context.audience), 4) : '';
  return {
    offer: offer === '' ? null : asPhrase(offer),
    audience: audience === '' ? null : asPhrase(audience),
  };
}

/** Share of a suggestion's words that the original has too (0 = all new, 1 = all reused). */
export function sharedWordShare(suggestion: string, original: string): number {
  const theirs = new Set(words(original).map(bareWord));
  const mine = words(suggestion).map(bareWord).filter(Boolean);
  if (mine.length === 0) return 1;
  return mine.filter((word) => theirs.has(word)).length / mine.length;
}

/** A seed from the text, so the same input always picks the same phrasings. */
export function seedOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16777619);
  return hash >>> 0;
}
