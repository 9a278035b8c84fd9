// User-facing texts from spec sections 2, 4, 8 and 9, quoted verbatim
// (including the spec's spelling "embarassing").

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

export const ERROR_MESSAGES = {
  createCampaign: 'There was an error creating the campaign.',
  notEnoughVariants: 'Could not generate enough variants',
  elementMeta: 'Could not update element meta',
  urlUndefined: 'url is undefined',
  imageInfo: 'Could not get image info',
  unsupportedGoalEvent: 'Unsupported track event type in this step.',
  missingPreviewElement: "Tried to select a preview element that doesn't exist",
  dataLoading: 'Data is still loading...',
  missingInformation: (email: string): string =>
    `Our apologies: We are missing some information here. Please email us at ${email} to let us know so we can fix it.`,
  somethingWentWrong: 'Something went wrong',
  unauthenticated: 'User needs to be authenticated to call this API.',
  handlerMissing: (type: string): string => `Handler missing for type ${type}`,
  timeout: 'Timeout',
} as const;

export interface ConfirmationText {
  title: string;
  message: string;
  /** Defaults to CONFIRM_DIALOG_DEFAULTS.confirmLabel. */
  confirmLabel?: string;
  /** Show the confirm button red. */
  danger?: boolean;
}

export const CONFIRM_DIALOG_DEFAULTS = { confirmLabel: 'Confirm', cancelLabel: 'Cancel' } as const;

export const START_OVER = {
  title: 'Start Over?',
  message:
    "Are you sure you want to go back to the first step? You'll have to input your URL again and start over.",
} as const satisfies ConfirmationText;

export const GOAL_CONFIRMATION = {
  title: 'Goal confirmation',
  message: 'Once you submit you cannot change the order or add more goals to your funnel.',
  confirmLabel: 'Submit',
} as const satisfies ConfirmationText;

export const DELETE_VARIANT = {
  title: 'Delete variant',
  message: 'Are you sure you want to delete this variant? Once deleted it cannot be recovered.',
  confirmLabel: 'Yes, Delete',
} as const satisfies ConfirmationText;

export const DELETE_ELEMENT = {
  title: 'Delete element',
  message: 'Are you sure you want to delete this element? Once deleted it cannot be recovered.',
  danger: true,
} as const satisfies ConfirmationText;

export const CANCEL_DRAFT = {
  title: 'Are you sure you want to cancel?',
  message: 'You have unsaved changes.',
} as const satisfies ConfirmationText;

/**
 * Campaign form validation when page meta loads (spec section 5): the preview's fetch of the
 * address ended on another page. Not in the spec's catalogue; ours.
 */
export const PAGE_REDIRECT_MESSAGE = (finalUrl: string): string =>
  `This address redirects to ${finalUrl}. Visitors never see the page you entered: go back and enter the address it redirects to.`;
/** Demo data and guest access (spec sections 9 and 1). */
export const DEMO_MESSAGES = {
  badge: 'Demo',
  explore: 'Explore with demo data',
  banner:
    'Demo data: generated statistics dated up to 1999-12-31, to show how results read. It never runs on a page.',
  about:
    'Its statistics were generated: a month of simulated visitors up to 1999-12-31, split between the original and the variants and counted exactly as real visits are. The tracker never serves it and takes no events for it, so it cannot mix with real data. To test a page of your own, create a campaign from the campaign list.',
  created: 'Demo campaign added',
  alreadyAdded: 'This team already has the demo campaign. Delete it first to add it again.',
} as const;

export const GUEST_MESSAGES = {
  tryIt: 'Try without signing up',
  banner: 'You are exploring a demo as a guest - Sign up to test your own pages',
  readOnly: 'Guests can look around but not change anything. Sign up to test your own pages.',
  unavailable: 'Guest access is not enabled on this server.',
} as const;
