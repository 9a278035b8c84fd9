import { collapse, stripEnd, words } from './text-rewrites';
import { IMPERATIVE_VERBS } from './word-lists';

// Call-to-action knowledge: the verbs buttons start with, the everyday button texts and their
// proven alternatives, and the "Start free trial" -> "Start your free trial" repair.

/** Verbs whose object reads better owned: "Start free trial" -> "Start your free trial". */
const TAKES_POSSESSIVE = new Set(
  (
    'access activate book build buy claim create customise customize download find get grab ' +
    'join launch open order plan redeem request reserve schedule secure start unlock upgrade'
  ).split(' '),
);

/** Things that belong to the business, not the visitor: "Join our newsletter". */
const OURS = new Set(
  (
    'app apps blog catalog catalogue club collection community course courses event events ' +
    'list mailing newsletter newsletters platform podcast program programme shop store team ' +
    'waitlist webinar webinars'
  ).split(' '),
);

/** A first object word that must not get a possessive in front of it. */
const NO_POSSESSIVE = new Set(
  (
    'a about again all an any at away back by each every for from here her his in instantly ' +
    'it its me more my now off on our out over some started that the their them there these ' +
    'this those to today up us what with you your yours'
  ).split(' '),
);

const TIME_WORDS = /\b(now|today|tonight|immediately|instantly|right away|this week)$/iu;

/** Everyday button texts (compared lower-case, without closing punctuation) and alternatives. */
const KNOWN_CTAS = new Map<string, string[]>();
const known = (texts: string[], alternatives: string[]) => {
  for (const text of texts) KNOWN_CTAS.set(text, alternatives);
};
known(
  ['start free trial', 'start a free trial', 'start your free trial', 'free trial'],
  ['Start your free trial today', 'Get started free', 'Try it free', 'Start my free trial'],
);
known(
  ['try it free', 'try for free', 'try it for free', 'try free'],
  ['Start your free trial', 'Get started free', 'Try it free today'],
);
known(['sign up', 'signup', 'register'], ['Create your account', 'Join now', 'Get started']);
known(['get started', 'start'], ['Start now', 'Get started today', "Let's go"]);
known(['learn more'], ['Find out more', 'See how it works', 'Discover more']);
known(['read more'], ['Keep reading', 'Read the full story', 'Continue reading']);
known(['buy now', 'buy'], ['Get yours today', 'Order today', 'Add it to my basket']);
known(['shop now', 'shop'], ['Start shopping', 'Shop the collection', 'Find your favourite']);
known(['contact us', 'contact'], ['Get in touch', "Let's talk", 'Talk to our team']);
known(['subscribe', 'subscribe now'], ['Join the list', 'Get updates', 'Sign me up']);
known(['download', 'download now'], ['Get it now', 'Get your copy', 'Download today']);
known(['add to cart', 'add to basket'], ['Add to bag', 'Buy now', 'Get it now']);
known(
  ['book a demo', 'request a demo', 'get a demo', 'schedule a demo'],
  ['See it in action', 'Schedule your demo', 'Get a live demo'],
);
known(
  ['join our newsletter', 'subscribe to our newsletter', 'get our newsletter'],
  ['Send me the newsletter', 'Get the weekly email', 'Count me in'],
);
known(['submit', 'send'], ['Send it over', 'Continue', 'Count me in']);
known(['continue', 'next'], ['Keep going', 'Next step', 'Continue']);
known(['join now', 'join', 'join us'], ['Join today', 'Become a member', 'Count me in']);
known(['get a quote', 'request a quote'], ['Get your quote', 'See your price', 'Get my quote']);
known(['watch video', 'watch the video', 'watch now'], ['See it in action', 'Press play']);
known(['see pricing', 'view pricing', 'pricing'], ['See plans and pricing', 'Compare plans']);

/** One alternative verb per leading verb, for the same object: "Get 20% off" -> "Claim 20% off". */
const VERB_SWAPS: Partial<Record<string, string[]>> = {
  book: ['Reserve', 'Schedule'],
  buy: ['Order', 'Get'],
  create: ['Build', 'Make'],
  discover: ['Explore', 'See'],
  download: ['Get'],
  explore: ['Discover'],
  find: ['Discover'],
  get: ['Claim', 'Grab'],
  grow: ['Scale', 'Boost'],
  learn: ['Discover', 'Find out'],
  request: ['Get'],
  see: ['Discover'],
  shop: ['Browse', 'Explore'],
  start: ['Begin', 'Launch'],
  watch: ['See'],
};

/** Particles that belong to the verb ("Get started", "Sign up", "Buy now"): no synonym fits. */
const PARTICLES = new Set(
  'started up in out back on off over down now today tonight here'.split(' '),
);

export interface Instruction {
  /** The leading verb, lower-case. */
  verb: string;
  /** The words after it, as written. */
  rest: string;
}

/** The text read as verb + object when it starts with a known imperative verb. */
export function asInstruction(core: string): Instruction | null {
  const [first = '', ...others] = words(core);
  const verb = first.toLowerCase();
  return IMPERATIVE_VERBS.has(verb) ? { verb, rest: others.join(' ') } : null;
}

/** "Start free trial" -> "Start your free trial"; null when it already reads well. */
export function withPossessive(core: string): string | null {
  const instruction = asInstruction(core);
  if (!instruction || !TAKES_POSSESSIVE.has(instruction.verb)) return null;
  const objectWords = words(instruction.rest);
  const first = objectWords[0]?.toLowerCase() ?? '';
  if (!/^\p{L}/u.test(first) || NO_POSSESSIVE.has(first)) return null;
  const owner = objectWords.some((word) => OURS.has(word.toLowerCase())) ? 'our' : 'your';
  const verb = words(core)[0] ?? '';
  return `${verb} ${owner} ${instruction.rest}`;
}

/** "Start your free trial" -> "Start my free trial" (first person converts on many buttons). */
export function firstPerson(cta: string): string | null {
  const changed = cta.replace(/\byour\b/u, 'my').replace(/\bYour\b/u, 'My');
  return changed === cta ? null : changed;
}

/** Instructions that set something up, which can honestly promise speed ("in minutes"). */
const SETUP_VERBS = new Set('activate build create launch open set start'.split(' '));

export function isSetup(core: string): boolean {
  const instruction = asInstruction(core);
  if (!instruction) return false;
  return SETUP_VERBS.has(instruction.verb) || /^get started\b/iu.test(core);
}

export const hasTimeWord = (text: string): boolean => TIME_WORDS.test(stripEnd(text));

/** The stock alternatives for an everyday button text. */
export function knownAlternatives(core: string): string[] {
  const text = collapse(core).toLowerCase();
  // "Get started now" has the alternatives of "Get started".
  return KNOWN_CTAS.get(text) ?? KNOWN_CTAS.get(text.replace(TIME_WORDS, '').trim()) ?? [];
}

/** The same instruction with another leading verb. */
export function verbSwaps(core: string): string[] {
  const instruction = asInstruction(core);
  if (!instruction || instruction.rest === '') return [];
  const particle = words(instruction.rest)[0]?.toLowerCase() ?? '';
  if (PARTICLES.has(particle)) return [];
  return (VERB_SWAPS[instruction.verb] ?? []).map((verb) => `${verb} ${instruction.rest}`);
}
