import {
  CONTROL_ARM_KEY,
  type ArmVitals,
  type Campaign,
  type ElementVitals,
  type VitalsFigure,
  type VitalsHarm,
  type VitalsSampling,
} from '@kindling/domain';

// The "Page speed (Web Vitals)" rows: what the server answered, labelled and formatted. The
// figures and harms are the server's (packages/domain stats/vitals.ts); nothing is derived here.

export interface VitalsRow {
  key: string;
  label: string;
  vitals: ArmVitals;
}

export interface VitalsTable {
  elementId: number;
  rows: VitalsRow[];
  harms: VitalsHarm[];
  /** No arm has a sample yet. */
  empty: boolean;
}

const NONE: ArmVitals = { samples: 0, lcp: null, cls: null, inp: null };

/** One table per element shown (the first only when elements change together). */
export function vitalsTables(
  elements: Campaign['elements'],
  answer: Readonly<Record<string, { vitals: ElementVitals }>>,
  together: boolean,
): VitalsTable[] {
  return (together ? elements.slice(0, 1) : elements).map((element) => {
    const vitals = answer[String(element.id)]?.vitals ?? { variants: {}, harms: [] };
    const rows = [
      { key: CONTROL_ARM_KEY, label: 'Original' },
      ...element.variants.map((variant, index) => ({
        key: String(variant.id),
        label: `Variant ${index + 1}`,
      })),
    ].map((arm) => ({ ...arm, vitals: vitals.variants[arm.key] ?? NONE }));
    return {
      elementId: element.id,
      rows,
      harms: vitals.harms,
      empty: rows.every((row) => row.vitals.samples === 0),
    };
  });
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** "1,240 ms / 1,380 ms", "0.04 / 0.11" (CLS to two decimals, as Lighthouse); a dash without a sample. */
export function formatFigure(metric: 'lcp' | 'cls' | 'inp', figure: VitalsFigure | null): string {
  if (!figure) return '–';
  const one = (value: number) =>
    metric === 'cls' ? value.toFixed(2) : `${integer.format(value)} ms`;
  return `${one(figure.median)} / ${one(figure.p75)}`;
}

export const formatSamples = (samples: number) =>
  `${integer.format(samples)} page view${samples === 1 ? '' : 's'}`;

/** The sampling choice as the select shows it: "auto", "off" or "fixed". */
export const samplingMode = (sampling: VitalsSampling) =>
  typeof sampling === 'number' ? 'fixed' : sampling;
