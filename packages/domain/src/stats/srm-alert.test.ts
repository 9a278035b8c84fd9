import { describe, expect, it } from 'vitest';
import { srmAlert } from './srm-alert';

describe('srmAlert', () => {
  it('names each flagged element with its p-value, and links the results', () => {
    const alert = srmAlert({
      campaignName: 'Spring',
      campaignId: 12,
      elements: [
        { name: 'Heading “Build faster”', pValue: 0.00042 },
        { name: 'Image 2', pValue: 1e-9 },
      ],
    });
    expect(alert.summary).toBe(
      '"Spring" does not split its visitors as set (sample ratio mismatch in Heading “Build faster” (p = 0.00042), Image 2 (p < 0.0001)): do not act on its results until the cause is found.',
    );
    expect(alert.title).toBe('Spring: sample ratio mismatch');
    expect(alert.body.split('\n\n')[0]).toBe(
      'The versions are not shown in the planned proportions: Heading “Build faster” (p = 0.00042), Image 2 (p < 0.0001).',
    );
    expect(alert.teamPath).toBe('/campaign/12');
  });

  it('keeps the title within a notification’s 120 characters, the reason whole', () => {
    const { title } = srmAlert({
      campaignName: 'A'.repeat(200),
      campaignId: 1,
      elements: [{ name: 'Text 1', pValue: 0 }],
    });
    expect(title).toHaveLength(120);
    expect(title.endsWith('…: sample ratio mismatch')).toBe(true);
  });
});
