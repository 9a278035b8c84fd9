// The text half of the AI provider interface (ARCHITECTURE.md, "AI"). Providers turn one text
// into suggested rewrites; the use-case, not the provider, guarantees what leaves the server.

import {
  DEFAULT_TEXT_TONE,
  suggestionKey,
  TEXT_TONES,
  type TextTone,
  type UrlContext,
} from '@kindling/domain';

export { DEFAULT_TEXT_TONE, suggestionKey, TEXT_TONES, type TextTone };

export interface TextGenerationRequest {
  /** The text to rewrite. */
  value: string;
  /** How many suggestions are wanted; a provider may return fewer, never more is used. */
  count: number;
  tone?: string;
  /** The element's objective (spec: "additional"). */
  additional?: string;
  /** Texts the element already has; suggestions must differ from each of them. */
  currentVariants: string[];
  /** The element's AI context description. */
  meta?: string;
  /** `advanced` texts are HTML. */
  textType?: 'normal' | 'advanced';
  /** Free-text wishes from the element editor ("mention the free trial"). */
  instructions?: string;
  /** The page's remembered context (url-context), when the team saved one for the page. */
  pageContext?: UrlContext;
}

export interface TextProvider {
  /** Rule-based, no model: the editor says "offline suggestions". */
  readonly offline: boolean;
  generateText(request: TextGenerationRequest): Promise<string[]>;
}

/** Case-insensitive; unknown or missing tones fall back to the default. */
export function resolveTone(tone: string | undefined): TextTone {
  const wanted = tone?.trim().toLowerCase();
  return TEXT_TONES.find((known) => known === wanted) ?? DEFAULT_TEXT_TONE;
}

/**
 * A rewrite must fit where the original sits: a short text (a button, a heading) may double or
 * grow by 20 characters, whichever is more; a longer one may grow by half, at most 80.
 */
export function maxSuggestionLength(value: string): number {
  const length = value.trim().length;
  if (length <= 60) return Math.max(length * 2, length + 20);
  return length + Math.min(80, Math.ceil(length / 2));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a text uses one of the page's words to avoid: as a whole word or phrase, in any
 * letter case ("free" is found in "Free trial" but not in "freedom").
 */
export function avoidedWordsMatcher(words: readonly string[]): (text: string) => boolean {
  const wanted = words.map((word) => word.trim()).filter((word) => word !== '');
  if (wanted.length === 0) return () => false;
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${wanted.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`,
    'iu',
  );
  return (text) => pattern.test(text);
}

/**
 * Accepts a candidate (returned trimmed) when it is non-blank, within the length limit, uses
 * none of the `avoid` words, and is distinct from `value`, from every entry of `exclude` and
 * from everything accepted before (see suggestionKey); answers null otherwise.
 */
export function suggestionFilter(options: {
  value: string;
  exclude: readonly string[];
  avoid?: readonly string[];
}): (candidate: string) => string | null {
  const seen = new Set([options.value, ...options.exclude].map(suggestionKey));
  const limit = maxSuggestionLength(options.value);
  const avoided = avoidedWordsMatcher(options.avoid ?? []);
  return (raw) => {
    const candidate = raw.trim();
    const key = suggestionKey(candidate);
    if (key === '' || candidate.length > limit || seen.has(key) || avoided(candidate)) return null;
    seen.add(key);
    return candidate;
  };
}

/** The first `count` candidates that suggestionFilter accepts, in order. */
export function pickSuggestions(options: {
  candidates: Iterable<string>;
  value: string;
  exclude: readonly string[];
  count: number;
  avoid?: readonly string[];
}): string[] {
  const accept = suggestionFilter(options);
  const picked: string[] = [];
  for (const raw of options.candidates) {
    if (picked.length >= options.count) break;
    const candidate = accept(raw);
    if (candidate !== null) picked.push(candidate);
  }
  return picked;
}
