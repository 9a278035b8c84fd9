import { z } from 'zod';
import { isBlankText, trimText } from './text';
import { isValidUrl, MAX_URL_LENGTH, normalizeUrl } from './url';

// The remembered context of a page for AI prompts (spec section 7, url-context/by-url and
// url-context/save): what the page offers, who it is for, the voice it speaks in and words its
// copy must not use. One per page address and team; every text generation for that page is
// told about it.

export const URL_CONTEXT_LIMITS = {
  offer: 500,
  audience: 300,
  voice: 200,
  avoidWords: 20,
  avoidWord: 40,
} as const;

const L = URL_CONTEXT_LIMITS;

export const URL_CONTEXT_MESSAGES = {
  urlRequired: 'Please enter a URL',
  urlInvalid: 'Please check that you have entered a valid URL',
  urlTooLong: `A URL can be at most ${MAX_URL_LENGTH} characters long`,
  offerTooLong: `What the page offers can be at most ${L.offer} characters long`,
  audienceTooLong: `The audience can be at most ${L.audience} characters long`,
  voiceTooLong: `The voice can be at most ${L.voice} characters long`,
  tooManyWords: `List at most ${L.avoidWords} words to avoid`,
  wordTooLong: `Each word to avoid can be at most ${L.avoidWord} characters long`,
} as const;

const M = URL_CONTEXT_MESSAGES;

// The WHATWG URL parser, present in browsers and Node (the domain package has neither's types).
declare const URL: new (url: string) => { hash: string; href: string };

/**
 * The key a page's context is kept under: the page URL rules of spec section 5 (trimmed,
 * https:// added when no http(s) scheme is given), then the parser's canonical form, so the
 * scheme and host match in any letter case and a bare host gains its "/". The fragment never
 * reaches the server, so it is dropped; the query string may choose another page and stays.
 * Null when the address is not a valid page URL.
 */
export function pageUrlKey(input: string): string | null {
  const normalized = normalizeUrl(input);
  if (!isValidUrl(normalized)) return null;
  try {
    const url = new URL(normalized);
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

/** A page address as by-url and save take it; the parsed value is its pageUrlKey. */
export const pageUrlSchema = z
  .string({ error: M.urlRequired })
  .overwrite(trimText)
  .min(1, { error: M.urlRequired, abort: true })
  .max(MAX_URL_LENGTH, { error: M.urlTooLong, abort: true })
  .refine((url) => pageUrlKey(url) !== null, { error: M.urlInvalid, abort: true })
  .transform((url) => pageUrlKey(url) ?? url);

const text = (max: number, message: string) =>
  z.string({ error: message }).overwrite(trimText).max(max, message).default('');

/** Splits "cheap, free\nguaranteed" into words to avoid: trimmed, blanks and repeats dropped. */
export function splitWordList(input: string): string[] {
  return uniqueWords(input.split(/[,;\n]/u));
}

function uniqueWords(words: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of words) {
    const word = trimText(raw);
    const key = word.toLowerCase();
    if (isBlankText(word) || seen.has(key)) continue;
    seen.add(key);
    kept.push(word);
  }
  return kept;
}

export const urlContextSchema = z.object({
  /** What the page sells or offers. */
  offer: text(L.offer, M.offerTooLong),
  /** Who the page is for. */
  audience: text(L.audience, M.audienceTooLong),
  /** How the copy should sound ("plain and warm, no hype"). */
  voice: text(L.voice, M.voiceTooLong),
  /** Words or phrases the copy must not use. */
  avoidWords: z
    .array(z.string({ error: M.wordTooLong }).overwrite(trimText).max(L.avoidWord, M.wordTooLong), {
      error: M.tooManyWords,
    })
    .max(L.avoidWords, M.tooManyWords)
    .default([])
    .transform(uniqueWords),
});

export type UrlContext = z.infer<typeof urlContextSchema>;

export const EMPTY_URL_CONTEXT: UrlContext = { offer: '', audience: '', voice: '', avoidWords: [] };

/** Nothing to tell the AI: saving it forgets the page's context. */
export const isEmptyUrlContext = (context: UrlContext): boolean =>
  context.offer === '' &&
  context.audience === '' &&
  context.voice === '' &&
  context.avoidWords.length === 0;

export const urlContextQuerySchema = z.object({ url: pageUrlSchema });

export const saveUrlContextSchema = z.object({ url: pageUrlSchema, context: urlContextSchema });

/** What by-url and save answer: the page's key and its context (null when none is saved). */
export const urlContextViewSchema = z.object({
  url: z.string(),
  context: z
    .object({
      offer: z.string(),
      audience: z.string(),
      voice: z.string(),
      avoidWords: z.array(z.string()),
    })
    .nullable(),
  /** When it was last saved (ISO time) and by whom; null when there is none. */
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});

export type UrlContextView = z.infer<typeof urlContextViewSchema>;
