import type { UrlContext } from '@kindling/domain';
import { asInstruction } from './cta-rewrites';
import { figureOf, mentionOf, pageFactsOf, seedOf, topicOf } from './copy-facts';
import { upperFirst, words } from './text-rewrites';
import type { PhraseKind } from './tone-phrasing';
import type { TextTone } from './text-provider';

// Offline suggestions written from five copywriting patterns (benefit first, a question, a
// number, urgency, social proof) about the text's topic, the page's saved offer and audience and
// what the instructions ask to mention. The tone orders the patterns and picks the phrasings; a
// seed from the input rotates each pattern's phrasings, so the same input reads the same.
// Figures are repeated, never invented: a number pattern without one counts steps or reasons.

export type CopyPattern = 'benefit' | 'question' | 'number' | 'urgency' | 'proof';

const ORDER: Record<TextTone, CopyPattern[]> = {
  professional: ['benefit', 'proof', 'number', 'question', 'urgency'],
  friendly: ['question', 'benefit', 'proof', 'number', 'urgency'],
  bold: ['benefit', 'number', 'urgency', 'proof', 'question'],
  playful: ['question', 'benefit', 'number', 'proof', 'urgency'],
  urgent: ['urgency', 'number', 'benefit', 'question', 'proof'],
};

/** What a pattern writes about. */
export interface CopyFacts {
  /** What is offered: the page's saved offer, else the text's own topic. */
  topic: string | null;
  audience: string | null;
  /** What the instructions ask to mention ("free trial"). */
  mention: string | null;
  /** A figure the team wrote itself ("30-day", "20% off"). */
  figure: string | null;
}

export function copyFactsOf(options: {
  core: string;
  instructions?: string;
  pageContext?: UrlContext;
}): CopyFacts {
  const page = pageFactsOf(options.pageContext);
  const mention = mentionOf(options.instructions);
  return {
    topic: page.offer ?? topicOf(options.core),
    audience: page.audience,
    mention,
    figure: figureOf(mention, options.instructions, options.pageContext?.offer),
  };
}

/** "free trial" -> "a free trial"; plurals, -ing words and owned phrases stay as they are. */
function withArticle(phrase: string): string {
  if (/^(a|an|the|your|our|my|\d)\b/iu.test(phrase) || /(s|ing)$/iu.test(phrase)) return phrase;
  return `${/^[aeiou]/iu.test(phrase) ? 'an' : 'a'} ${phrase}`;
}

type Lines = (string | false | null)[];

/** Headline patterns; `t` is the topic, `m` the mention with its article. */
function headlineLines(pattern: CopyPattern, tone: TextTone, f: CopyFacts): Lines {
  const t = f.topic;
  const m = f.mention ? withArticle(f.mention) : null;
  const who = f.audience;
  switch (pattern) {
    case 'benefit':
      return [
        !!t && m && `${upperFirst(t)}, with ${m}`,
        !!t && who && `${upperFirst(t)} built for ${who}`,
        !!t && BENEFIT[tone](t),
        !!t && `Get more from ${t}, with less effort`,
      ];
    case 'question':
      return [
        m && `Why not start with ${m}?`,
        !!t && who && `${upperFirst(who)}: ready for ${t} that works?`,
        !!t && (tone === 'playful' ? `Who said ${t} had to be hard?` : `Still looking for ${t}?`),
        !!t && `What would better ${t} do for you?`,
      ];
    case 'number':
      return [
        f.figure && t && `${upperFirst(f.figure)}: ${t}`,
        !!t && `3 reasons to choose ${t}`,
        !!t && `${upperFirst(t)} in 3 simple steps`,
      ];
    case 'urgency':
      return [
        m && `Start ${m} today`,
        !!t && (tone === 'urgent' ? `Don't wait: get ${t} today` : `Get ${t} this week`),
        !!t && `Start with ${t} today`,
      ];
    case 'proof':
      return [
        !!t && who && `See why ${who} choose ${t}`,
        !!t && `See why people switch to ${t}`,
        !!t && who && `Join ${who} who chose ${t}`,
      ];
  }
}

