import { elementSchema, goalSchema, type CampaignElement, type Goal } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { keptIds, planCampaignSync } from './sync-plan';

const element = (id: number, variantIds: number[]): CampaignElement =>
  elementSchema.parse({
    id,
    selector: `#e${id}`,
    type: 'text',
    key: `k${id}`,
    control: { info: { value: 'Original' } },
    metrics: undefined,
    variants: variantIds.map((v) => ({
      id: v,
      key: `v${v}`,
      type: 'text',
      isEnabled: true,
      info: { value: `Variant ${v}` },
    })),
  });
const goal = (id: number): Goal => goalSchema.parse({ id, event: { type: 2, name: `Goal ${id}` } });

describe('planCampaignSync', () => {
  const stored = {
    elements: new Set([1, 2]),
    variants: new Set([10, 11, 20]),
    goals: new Set([100]),
  };

  it('updates stored ids in place and inserts the rest, in submitted order', () => {
    const plan = planCampaignSync(stored, {
      elements: [element(2, [20, -1]), element(-5, [11])],
      goals: [goal(-1), goal(100)],
    });
    expect(plan.elements.map((e) => [e.id, e.position])).toEqual([
      [2, 0],
      [undefined, 1],
    ]);
    expect(plan.elements.map((e) => e.variants.map((v) => [v.id, v.position]))).toEqual([
      [
        [20, 0],
        [undefined, 1],
      ],
      [[11, 0]],
    ]);
    expect(plan.goals.map((g) => [g.id, g.position, g.isConversionGoal])).toEqual([
      [undefined, 0, false],
      [100, 1, true],
    ]);
    expect(keptIds(plan)).toEqual({ elements: [2], variants: [20, 11], goals: [100] });
  });

  it('treats ids stored elsewhere (another campaign or team) as new rows', () => {
    const plan = planCampaignSync(stored, { elements: [element(999, [888])], goals: [goal(777)] });
    expect(keptIds(plan)).toEqual({ elements: [], variants: [], goals: [] });
  });

  it('claims a repeated stored id once; the repeat becomes a new row', () => {
    const plan = planCampaignSync(stored, {
      elements: [element(1, [10, 10]), element(1, [])],
      goals: [],
    });
    expect(plan.elements.map((e) => e.id)).toEqual([1, undefined]);
    expect(plan.elements[0]!.variants.map((v) => v.id)).toEqual([10, undefined]);
  });

  it('stores the element fields the server never queries as data, without client-only ones', () => {
    const [planned] = planCampaignSync(stored, {
      elements: [{ ...element(1, []), __new__: true, index: 3 }],
      goals: [],
    }).elements;
    expect(planned!.data).toEqual({ control: expect.any(Object) as unknown });
  });
});
