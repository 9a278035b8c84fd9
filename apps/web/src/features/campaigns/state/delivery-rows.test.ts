import type { CampaignElement } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { deliveryRows } from './delivery-rows';

const headline = {
  id: 11,
  type: 'text',
  selector: 'h1.hero',
  key: 'h',
  control: { info: { value: 'Original' } },
  variants: [
    { id: 21, key: 'a', type: 'text', isEnabled: true, info: { value: 'A', styles: [] } },
    { id: 22, key: 'b', type: 'text', isEnabled: false, info: { value: 'B', styles: [] } },
  ],
} as unknown as CampaignElement;

const arm = (variantId: number | null, exposures: number, applied: number, missed: number) => ({
  elementId: 11,
  variantId,
  exposures,
  visitors: exposures,
  sessions: exposures,
  revenue: 0,
  applied,
  missed,
  medianAppliedMs: applied ? 140 : null,
});

describe('deliveryRows', () => {
  it('gives the original and every variant, with the share of exposures that rendered', () => {
    const [element] = deliveryRows([headline], [arm(null, 50, 0, 0), arm(21, 40, 39, 1)]);
    expect(element).toMatchObject({ id: 11, label: 'Text 1', selector: 'h1.hero' });
    expect(element!.rows).toEqual([
      {
        key: 'control',
        label: 'Original',
        exposures: 50,
        rendered: null,
        missed: 0,
        medianAppliedMs: null,
      },
      {
        key: '21',
        label: 'Variant 1',
        exposures: 40,
        rendered: 0.975,
        missed: 1,
        medianAppliedMs: 140,
      },
      // A variant nobody saw yet: no share to speak of.
      {
        key: '22',
        label: 'Variant 2',
        exposures: 0,
        rendered: null,
        missed: 0,
        medianAppliedMs: null,
      },
    ]);
  });
});
