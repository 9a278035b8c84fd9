// The spec's phrases picked at random (sections 2 and 4, quoted verbatim, including the spec's
// spelling "embarassing"). Apart from `messages.ts` because the first screen needs the loading
// phrases, and a module's used exports all land in the chunk of its first user: the rest of the
// spec's texts would otherwise ride along with the initial route.

export const LOADING_MESSAGES = [
  'Loading page',
  'Stoking the ashes',
  'Gathering kindling',
  'Striking a match',
  'Fanning the flames',
  'Warming up the embers',
  'Feeding the fire',
] as const;

export const SUCCESS_MESSAGES = [
  'Nice work!',
  'Great job!',
  "You're on fire!",
  'Woohoo!',
  'Looking good!',
  'All set!',
  'Boom! Done.',
] as const;

/**
 * One phrase of `phrases`, chosen by `random` (a number in [0, 1), Math.random by default), so
 * toasts and loading states vary as the spec asks while tests can pin the choice.
 */
export function pickPhrase<T extends string>(
  phrases: readonly [T, ...T[]],
  random: () => number = Math.random,
): T {
  const index = Math.min(phrases.length - 1, Math.max(0, Math.floor(random() * phrases.length)));
  return phrases[index] ?? phrases[0];
}

export const GENERIC_FAILURE_TITLES = [
  'Uh oh!',
  'Looks like something went wrong :(',
  'Well, this is embarassing',
] as const;
