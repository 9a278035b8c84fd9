import { z } from 'zod';
import { elementLabel } from './element-label';
import type { ElementFingerprint } from './fingerprint';
import { plannedSamplePerArm } from './stats/plan';
import type { TestMethod } from './stats/comparison';

// Issue 35: a campaign with several elements either changes them together (variant 1 of each
// shown together: an A/B test of whole pages) or tests each on its own (multivariate: every
// combination of the elements' arms). The campaign keeps the choice as `meta.linkedElements`.

export type ElementMode = 'together' | 'separate';

export const ELEMENT_MODE_TEXT = {
  together: {
    label: 'Change these elements together',
    description:
      'Variant 1 of each element is shown together, variant 2 of each together, and so on: an A/B test of whole pages. An element with fewer variants than the first keeps its original in the arms it has no variant for.',
  },
  separate: {
    label: 'Test each element on its own',
    description:
      'Each element is split on its own, so visitors see every combination of the elements’ versions: a multivariate test. It tells you what each element does, and needs much more traffic.',
  },
} as const satisfies Record<ElementMode, { label: string; description: string }>;

/** The assumed conversion rate behind the traffic estimate, before the campaign has its own. */
export const PLANNING_BASELINE_RATE = 0.05;

interface ModeElement {
  variants: readonly { isEnabled: boolean }[];
}

const servedVariants = (element: ModeElement) =>
  element.variants.filter((variant) => variant.isEnabled).length;

export const elementModeOf = (meta: { linkedElements?: boolean | undefined }): ElementMode =>
  meta.linkedElements === true ? 'together' : 'separate';

/**
 * How the results read a campaign: one element; several changed together, whose arms are
 * whole pages (the first element's arms); or several on their own, each element's table its
 * main effect and no single "original page" among the blended figures.
 */
export type ResultsMode = 'single' | ElementMode;

export const resultsModeOf = (campaign: {
  meta: { linkedElements?: boolean | undefined };
  elements: readonly unknown[];
}): ResultsMode => (campaign.elements.length < 2 ? 'single' : elementModeOf(campaign.meta));

/**
 * The versions of the page visitors can get: together, the original and one arm per served
 * variant of the first element (the lead, whose draw the others follow); separately, every
 * combination of each element's original and variants.
 */
export function servedVersions(elements: readonly ModeElement[], mode: ElementMode): number {
  const [lead] = elements;
  if (!lead) return 1;
  if (mode === 'together') return 1 + servedVariants(lead);
  return elements.reduce((product, element) => product * (1 + servedVariants(element)), 1);
}

export const ELEMENT_MODE_MESSAGES = {
  beyondLead: (element: string, count: number, leadCount: number) =>
    `${element} has ${count} variants but the first element has ${leadCount}: elements changed together show variant 1 of each together, so its variant ${leadCount + 1} would never be shown. Add variants to the first element, remove that one, or test each element on its own.`,
  locked:
    'Whether the elements change together can only change before the campaign has visitors: its arms would no longer be the ones its visitors saw.',
} as const;

interface NamedElement {
  selector: string;
  fingerprint?: ElementFingerprint | undefined;
  variants: readonly unknown[];
}

/** Together: why the elements cannot be served that way, or undefined when they can. */
export function linkedElementsProblem(elements: readonly NamedElement[]): string | undefined {
  const beyond = variantsBeyondLead(elements);
  if (!beyond) return undefined;
  const { element } = beyond;
  const name = element.fingerprint ? elementLabel(element.fingerprint) : `“${element.selector}”`;
  return ELEMENT_MODE_MESSAGES.beyondLead(name, beyond.count, beyond.leadCount);
}

/**
 * Together: the first element past the lead that has more variants than the lead (they would
 * never be shown), with its count; undefined when none has.
 */
export function variantsBeyondLead<E extends { variants: readonly unknown[] }>(
  elements: readonly E[],
): { element: E; index: number; count: number; leadCount: number } | undefined {
  const [lead, ...rest] = elements;
  if (!lead) return undefined;
  const index = rest.findIndex((element) => element.variants.length > lead.variants.length);
  const element = rest[index];
  return element
    ? { element, index: index + 1, count: element.variants.length, leadCount: lead.variants.length }
    : undefined;
}

export interface ElementModePlan {
  mode: ElementMode;
  /** Arms (together) or combinations (separate), the original included. */
  versions: number;
  /** Visitors each version needs to detect the campaign's MDE at the planning rate; null: none. */
  visitorsPerVersion: number | null;
  visitorsInAll: number | null;
}

/**
 * What each choice costs in traffic, by the campaign's planned power (issue 19): a version
 * needs as many visitors as an arm of an A/B test with the same method and effect. Separate
 * elements are costed for their combinations, the table the results show for them.
 */
export function elementModePlan(input: {
  elements: readonly ModeElement[];
  mode: ElementMode;
  minimumDetectableEffect: number;
  method: TestMethod;
}): ElementModePlan {
  const versions = servedVersions(input.elements, input.mode);
  const perVersion = plannedSamplePerArm({
    baselineRate: PLANNING_BASELINE_RATE,
    minimumDetectableEffect: input.minimumDetectableEffect,
    method: input.method,
  });
  return {
    mode: input.mode,
    versions,
    visitorsPerVersion: perVersion,
    visitorsInAll: perVersion === null ? null : perVersion * versions,
  };
}

interface LinkableElement {
  id: number;
  variants: readonly { id: number }[];
}

/**
 * Together: element id -> (its variant id -> the lead element's variant shown with it), by
 * position among every variant, paused ones included, so pausing one never shifts the others.
 * The lead is the first element; a variant beyond the lead's last has no partner and is never
 * served.
 */
export function linkedPartners(
  elements: readonly LinkableElement[],
): Map<number, Map<number, number>> {
  const [lead, ...rest] = elements;
  const partners = new Map<number, Map<number, number>>();
  if (!lead) return partners;
  for (const element of rest) {
    const byVariant = new Map<number, number>();
    element.variants.forEach((variant, position) => {
      const partner = lead.variants[position];
      if (partner) byVariant.set(variant.id, partner.id);
    });
    partners.set(element.id, byVariant);
  }
  return partners;
}

export const combinationRowSchema = z.object({
  /** Element id -> variant id, 0 for the original. */
  assignments: z.record(z.string(), z.number().int()),
  visitors: z.number().int(),
  /** Visitors who reached the conversion goal. */
  converted: z.number().int(),
});
export type CombinationRow = z.infer<typeof combinationRowSchema>;

/** A multivariate campaign's combinations of arms, as visitors got them since the start. */
export const combinationsAnswerSchema = z.object({
  /** The conversion goal counted; null when the campaign has none. */
  goalId: z.number().int().nullable(),
  /** Most visited first, at most MAX_COMBINATION_ROWS. */
  combinations: z.array(combinationRowSchema),
  /** Combinations beyond the rows shown. */
  more: z.number().int(),
});
export type CombinationsAnswer = z.infer<typeof combinationsAnswerSchema>;

export const MAX_COMBINATION_ROWS = 100;

/** The page with every element's original, the reference the combinations are read against. */
export const isAllOriginal = (row: Pick<CombinationRow, 'assignments'>): boolean =>
  Object.values(row.assignments).every((variantId) => variantId === 0);
