// What the editor remembers of a picked element besides its selector, so the element can be
// found again after the site changed (self-healing, issue 11). No zod here: the tracker bundle
// imports the scoring (the schema is fingerprint-schema.ts).

export const LANDMARKS = ['nav', 'header', 'footer', 'main', 'aside', 'form'] as const;
export type Landmark = (typeof LANDMARKS)[number];

/** Kept small: it ships in the tracker config with every element. */
export const FINGERPRINT_LIMITS = { text: 40, attrs: 6, attrValue: 80, classes: 3, path: 3 };

export interface ElementFingerprint {
  /** Tag name, lower case. */
  tag: string;
  /** Start of the element's text, white space collapsed (FINGERPRINT_LIMITS.text). */
  text?: string;
  /** Authored attributes (id, data-*, name, aria-label, alt, href, role, src file ...). */
  attrs?: Record<string, string>;
  /** Authored class names (generated ones are left out). */
  classes?: string[];
  /** Nearest enclosing landmark. */
  landmark?: Landmark;
  /** Tags of the nearest ancestors, parent first. */
  path?: string[];
  /** Position among the document's elements of the same tag. */
  index?: number;
}

/** A candidate scoring at least this is the same element (healing applies the variant there). */
export const FINGERPRINT_THRESHOLD = 0.6;

const words = (text: string) => new Set(text.toLowerCase().split(/\W+/).filter(Boolean));

/** 1 for the same text (one may be a cut prefix of the other), else the share of words met. */
function textSimilarity(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x === y) return 1;
  if (x && y && (x.startsWith(y) || y.startsWith(x))) return 0.9;
  const left = words(x);
  const right = words(y);
  let shared = 0;
  for (const word of left) if (right.has(word)) shared++;
  return left.size + right.size ? (2 * shared) / (left.size + right.size) : 0;
}

/**
 * How much `candidate` looks like the `stored` element, from 0 to 1: 0 for another tag, else a
 * weighted share of what the stored fingerprint holds (text and authored attributes weigh most,
 * class names, landmark, ancestors and position least, since they change most).
 */
export function scoreFingerprint(
  stored: ElementFingerprint,
  candidate: ElementFingerprint,
): number {
  if (stored.tag !== candidate.tag) return 0;
  let total = 0;
  let weight = 0;
  const add = (w: number, score: number) => {
    total += w * score;
    weight += w;
  };
  if (stored.text) add(4, textSimilarity(stored.text, candidate.text ?? ''));
  for (const [name, value] of Object.entries(stored.attrs ?? {})) {
    add(name === 'id' ? 3 : 2, candidate.attrs?.[name] === value ? 1 : 0);
  }
  const classes = stored.classes ?? [];
  if (classes.length) {
    add(1, classes.filter((name) => candidate.classes?.includes(name)).length / classes.length);
  }
  if (stored.landmark) add(1, stored.landmark === candidate.landmark ? 1 : 0);
  const path = stored.path ?? [];
  if (path.length) {
    let same = 0;
    while (same < path.length && path[same] === candidate.path?.[same]) same++;
    add(1, same / path.length);
  }
  if (stored.index !== undefined) add(1, 1 / (1 + Math.abs(stored.index - (candidate.index ?? 0))));
  return weight ? total / weight : 0;
}

/** The candidate most like `stored` scoring at least FINGERPRINT_THRESHOLD (first on a tie). */
export function bestMatch<T>(
  stored: ElementFingerprint,
  candidates: Iterable<T>,
  /** Called once per candidate, in order; `index` counts the candidates. */
  fingerprintOf: (candidate: T, index: number) => ElementFingerprint,
): T | undefined {
  let best: T | undefined;
  let bestScore = FINGERPRINT_THRESHOLD;
  let index = 0;
  for (const candidate of candidates) {
    const score = scoreFingerprint(stored, fingerprintOf(candidate, index++));
    if (score >= bestScore && (best === undefined || score > bestScore)) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}
