import type { Arm } from './bucketing/assign';

// Analytics forwarding (issue 33): on each exposure the tracker's forward part tells the page's
// analytics tools which test and which arm the visitor saw, in each tool's own shape. No zod
// here: the forward part bundles this file (the setting's schema is analytics-forwarding-input.ts).

/**
 * What names the forwarded exposures carry: the campaign's and variants' ids only (the default,
 * as other scripts on the page read what is forwarded), or their names too.
 */
export type ForwardingLabels = 'ids' | 'names';

export const FORWARDING_LABELS: readonly ForwardingLabels[] = ['ids', 'names'];

/** The `dataLayer` event (Google Tag Manager). */
export const DATA_LAYER_EVENT = 'kindling_exposure';
/** GA4's experiment event, sent with `gtag('event', ...)`. */
export const GA4_EVENT = 'experience_impression';
/** Segment's specification of an experiment exposure (`analytics.track`). */
export const SEGMENT_EVENT = 'Experiment Viewed';

/** The original's label, as a variant id and as a variant name. */
export const ORIGINAL_ARM = { id: 'control', name: 'Original' } as const;

export interface ForwardedExposure {
  experimentId: string;
  experimentName: string;
  /** The arms of the campaign's elements in element order, joined by "."; "control": none changed. */
  variationId: string;
  variationName: string;
}

interface NamedCampaign {
  id: number;
  name?: string;
  elements: readonly { id: number; variants: readonly { id: number; name?: string }[] }[];
}

/**
 * What an exposure is forwarded as: the campaign, and the arm of each of its elements (a
 * campaign of several elements shows one variant or the original per element). With `ids`,
 * the names are the ids, so nothing a visitor cannot see leaves for other scripts.
 */
export function forwardedExposure(
  campaign: NamedCampaign,
  assignments: Readonly<Record<string, Arm>>,
  labels: ForwardingLabels,
): ForwardedExposure {
  const arms = campaign.elements
    .filter((element) => element.id in assignments)
    .map((element) => {
      const arm = assignments[element.id];
      const variant = element.variants.find((candidate) => candidate.id === arm);
      return variant
        ? { id: String(variant.id), name: variant.name ?? String(variant.id) }
        : ORIGINAL_ARM;
    });
  const changed = arms.some((arm) => arm !== ORIGINAL_ARM);
  const variationId = changed ? arms.map((arm) => arm.id).join('.') : ORIGINAL_ARM.id;
  const experimentId = String(campaign.id);
  const named = labels === 'names';
  return {
    experimentId,
    experimentName: named ? (campaign.name ?? experimentId) : experimentId,
    variationId,
    variationName:
      named && changed
        ? arms.map((arm) => arm.name).join(' + ')
        : changed
          ? variationId
          : ORIGINAL_ARM.name,
  };
}

/** The calls each tool gets for one exposure: `dataLayer.push`, `gtag` and `analytics.track`. */
export function forwardingCalls(exposure: ForwardedExposure) {
  const { experimentId, experimentName, variationId, variationName } = exposure;
  return {
    dataLayer: {
      event: DATA_LAYER_EVENT,
      campaign: experimentName,
      variant: variationName,
      campaign_id: experimentId,
      variant_id: variationId,
    },
    gtag: [
      'event',
      GA4_EVENT,
      { exp_variant_string: `kindling-${experimentId}-${variationId}` },
    ] as const,
    segment: [
      SEGMENT_EVENT,
      {
        experiment_id: experimentId,
        experiment_name: experimentName,
        variation_id: variationId,
        variation_name: variationName,
      },
    ] as const,
  };
}
