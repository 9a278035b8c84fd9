import { emptyBaseMetrics, variantMetrics } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { csvCell, resultsCsv } from './results-csv';
import { significance } from './stats-fixtures';

describe('results CSV', () => {
  it('quotes separators and neutralises formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Save 20%, today')).toBe('"Save 20%, today"');
    expect(csvCell('He said "go"')).toBe('"He said ""go"""');
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('-5 off')).toBe("'-5 off");
    expect(csvCell(-0.25)).toBe('-0.25');
    expect(csvCell(null)).toBe('');
  });

  it('writes a header and one line per arm', () => {
    const metrics = variantMetrics({
      ...emptyBaseMetrics(),
      views: 100,
      visitors: 80,
      sessions: 90,
      conversions: 9,
      funnelSessions: 90,
      funnelConversions: 9,
      revenue: 45,
    });
    const csv = resultsCsv([
      {
        id: 1,
        label: 'Text 1',
        selector: 'h1',
        verdict: { kind: 'inconclusive' },
        funnel: [],
        sampleSize: null,
        rows: [
          {
            key: 'control',
            label: 'Original',
            variantId: null,
            content: 'Buy, now',
            isEnabled: true,
            metrics,
            overOriginal: {
              rawConversionsPerView: 0,
              conversionsPerSession: 0,
              revenuePerSession: 0,
            },
            significance: null,
            delivery: { rendered: null, missed: 0, medianAppliedMs: null },
          },
          {
            key: '5',
            label: 'Variant 1',
            variantId: 5,
            content: 'Go',
            isEnabled: false,
            metrics,
            overOriginal: {
              rawConversionsPerView: 0.5,
              conversionsPerSession: 0.25,
              revenuePerSession: -0.1,
            },
            significance: significance({
              chanceToBeatControl: 0.75,
              uplift: { estimate: 0.1, ci95: [-0.05, 0.25] },
              pValue: 0.2,
              adjustedPValue: 0.4,
            }),
            delivery: { rendered: 0.98, missed: 2, medianAppliedMs: 30 },
          },
        ],
      },
    ]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toMatch(/^Element,Selector,Arm,Content,Enabled,Views,/);
    expect(lines[1]).toBe('Text 1,h1,Original,"Buy, now",yes,100,80,90,9,45,0.09,0.1,0.5,,,,,,,,');
    expect(lines[2]).toBe(
      'Text 1,h1,Variant 1,Go,no,100,80,90,9,45,0.09,0.1,0.5,0.25,0.75,0.1,-0.05,0.25,0.2,0.4,0.98',
    );
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
  });
});
