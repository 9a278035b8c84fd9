import { z } from 'zod';
import { rowId } from './row-id';
import { elementLabel } from './element-label';
import type { ElementFingerprint } from './fingerprint';

// Ending a test (issue 35): what an ended campaign serves, how it is told, and the choices
// offered when it ends. The server stores the choice and builds the tracker's config from
// `servedRollout`; the app shows `campaignEndSchema` as it comes (docs/decisions.md, "Ending a
// test").

/** Days after which a rollout still served reminds the team to ship it in code. */
export const ROLLOUT_REMINDER_DAYS = 30;
const DAY_MS = 86_400_000;

export const CAMPAIGN_END_MESSAGES = {
  alreadyEnded: 'This test has already ended.',
  notEnded: 'This test has not ended.',
  ended:
    'This test has ended: its results are kept read-only, so it can no longer be switched on or edited. Start a new campaign to test again.',
  demo: 'A demo campaign has no live page: it cannot be ended.',
  rolloutShape:
    'rollout must map element ids to the id of one of their variants, or to null to keep the original.',
  unknownElement: (elementId: string) => `Element ${elementId} is not part of this campaign.`,
  unknownVariant: (variantId: number, elementName: string) =>
    `Variant id ${variantId} is not one of the variants of ${elementName}.`,
  noRollout: 'Nothing is rolled out for this campaign: the original was kept.',
  rolloutRemoved: 'The rollout was already removed.',
  alreadyArchived: 'This campaign is already archived.',
  notArchived: 'This campaign is not archived.',
  archiveRunning: 'Pause or end the test before archiving it: an archived campaign is hidden.',
  archivedSwitch: 'Unarchive this campaign before switching it on.',
} as const;

/** Element id -> the variant id rolled out, or null to keep that element's original. */
export const rolloutChoiceSchema = z.record(
  z.string().regex(/^[1-9][0-9]{0,14}$/, CAMPAIGN_END_MESSAGES.rolloutShape),
  z.number({ error: CAMPAIGN_END_MESSAGES.rolloutShape }).int().positive().nullable(),
  { error: CAMPAIGN_END_MESSAGES.rolloutShape },
);
export type RolloutChoice = z.infer<typeof rolloutChoiceSchema>;

/** POST /campaign/end. `rollout` null (or every element null): the original is kept. */
export const endCampaignInputSchema = z.object({
  id: rowId,
  rollout: rolloutChoiceSchema.nullable().default(null),
});
export type EndCampaignInput = z.infer<typeof endCampaignInputSchema>;

const timestamp = z.iso.datetime({ offset: true });

export const rolledOutArmSchema = z.object({
  elementId: z.number().int(),
  /** "Heading “Build faster”", else "Text 1" (as the campaign page names it). */
  elementName: z.string(),
  variantId: z.number().int(),
  /** "Variant 2": its place among the element's variants. */
  variantName: z.string(),
});
export type RolledOutArm = z.infer<typeof rolledOutArmSchema>;

/** How an ended campaign stands, as the API returns it (`campaign.end`). */
export const campaignEndSchema = z.object({
  endedAt: timestamp,
  /** What was rolled out at the end; empty when the original was kept. */
  rolledOut: z.array(rolledOutArmSchema),
  /** "Variant 2 rolled out", "original kept": the banner's words after "Ended on {date}: ". */
  outcome: z.string(),
  /** True while the tracker serves the rollout to every visitor. */
  serving: z.boolean(),
  rolloutRemovedAt: timestamp.nullable(),
  /** Page views the rollout was served on since the end, counted apart from the results. */
  rolloutViews: z.number().int().nonnegative(),
  /** When the team is reminded to ship the rollout in code; null when nothing is served. */
  remindAt: timestamp.nullable(),
});
export type CampaignEnd = z.infer<typeof campaignEndSchema>;

export interface EndableElement {
  id: number;
  type: string;
  fingerprint?: ElementFingerprint | undefined;
  variants: readonly { id: number }[];
}

/** The element's label, else "Text 1", "Image 2" by type and position (as the app names it). */
export const endElementName = (element: EndableElement, index: number): string =>
  element.fingerprint
    ? elementLabel(element.fingerprint)
    : `${element.type === 'image' ? 'Image' : 'Text'} ${index + 1}`;

