import type { CampaignElement } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { combinationLines } from './combination-rows';

const text = (id: number, variantIds: number[]) =>
  ({
    id,
    type: 'text',
    selector: `#e${id}`,
    key: `e${id}`,
    control: {
      info: { value: 'Original', textType: 'normal', styles: [], creationMethod: 'custom' },
    },
    variants: variantIds.map((variantId) => ({
      id: variantId,
      key: `v${variantId}`,
      type: 'text',
      isEnabled: true,
      info: { value: `V${variantId}`, textType: 'normal', styles: [], creationMethod: 'custom' },
    })),
  }) as CampaignElement;

describe('combination lines', () => {
  const elements = [text(1, [11, 12]), text(2, [21])];

  it('name what each element showed, in the campaign order, with the rate of the page', () => {
    const lines = combinationLines(elements, {
      goalId: 5,
      more: 0,
      combinations: [
        { assignments: { 2: 0, 1: 12 }, visitors: 40, converted: 6 },
        { assignments: { 1: 0, 2: 0 }, visitors: 30, converted: 3 },
        { assignments: { 1: 11, 2: 21 }, visitors: 0, converted: 0 },
      ],
    });
    expect(lines.map((line) => line.shown.map((part) => part.arm))).toEqual([
      ['Variant 2', 'Original'],
      ['Original', 'Original'],
      ['Variant 1', 'Variant 1'],
    ]);
    expect(lines.map((line) => line.shown[0]!.element)).toEqual(['Text 1', 'Text 1', 'Text 1']);
    expect(lines.map((line) => line.rate)).toEqual([0.15, 0.1, 0]);
    expect(lines.map((line) => line.allOriginal)).toEqual([false, true, false]);
  });

  it('reads an element a visitor was not assigned (added later) as its original', () => {
    const [line] = combinationLines(elements, {
      goalId: null,
      more: 0,
      combinations: [{ assignments: { 1: 11 }, visitors: 2, converted: 1 }],
    });
    expect(line!.shown.map((part) => part.arm)).toEqual(['Variant 1', 'Original']);
  });
});
