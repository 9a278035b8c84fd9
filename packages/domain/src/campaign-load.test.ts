import { describe, it, expect } from 'vitest';
import {
  autoGenerationTargets,
  createTemporaryIdGenerator,
  isTemporaryId,
  reindexCampaign,
  topPerformingVariant,
} from './campaign-load';
import { elementSchema } from './element-schema';
import type { CampaignElement } from './element-schema';
import { variantMetrics } from './metrics';
import { emptyBaseMetrics } from './metrics';

function textElement(id: number, values: string[], cps: number[] = []): CampaignElement {
  return elementSchema.parse({
    id,
    selector: `#el-${id}`,
    type: 'text',
    key: `el-${id}`,
    index: 9,
    control: { info: { value: 'Original' } },
    variants: values.map((value, i) => ({
      id: id * 10 + i,
      key: `v-${id}-${i}`,
      type: 'text',
      index: 42,
      info: { value },
      metrics: variantMetrics({
        ...emptyBaseMetrics(),
        funnelSessions: 100,
        funnelConversions: (cps[i] ?? 0) * 100,
      }),
    })),
  });
}

describe('reindexCampaign', () => {
  it('numbers elements from 0, controls 0 and variants from 1', () => {
    const campaign = { id: 1, elements: [textElement(5, ['a', 'b']), textElement(6, ['c'])] };
    const loaded = reindexCampaign(campaign);
    expect(loaded.id).toBe(1);
    expect(loaded.elements.map((el) => el.index)).toEqual([0, 1]);
    expect(loaded.elements.map((el) => el.control.index)).toEqual([0, 0]);
    expect(loaded.elements[0]?.variants.map((v) => v.index)).toEqual([1, 2]);
    expect(loaded.elements[1]?.variants.map((v) => v.index)).toEqual([1]);
  });

  it('does not mutate its input', () => {
    const campaign = { elements: [textElement(5, ['a'])] };
    reindexCampaign(campaign);
    expect(campaign.elements[0]?.index).toBe(9);
    expect(campaign.elements[0]?.variants[0]?.index).toBe(42);
  });
});

describe('temporary ids', () => {
  it('counts down from -1', () => {
    const next = createTemporaryIdGenerator();
    expect([next(), next(), next()]).toEqual([-1, -2, -3]);
    expect(isTemporaryId(-1)).toBe(true);
    expect(isTemporaryId(0)).toBe(false);
    expect(isTemporaryId(12)).toBe(false);
  });

  it('starts below existing temporary ids', () => {
    const next = createTemporaryIdGenerator([4, -2, -7, 10]);
    expect(next()).toBe(-8);
    expect(createTemporaryIdGenerator([4, 10])()).toBe(-1);
  });
});

describe('topPerformingVariant', () => {
  it('returns the value of the variant with the highest conversions per session', () => {
    expect(topPerformingVariant(textElement(1, ['a', 'b', 'c'], [0.1, 0.3, 0.2]))).toBe('b');
  });

  it('ignores variants at 0 and returns nothing when none is above 0', () => {
    expect(topPerformingVariant(textElement(1, ['a', 'b'], [0, 0.05]))).toBe('b');
    expect(topPerformingVariant(textElement(1, ['a', 'b'], [0, 0]))).toBeUndefined();
    expect(topPerformingVariant(textElement(1, []))).toBeUndefined();
  });

  it('returns nothing for a new element', () => {
    const element = { ...textElement(1, ['a'], [0.5]), __new__: true };
    expect(topPerformingVariant(element)).toBeUndefined();
  });

  it('returns the src for image elements', () => {
    const element = elementSchema.parse({
      id: 2,
      selector: 'img',
      type: 'image',
      key: 'img',
      control: { info: { src: 'a.png' } },
      variants: [
        {
          id: 1,
          key: 'v',
          type: 'image',
          info: { src: 'https://cdn.example/b.png' },
          metrics: { conversionsPerSession: { value: 0.2 } },
        },
      ],
    });
    expect(topPerformingVariant(element)).toBe('https://cdn.example/b.png');
  });
});

describe('autoGenerationTargets', () => {
  const elements = [textElement(1, []), textElement(2, []), textElement(3, [])];
  const reason = {
    type: 'winners',
    elements: {
      '1': { type: 'decisive' },
      '2': { type: 'inconclusive' },
      'el-3': { type: 'decisive' },
    },
  };

  it('picks decisive elements when winners require generation', () => {
    const targets = autoGenerationTargets({ autoGenerationRequired: true, reason }, elements);
    expect(targets.map((el) => el.id)).toEqual([1, 3]);
  });

  it('picks nothing otherwise', () => {
    expect(autoGenerationTargets({ autoGenerationRequired: false, reason }, elements)).toEqual([]);
    expect(
      autoGenerationTargets(
        { autoGenerationRequired: true, reason: { ...reason, type: 'losers' } },
        elements,
      ),
    ).toEqual([]);
    expect(autoGenerationTargets(null, elements)).toEqual([]);
  });
});