/** The first reason the choice cannot be stored, or null. Elements left out keep the original. */
export function rolloutProblem(
  elements: readonly EndableElement[],
  rollout: RolloutChoice | null,
): string | null {
  for (const [elementId, variantId] of Object.entries(rollout ?? {})) {
    const index = elements.findIndex((element) => String(element.id) === elementId);
    const element = elements[index];
    if (!element) return CAMPAIGN_END_MESSAGES.unknownElement(elementId);
    if (variantId !== null && !element.variants.some((variant) => variant.id === variantId)) {
      return CAMPAIGN_END_MESSAGES.unknownVariant(variantId, endElementName(element, index));
    }
  }
  return null;
}

/** The rolled-out arms as stored: element id -> variant id, null entries left out; null if none. */
export function storedRollout(rollout: RolloutChoice | null): Record<string, number> | null {
  const kept = Object.entries(rollout ?? {}).filter(
    (entry): entry is [string, number] => entry[1] !== null,
  );
  return kept.length ? Object.fromEntries(kept) : null;
}

/** The stored rollout named as people read it, in the campaign's element order. */
export function rolledOutArms(
  elements: readonly EndableElement[],
  rollout: Readonly<Record<string, number>> | null,
): RolledOutArm[] {
  return elements.flatMap((element, index) => {
    const variantId = rollout?.[String(element.id)];
    const position = element.variants.findIndex((variant) => variant.id === variantId);
    if (variantId === undefined || position < 0) return [];
    return [
      {
        elementId: element.id,
        elementName: endElementName(element, index),
        variantId,
        variantName: `Variant ${position + 1}`,
      },
    ];
  });
}

/** "Variant 2 rolled out"; several elements: "Variant 2 of Text 1 and Variant 1 of Image 2 rolled out". */
export function endOutcome(rolledOut: readonly RolledOutArm[], elementCount: number): string {
  if (rolledOut.length === 0) return 'original kept';
  const named =
    elementCount === 1
      ? rolledOut.map((arm) => arm.variantName)
      : rolledOut.map((arm) => `${arm.variantName} of ${arm.elementName}`);
  const list =
    named.length === 1 ? named[0] : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
  return `${list} rolled out`;
}

export interface StoredEnd {
  endedAt: string;
  rollout: Readonly<Record<string, number>> | null;
  rolloutRemovedAt: string | null;
  rolloutViews: number;
}

/** The campaign's end as the API returns it; null while the test has not ended. */
export function describeEnd(
  elements: readonly EndableElement[],
  stored: StoredEnd | null,
): CampaignEnd | null {
  if (!stored) return null;
  const rolledOut = rolledOutArms(elements, stored.rollout);
  const serving = rolledOut.length > 0 && stored.rolloutRemovedAt === null;
  return {
    endedAt: stored.endedAt,
    rolledOut,
    outcome: endOutcome(rolledOut, elements.length),
    serving,
    rolloutRemovedAt: stored.rolloutRemovedAt,
    rolloutViews: stored.rolloutViews,
    remindAt: serving
      ? new Date(Date.parse(stored.endedAt) + ROLLOUT_REMINDER_DAYS * DAY_MS).toISOString()
      : null,
  };
}

/**
 * What the tracker serves for an ended campaign: each rolled-out element's variant, to every
 * visitor, until the rollout is removed; nothing for an element whose original was kept, and
 * nothing at all while the test runs (`end` null) or once the rollout is removed.
 */
export function servedRollout(
  end: Pick<CampaignEnd, 'serving' | 'rolledOut'> | null,
): { elementId: number; variantId: number }[] {
  if (!end?.serving) return [];
  return end.rolledOut.map(({ elementId, variantId }) => ({ elementId, variantId }));
}

/** The 30-day reminder's title and body. */
export function rolloutReminderNotice(input: { campaignName: string; outcome: string }) {
  const what = input.outcome.replace(/ rolled out$/, '');
  return {
    title: 'A rollout is 30 days old: ship it in code',
    body: `${what} of ${input.campaignName} has been rolled out for ${ROLLOUT_REMINDER_DAYS} days: ship it in code and remove the rollout`,
  };
}
