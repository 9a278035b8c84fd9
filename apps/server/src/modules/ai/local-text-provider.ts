import { sharedWordShare } from './copy-facts';
import { copyFactsOf, patternSuggestions } from './copy-patterns';
import { asInstruction, knownAlternatives, verbSwaps, withPossessive } from './cta-rewrites';
import {
  DEFAULT_TEXT_TONE,
  resolveTone,
  suggestionFilter,
  type TextGenerationRequest,
  type TextProvider,
  type TextTone,
} from './text-provider';
import type { UrlContext } from '@kindling/domain';
import {
  applyCaseStyle,
  calmPunctuation,
  caseStyleOf,
  collapse,
  endOf,
  lowerFirst,
  sentenceCase,
  stripEnd,
  trimFiller,
  words,
} from './text-rewrites';
import { labelObject, tonePhrasings, type Phrase, type PhraseKind } from './tone-phrasing';

// The built-in `local` provider: offline, deterministic, rule-based rewrites of marketing copy.
// The same request always gets the same suggestions, best first; asking again with the earlier
// ones in `currentVariants` yields the next ones, until the rules run out.

/** Up to this size a text reads as a button or a label rather than a sentence. */
const SHORT = { words: 5, chars: 40 } as const;
/** A suggestion sharing less than this share of its words with the original says it anew. */
const FRESH_SHARE = 0.5;
/** A longer instruction ("Grow your business with …") is still rewritten as one. */
const MAX_INSTRUCTION_WORDS = 12;
const SENTENCE_BREAK = /(?<=[.!?…])\s+(?=[\p{Lu}\p{N}"“'‘])/u;
/** Subjects after which "Here's how …" reads naturally. */
const CLAUSE_SUBJECTS = new Set(['we', "we're", "we'll", 'you', "you'll", 'our', 'your', 'they']);
const MEANINGFUL = /[\p{L}\p{N}]/u;
/** Words that make a short text a statement ("We help teams grow") rather than a label. */
const STATEMENT_WORDS = new Set(
  (
    "am are brings can do does gets gives has have helps i is it it’s it's keeps lets makes " +
    'they turns was we were will works you'
  ).split(' '),
);

function toPhrase(text: string): Phrase {
  const end = endOf(text);
  return { core: stripEnd(text), end: /^[.!?…]+$/u.test(end) ? end : '' };
}

const isShort = (core: string): boolean =>
  words(core).length <= SHORT.words && core.length <= SHORT.chars;

/** A text that says something, as opposed to naming something ("The best coffee in town"). */
const isStatement = ({ core, end }: Phrase): boolean =>
  /^[.?…]/u.test(end) || words(core).some((word) => STATEMENT_WORDS.has(word.toLowerCase()));

function kindOf({ core, end }: Phrase): PhraseKind {
  const single = `${core}${end}`.split(SENTENCE_BREAK).length === 1 && !/[.!?]\s/u.test(core);
  if (single && words(core).length <= MAX_INSTRUCTION_WORDS && asInstruction(core)) {
    return 'instruction';
  }
  return single && isShort(core) && !isStatement({ core, end }) ? 'label' : 'sentence';
}

/** Headline forms of a longer instruction: "Want to grow your business faster?" */
function instructionQuestions({ core, end }: Phrase): string[] {
  if (isShort(core) || end === '?') return [];
  const lower = lowerFirst(core);
  return [`Want to ${lower}?`, `Ready to ${lower}?`, `Here's how to ${lower}${end}`];
}

/** Headline forms of sentences: questions, "Here's how", the lead sentence, sentences swapped. */
function sentenceForms({ core, end }: Phrase): string[] {
  const forms: string[] = [];
  const sentences = `${core}${end}`.split(SENTENCE_BREAK);
  if (sentences.length === 1 && end !== '?') {
    const lower = lowerFirst(core);
    const youCan = /^you can (.+)$/iu.exec(core);
    if (youCan) forms.push(`What if you could ${youCan[1]}?`);
    // "What people are saying" -> "Here's what people are saying".
    if (/^(what|how|why) \S/iu.test(core) && end !== '?') {
      forms.push(`Here's ${lower}`, `See ${lower}`, `Find out ${lower}`);
    }
    if (CLAUSE_SUBJECTS.has(words(core)[0]?.toLowerCase() ?? '')) {
      forms.push(`Here's how ${lower}${end}`);
    } else if (words(core).length <= 10 && !isStatement({ core, end })) {
      forms.push(`Looking for ${lower}?`);
    }
  }
  const [lead, second, ...others] = sentences;
  if (lead !== undefined && second !== undefined) {
    if (words(lead).length >= 3) forms.push(lead);
    forms.push([second, lead, ...others].join(' '));
  }
  return forms;
}

function structuralForms(kind: PhraseKind, phrase: Phrase, owned: string | null): string[] {
  switch (kind) {
    case 'instruction':
      return [
        ...knownAlternatives(phrase.core),
        ...instructionQuestions(phrase),
        ...(owned ? [owned] : []),
        ...verbSwaps(owned ?? phrase.core),
      ];
    case 'label':
      return [
        ...knownAlternatives(phrase.core),
        `Looking for ${labelObject(phrase.core)}?`,
        `Explore ${labelObject(phrase.core)}`,
      ];
    case 'sentence':
      return sentenceForms(phrase);
  }
}

/** Candidates in two tiers: the `mixed` groups take turns, so the first few suggestions differ
 * in kind; `rest` follows in order once the groups run dry. */
export interface Candidates {
  mixed: string[][];
  rest: string[];
}

/**
 * Every rewrite the rules know for the text, best first, written in the text's own case style
 * (an all-capitals button stays in capitals, a Title Case headline in Title Case).
 */
export function rewriteCandidates(options: {
  value: string;
  tone: TextTone;
  instructions?: string;
  pageContext?: UrlContext;
}): Candidates {
  const original = collapse(options.value);
  if (!MEANINGFUL.test(stripEnd(original))) return { mixed: [], rest: [] };
  const style = caseStyleOf(original);
  const readable = style === 'upper' ? sentenceCase(original) : original;
  const cleaned = calmPunctuation(trimFiller(readable));
  const phrase = toPhrase(cleaned);
  const kind = kindOf(phrase);
  const owned = kind === 'instruction' ? withPossessive(phrase.core) : null;
  const toned: Phrase = owned ? { ...phrase, core: owned } : phrase;
  const spare: TextTone = options.tone === DEFAULT_TEXT_TONE ? 'friendly' : DEFAULT_TEXT_TONE;
  // Shouting paragraphs make poor copy; only short texts keep their capitals.
  const styled = (texts: string[]) =>
    texts.map((text) =>
      applyCaseStyle(style === 'upper' && kind === 'sentence' ? 'as-written' : style, text),
    );
  const facts = copyFactsOf({ core: phrase.core, ...options });
  const teaser = /^(…|\.\.\.)$/u.test(phrase.end);
  const ordered = takeTurns(
    [
      styled(
        teaser ? [] : patternSuggestions({ kind, core: phrase.core, tone: options.tone, facts }),
      ),
      styled(tonePhrasings({ kind, tone: options.tone, phrase: toned })),
      styled([cleaned, ...structuralForms(kind, phrase, owned)]),
    ],
    (candidate) => candidate,
    Number.POSITIVE_INFINITY,
  );
  // New wording and close rewrites take turns, so most of the first suggestions say it anew.
  const fresh = (text: string) => sharedWordShare(text, original) < FRESH_SHARE;
  return {
    mixed: [ordered.filter(fresh), ordered.filter((text) => !fresh(text))],
    rest: styled(tonePhrasings({ kind, tone: spare, phrase: toned })),
  };
}

/** Up to `count` candidates, the groups taking turns; each turn takes the group's next fresh one. */
function takeTurns(
  groups: readonly (readonly string[])[],
  accept: (candidate: string) => string | null,
  count: number,
): string[] {
  const cursors = groups.map(() => 0);
  const picked: string[] = [];
  let progressed = true;
  while (progressed && picked.length < count) {
    progressed = false;
    for (const [g, group] of groups.entries()) {
      let cursor = cursors[g] ?? 0;
      while (picked.length < count && cursor < group.length) {
        const candidate = accept(group[cursor] ?? '');
        cursor += 1;
        if (candidate !== null) {
          picked.push(candidate);
          progressed = true;
          break;
        }
      }
      cursors[g] = cursor;
    }
  }
  return picked;
}

/**
 * Up to `count` distinct suggestions, none equal to the value or to a current variant. The
 * page's offer and audience and the instructions' "mention …" feed the copy patterns; candidates
 * using one of the page's words to avoid are passed over (the voice needs a model).
 */
export function localSuggestions(request: TextGenerationRequest): string[] {
  const accept = suggestionFilter({
    value: request.value,
    exclude: request.currentVariants,
    avoid: request.pageContext?.avoidWords ?? [],
  });
  const { mixed, rest } = rewriteCandidates({
    value: request.value,
    tone: resolveTone(request.tone),
    ...(request.instructions === undefined ? {} : { instructions: request.instructions }),
    ...(request.pageContext === undefined ? {} : { pageContext: request.pageContext }),
  });
  const picked = takeTurns(mixed, accept, request.count);
  for (const candidate of rest) {
    if (picked.length >= request.count) break;
    const accepted = accept(candidate);
    if (accepted !== null) picked.push(accepted);
  }
  return picked;
}

export function createLocalTextProvider(): TextProvider {
  return { offline: true, generateText: (request) => Promise.resolve(localSuggestions(request)) };
}
