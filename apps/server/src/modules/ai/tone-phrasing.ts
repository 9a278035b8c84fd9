import { firstPerson, hasTimeWord, isSetup } from './cta-rewrites';
import { lowerFirst, words } from './text-rewrites';
import type { TextTone } from './text-provider';

// What each tone adds to a text: urgency, reassurance, confidence or fun. Best first.

/** The text split for templating. */
export interface Phrase {
  /** The text without closing punctuation. */
  core: string;
  /** Its closing sentence punctuation ("", ".", "!", "?", "..."). */
  end: string;
}

export type PhraseKind = 'instruction' | 'label' | 'sentence';

const lower = (phrase: Phrase) => lowerFirst(phrase.core);
const timed = (text: string, when: string) => (hasTimeWord(text) ? null : `${text} ${when}`);

const DETERMINERS = new Set('a an all every my our the these this those your'.split(' '));

/**
 * A label as the object of a sentence: "Summer collection" -> "our summer collection". A label
 * in Title Case may be a product name and keeps its capitals.
 */
export function labelObject(core: string): string {
  const list = words(core);
  const first = list[0] ?? '';
  if (DETERMINERS.has(first.toLowerCase())) return lowerFirst(core);
  const titled = list.length > 1 && list.every((word) => !/^\p{Ll}/u.test(word));
  // In a sentence-case label the capital only marks the start of the text.
  const plainStart = !titled && /^\p{Lu}\p{Ll}*$/u.test(first);
  return `our ${plainStart ? first.toLowerCase() + core.slice(first.length) : core}`;
}

type Templates = (phrase: Phrase) => (string | null)[];

/** Instructions ("Start your free trial"); `core` is already the improved form. */
const INSTRUCTION: Record<TextTone, Templates> = {
  professional: ({ core }) => [
    timed(core, 'today'),
    isSetup(core) ? timed(core, 'in minutes') : null,
  ],
  friendly: (phrase) => {
    const mine = firstPerson(phrase.core);
    return [mine, `${phrase.core} — it's easy`, `Yes, ${lowerFirst(mine ?? phrase.core)}`];
  },
  bold: ({ core }) => [timed(core, 'now')],
  playful: (phrase) => [
    `Go on, ${lower(phrase)}`,
    `Ready, set, ${lower(phrase)}`,
    firstPerson(phrase.core),
  ],
  urgent: (phrase) => [
    timed(phrase.core, 'now'),
    `Don't wait — ${lower(phrase)}`,
    timed(phrase.core, "today — don't miss out"),
    `Hurry, ${lower(phrase)}`,
  ],
};

/** Short names and labels ("Summer collection", "Pricing"). */
const LABEL: Record<TextTone, Templates> = {
  professional: ({ core }) => [`Discover ${labelObject(core)}`, `Introducing ${labelObject(core)}`],
  friendly: ({ core }) => [`Say hello to ${labelObject(core)}`, `${core}, just for you`],
  bold: ({ core }) => [`${core}, done right`],
  playful: ({ core }) => [`${core}? Yes, please`, `Meet ${labelObject(core)}`],
  urgent: ({ core }) => [`Don't miss ${labelObject(core)}`, `${core}: don't miss out`],
};

/**
 * Headlines, sentences and paragraphs: no closing line is added ("No compromises.", "We're here
 * to help."): such filler says nothing. The copy patterns (copy-patterns.ts) write them anew.
 */
const SENTENCE: Record<TextTone, Templates> = {
  professional: () => [],
  friendly: () => [],
  bold: () => [],
  playful: () => [],
  urgent: () => [],
};

const BY_KIND: Record<PhraseKind, Record<TextTone, Templates>> = {
  instruction: INSTRUCTION,
  label: LABEL,
  sentence: SENTENCE,
};

export function tonePhrasings(options: {
  kind: PhraseKind;
  tone: TextTone;
  phrase: Phrase;
}): string[] {
  const templates = BY_KIND[options.kind][options.tone];
  return templates(options.phrase).filter((text): text is string => text !== null);
}