const BENEFIT: Record<TextTone, (topic: string) => string> = {
  professional: (t) => `${upperFirst(t)}, without the guesswork`,
  friendly: (t) => `${upperFirst(t)}, made easy`,
  bold: (t) => `Better ${t}. Less effort.`,
  playful: (t) => `${upperFirst(t)} you'll actually enjoy`,
  urgent: (t) => `${upperFirst(t)}, ready when you are`,
};

/** Buttons whose object reads as a thing to get ("Book a demo" -> "Get your demo"). */
const GETTABLE = /^(book|buy|claim|download|get|grab|order|request|reserve|start|try)$/u;

/**
 * Button patterns: only lines with something to say (the mention, the team's figure, the page's
 * audience, the thing the button gets); everyday buttons have their stock alternatives.
 */
function buttonLines(pattern: CopyPattern, tone: TextTone, f: CopyFacts, core: string): Lines {
  const verb = asInstruction(core)?.verb ?? '';
  const t = f.topic && GETTABLE.test(verb) ? f.topic.replace(/^(a|an|the|your|our) /u, '') : null;
  switch (pattern) {
    case 'benefit':
      return [f.mention && `Start my ${f.mention}`, t && `Get your ${t}`];
    case 'question':
      return [f.mention && `Yes, I want ${withArticle(f.mention)}`];
    case 'number':
      return [f.figure && figureButton(f.figure)];
    case 'urgency':
      return [
        f.mention && `Claim ${withArticle(f.mention)} today`,
        t && (tone === 'urgent' ? `Claim your ${t} now` : `Claim your ${t} today`),
      ];
    case 'proof':
      return [f.audience && `Join ${f.audience}`];
  }
}

/** "14-day free trial" -> "Try it free for 14 days"; "20% off" -> "Get 20% off". */
function figureButton(figure: string): string {
  const days = /^(\d+)[- ]days?\b/iu.exec(figure);
  return days ? `Try it free for ${days[1] ?? ''} days` : `Get ${figure}`;
}

/** A button: an instruction of a few words, or a one-word label ("Pricing"). */
const isButton = (kind: PhraseKind, core: string) =>
  (kind === 'instruction' && words(core).length <= 4) ||
  (kind === 'label' && words(core).length === 1);

/** Patterns suit headlines and buttons; a paragraph is rewritten by the other rules only. */
const MAX_WORDS = 20;

/** Every pattern line for the text, the tone's favourite pattern first, rotated by the seed. */
export function patternSuggestions(options: {
  kind: PhraseKind;
  core: string;
  tone: TextTone;
  facts: CopyFacts;
}): string[] {
  const { kind, core, tone, facts } = options;
  // A heading that asks ("What people are saying", "How it works") leads into what follows.
  if (words(core).length > MAX_WORDS || /^(what|how|why|who|when|where)\b/iu.test(core)) return [];
  const button = isButton(kind, core);
  const seed = seedOf(core.toLowerCase());
  const rounds = ORDER[tone].map((pattern) => {
    const lines = (
      button ? buttonLines(pattern, tone, facts, core) : headlineLines(pattern, tone, facts)
    ).filter((line): line is string => typeof line === 'string' && line !== '');
    // The first line is the most specific (it uses the page's facts); others rotate.
    const [first, ...others] = lines;
    const turn = others.length === 0 ? 0 : seed % others.length;
    const rotated = [...others.slice(turn), ...others.slice(0, turn)];
    return first === undefined ? [] : [first, ...rotated];
  });
  // One line of each pattern first, then the second lines, and so on.
  const out: string[] = [];
  for (let depth = 0; rounds.some((lines) => depth < lines.length); depth += 1) {
    for (const lines of rounds) if (lines[depth] !== undefined) out.push(lines[depth] ?? '');
  }
  return out;
}
