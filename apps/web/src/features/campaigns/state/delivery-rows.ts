import type { CampaignArmCounts, CampaignElement } from '@kindling/domain';

export interface DeliveryRow {
  key: string;
  label: string;
  exposures: number;
  /** Share of exposures whose change showed, 0..1; null for the original (nothing to change). */
  rendered: number | null;
  missed: number;
  medianAppliedMs: number | null;
}

export interface DeliveryElement {
  id: number;
  label: string;
  selector: string;
  rows: DeliveryRow[];
}

const noCounts = { exposures: 0, applied: 0, missed: 0, medianAppliedMs: null };

/**
 * Per element, the original and each variant with how often the variant's change actually
 * showed in visitors' browsers and how long it took. Arms without exposures show zeros.
 */
export function deliveryRows(
  elements: readonly CampaignElement[],
  arms: readonly CampaignArmCounts[],
): DeliveryElement[] {
  const countsOf = (elementId: number, variantId: number | null) =>
    arms.find((arm) => arm.elementId === elementId && arm.variantId === variantId) ?? noCounts;
  return elements.map((element, index) => {
    const original = countsOf(element.id, null);
    return {
      id: element.id,
      label: `${element.type === 'image' ? 'Image' : 'Text'} ${index + 1}`,
      selector: element.selector,
      rows: [
        {
          key: 'control',
          label: 'Original',
          exposures: original.exposures,
          rendered: null,
          missed: 0,
          medianAppliedMs: null,
        },
        ...element.variants.map((variant, position) => {
          const counts = countsOf(element.id, variant.id);
          return {
            key: String(variant.id),
            label: `Variant ${position + 1}`,
            exposures: counts.exposures,
            rendered: counts.exposures === 0 ? null : counts.applied / counts.exposures,
            missed: counts.missed,
            medianAppliedMs: counts.medianAppliedMs,
          };
        }),
      ],
    };
  });
}
