import { statsSegmentSchema } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { SEGMENT_GROUPS, segmentOfChoice } from './segment-choices';

describe('the segment choices', () => {
  it('offers devices and visitor types by name, each a segment the server takes', () => {
    const [devices, visitors] = SEGMENT_GROUPS;
    expect(devices!.options.map((option) => option.label)).toEqual([
      'Desktops',
      'Phones',
      'Tablets',
    ]);
    expect(visitors!.options.map((option) => option.label)).toEqual([
      'New visitors',
      'Returning visitors',
    ]);
    for (const option of SEGMENT_GROUPS.flatMap((g) => g.options)) {
      expect(statsSegmentSchema.safeParse(segmentOfChoice(option.value)).success).toBe(true);
    }
  });

  it('asks for every visitor without a segment', () => {
    expect(segmentOfChoice('all')).toBeUndefined();
    expect(segmentOfChoice('device:phone')).toEqual({ dimension: 'device', value: 'phone' });
  });
});
