import { COMMON_STARTERS, IMPERATIVE_VERBS } from './word-lists';

// Small, pure text transformations the local provider builds its rewrites from. English only:
// the rules know a few hundred words of marketing copy, not grammar.

/** Collapses whitespace runs (newlines included) to one space and trims. */
export const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

const TERMINAL = /[\s.!?…:;,]+$/u;

/** The text without its closing punctuation ("Buy now!!" -> "Buy now"). */
export const stripEnd = (text: string): string => text.replace(TERMINAL, '');

/** The closing punctuation as written, trimmed ("Buy now!!" -> "!!"). */
export const endOf = (text: string): string => (TERMINAL.exec(text)?.[0] ?? '').trim();

/** A word written with a capital and lower case after it ("Start", not "AI", "iPhone", "I"). */
const isCapitalisedWord = (word: string): boolean =>
  /^\p{Lu}\p{Ll}[\p{Ll}'’-]*[,;:.!?]*$/u.test(word);

/**
 * Lower-cases the first letter so the text can follow other words ("Good news: we help…"), but
 * only for ordinary words: names, acronyms and "I" keep their capital.
 */
export function lowerFirst(text: string): string {
  const first = text.split(' ', 1)[0] ?? '';
  const plain = first.toLowerCase().replace(/[,;:.!?]+$/u, '');
  const ordinary = COMMON_STARTERS.has(plain) || IMPERATIVE_VERBS.has(plain);
  return ordinary && isCapitalisedWord(first) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

export const upperFirst = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

export const words = (text: string): string[] => collapse(text).split(' ').filter(Boolean);

const hasLetters = (text: string): boolean => /\p{L}/u.test(text);
const isAllCaps = (text: string): boolean => /\p{Lu}/u.test(text) && !/\p{Ll}/u.test(text);

const SMALL_WORDS = new Set(
  'a an and as at but by for from in into nor of on or per the to via vs with'.split(' '),
);

/** Headline style: every word capitalised except short connecting words inside the text. */
export function titleCase(text: string): string {
  const list = words(isAllCaps(text) ? text.toLowerCase() : text);
  return list
    .map((word, i) => {
      const inside = i > 0 && i < list.length - 1;
      return inside && SMALL_WORDS.has(word.toLowerCase()) ? word.toLowerCase() : upperFirst(word);
    })
    .join(' ');
}

/**
 * Only the first word (and words after a full stop) capitalised. Words in the middle that look
 * like acronyms or brand spellings ("AI", "iPhone") are kept as they are.
 */
export function sentenceCase(text: string): string {
  const list = words(isAllCaps(text) ? text.toLowerCase() : text);
  return list
    .map((word, i) => {
      const startsSentence = i === 0 || /[.!?]$/.test(list[i - 1] ?? '');
      if (startsSentence) return upperFirst(word);
      return isCapitalisedWord(word) ? word.toLowerCase() : word;
    })
    .join(' ');
}

/** How a text is capitalised, so suggestions can be written the same way. */
export type CaseStyle = 'upper' | 'title' | 'as-written';

export function caseStyleOf(text: string): CaseStyle {
  if (isAllCaps(text) && (text.match(/\p{L}/gu) ?? []).length >= 2) return 'upper';
  const lettered = words(text).filter(hasLetters);
  const significant = lettered.filter((word) => !SMALL_WORDS.has(word.toLowerCase()));
  const capitalised = (word: string) => /^[^\p{L}]*\p{Lu}/u.test(word);
  if (lettered.length >= 2 && significant.length >= 2 && significant.every(capitalised)) {
    return 'title';
  }
  return 'as-written';
}

export function applyCaseStyle(style: CaseStyle, text: string): string {
  switch (style) {
    case 'upper':
      return text.toUpperCase();
    case 'title':
      return titleCase(text);
    case 'as-written':
      return text;
  }
}

/** Wordy phrases and their plain replacements; filler words are simply dropped. */
const WORDY: [RegExp, string][] = [
  [/\bin order to\b/giu, 'to'],
  [/\bdue to the fact that\b/giu, 'because'],
  [/\bat this point in time\b/giu, 'now'],
  [/\bin the event that\b/giu, 'if'],
  [/\bfor the purpose of\b/giu, 'for'],
  [/\beach and every\b/giu, 'every'],
  [/\b(is|are) able to\b/giu, 'can'],
  [/\bhas the ability to\b/giu, 'can'],
];
const FILLER =
  /\b(very|really|just|actually|basically|simply|truly|quite|totally|literally|extremely|incredibly|definitely|absolutely)\b\s*/giu;

/** The text without filler words and wordy phrases, or the text itself when it has none. */
export function trimFiller(text: string): string {
  let result = text;
  for (const [pattern, replacement] of WORDY) result = result.replace(pattern, replacement);
  result = collapse(result.replace(FILLER, ''))
    .replace(/\s+([,.!?;:])/g, '$1')
    // "Basically, we grow, really." leaves stray commas behind.
    .replace(/([,;:])+(?=[,.!?;:])/g, '')
    .replace(/^[,;:]\s*/, '');
  if (!hasLetters(result)) return text;
  // "Just start now" loses its first word; the new first word takes over the capital.
  return /^\p{Lu}/u.test(text) ? upperFirst(result) : result;
}

/** "Wow!!!" -> "Wow!", "Really?!?" -> "Really?" */
export const calmPunctuation = (text: string): string =>
  text.replace(/([!?])[!?]+/g, '$1').replace(/\.{4,}/g, '...');
