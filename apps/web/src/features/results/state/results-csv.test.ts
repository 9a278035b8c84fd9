import { emptyBaseMetrics, variantMetrics } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import type { ElementRows } from './element-rows';
import { csvCell, resultsCsv, resultsFileName } from './results-csv';
import { significance, verdict } from './stats-fixtures';

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

const element: ElementRows = {
  id: 1,
  label: 'Text 1',
  selector: 'h1',
  verdict: verdict({ summary: 'Keep running: no clear difference yet.' }),
  trusted: true,
  srmExplanation: null,
  plan: null,
  byMetric: [],
  funnel: [],
  sampleSize: null,
  rows: [
    {
      key: 'control',
      label: 'Original',
      variantId: null,
      content: 'Buy, now',
      isEnabled: true,
      paused: false,
      metrics,
      significance: null,
      direction: null,
      visitorsNeeded: null,
      delivery: { rendered: null, missed: 0, medianAppliedMs: null },
    },
    {
      key: '5',
      label: 'Variant 1',
      variantId: 5,
      content: 'Go',
      isEnabled: false,
      paused: false,
      metrics,
      significance: significance({
        chanceToBeatControl: 0.7512,
        uplift: { estimate: 0.12345, interval: [-0.0512, 0.2549], level: 0.975 },
        pValue: 0.20049,
        adjustedPValue: 0.0004,
      }),
      direction: null,
      visitorsNeeded: 0,
      delivery: { rendered: 0.98, missed: 2, medianAppliedMs: 30 },
    },
    {
      key: '6',
      label: 'Variant 2',
      variantId: 6,
      content: '=1+1',
      isEnabled: true,
      paused: false,
      metrics,
      significance: significance({ chanceToBeatControl: null, uplift: null, enoughData: false }),
      direction: null,
      visitorsNeeded: 40,
      delivery: { rendered: 1, missed: 0, medianAppliedMs: 30 },
    },
  ],
};

describe('results CSV', () => {
  it('quotes separators and neutralises formulas in what people wrote', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Save 20%, today')).toBe('"Save 20%, today"');
    expect(csvCell('He said "go"')).toBe('"He said ""go"""');
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('-5 off')).toBe("'-5 off");
    expect(csvCell(-25)).toBe('-25');
    expect(csvCell({ figure: '-3.0%' })).toBe('-3.0%');
    expect(csvCell(null)).toBe('');
  });

  it('writes a line per arm with rounded percentages, never raw floats', () => {
    const lines = resultsCsv([element]).split('\r\n');
    expect(lines[0]).toMatch(/^Element,Selector,Arm,Content,Enabled,Paused in range,Views,/);
    expect(lines[1]).toBe(
      'Text 1,h1,Original,"Buy, now",yes,no,100,80,90,9,45.00,9.0%,10.0%,0.50,,,,,,,,,,Keep running: no clear difference yet.',
    );
    expect(lines[2]).toBe(
      'Text 1,h1,Variant 1,Go,no,no,100,80,90,9,45.00,9.0%,10.0%,0.50,+12.3%,-5.1%,+25.5%,97.5%,0.2,<0.001,75.1%,,98.0%,Keep running: no clear difference yet.',
    );
    // Below the minimum sample: no uplift or chance, the visitors still needed.
    expect(lines[3]).toBe(
      "Text 1,h1,Variant 2,'=1+1,yes,no,100,80,90,9,45.00,9.0%,10.0%,0.50,,,,,1,1,,40,100.0%,Keep running: no clear difference yet.",
    );
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('');
    for (const line of lines) expect(line).not.toMatch(/\d\.\d{4,}/);
  });

  it('adds a row per metric of every running variant with the API comparison, rounded', () => {
    const definition = (id: string, name: string, role: 'primary' | 'guardrail') => ({
      id,
      name,
      role,
      lowerIsBetter: role === 'guardrail',
      kind: 'conversion' as const,
    });
    const purchase = definition('7', 'Purchase', 'primary');
    const refund = definition('8', 'Refund, asked', 'guardrail');
    const compared = {
      metricId: '7',
      variantId: 5,
      estimate: 0.1234567,
      interval: [0.0123456, 0.2456789] as [number, number],
      level: 0.975,
      pValue: 0.0123456,
      adjustedPValue: 0.0246912,
      significant: true,
      direction: 'better' as const,
    };
    const harmed = {
      ...compared,
      metricId: '8',
      estimate: 0.5,
      interval: [0.1, 0.9] as [number, number],
      direction: 'worse' as const,
    };
    const withMetrics: ElementRows = {
      ...element,
      byMetric: [
        {
          key: '5',
          label: 'Variant 1',
          visitorsNeeded: 0,
          metrics: [
            { metric: purchase, comparison: compared },
            { metric: refund, comparison: harmed },
          ],
        },
        {
          key: '6',
          label: 'Variant 2',
          visitorsNeeded: 40,
          metrics: [
            { metric: purchase, comparison: null },
            { metric: refund, comparison: null },
          ],
        },
      ],
    };
    const lines = resultsCsv([withMetrics]).split('\r\n');
    expect(lines.slice(4, 6)).toEqual([
      '',
      'Element,Variant,Metric,Role,Lower is better,Uplift,Interval low,Interval high,Interval level,p-value,Adjusted p-value,Significant,Reading',
    ]);
    expect(lines.slice(6)).toEqual([
      'Text 1,Variant 1,Purchase,primary,no,+12.3%,+1.2%,+24.6%,97.5%,0.012,0.025,yes,better',
      'Text 1,Variant 1,"Refund, asked",guardrail,yes,+50.0%,+10.0%,+90.0%,97.5%,0.012,0.025,yes,harmed',
      'Text 1,Variant 2,Purchase,primary,no,,,,,,,,needs 40 more visitors',
      'Text 1,Variant 2,"Refund, asked",guardrail,yes,,,,,,,,needs 40 more visitors',
      '',
    ]);
    for (const line of lines) expect(line).not.toMatch(/\d\.\d{4,}/);
  });

  it('names the file after the campaign and the first and last days of the range', () => {
    expect(
      resultsFileName({
        campaignId: 42,
        range: { start: '2026-04-01T00:00:00.000Z', end: '2026-04-08T00:00:00.000Z' },
        timezone: 'UTC',
      }),
    ).toBe('campaign-42-2026-04-01-to-2026-04-07.csv');
    // A preset ends at the next hour: its last day is today, in the user's zone.
    expect(
      resultsFileName({
        campaignId: 7,
        range: { start: '2026-03-31T22:00:00.000Z', end: '2026-04-08T13:00:00.000Z' },
        timezone: 'Europe/Paris',
      }),
    ).toBe('campaign-7-2026-04-01-to-2026-04-08.csv');
    // A segment's rows say whose they are.
    expect(
      resultsFileName({
        campaignId: 42,
        range: { start: '2026-04-01T00:00:00.000Z', end: '2026-04-08T00:00:00.000Z' },
        timezone: 'UTC',
        segment: { dimension: 'platform', value: 'safari/phone' },
      }),
    ).toBe('campaign-42-platform-safari-phone-2026-04-01-to-2026-04-07.csv');
  });
});
