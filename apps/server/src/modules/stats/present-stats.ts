import {
  campaignMetrics,
  leadElementId,
  variantMetrics,
  type BaseMetrics,
  type CampaignMetrics,
  type VariantMetrics,
} from '@kindling/domain';
import {
  armValues,
  cumulativeOf,
  totalOf,
  CONTROL_ARM,
  type ArmSeries,
  type ArmValues,
} from './arm-series';
import type { Interval } from './intervals';

// Base metrics per interval -> the metrics of spec section 3, discrete and cumulative.

export interface ElementShape {
  id: number;
  variantIds: number[];
  /** Whether each variant is served now (same order as variantIds). */
  variantEnabled: boolean[];
  /** The split the SRM test expects, control first (served phases, element-srm.ts); even without. */
  expectedShares?: readonly number[] | undefined;
}

export interface Period {
  intervals: Interval[];
  series: ArmSeries;
}

export interface Modes<T> {
  discrete: T;
  cumulative: T;
}

/** On the wire a series is its first start and its values keyed by interval start (ISO). */
export interface TimeSeries<T> {
  start: string | null;
  values: Record<string, Modes<T>>;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function timeSeriesOf<T>(
  intervals: readonly Interval[],
  at: (index: number) => Modes<T>,
): TimeSeries<T> {
  const values: Record<string, Modes<T>> = {};
  intervals.forEach((interval, index) => (values[iso(interval.start)] = at(index)));
  return { start: intervals[0] ? iso(intervals[0].start) : null, values };
}

/** Discrete and cumulative values per interval, and the period's total. */
export interface ArmModes {
  series: Modes<BaseMetrics[]>;
  total: BaseMetrics;
  /** The period's converted visitors (significance only). */
  convertedVisitors: number;
}

export function armModes({ values, convertedVisitors }: ArmValues): ArmModes {
  return {
    series: { discrete: values, cumulative: cumulativeOf(values) },
    total: totalOf(values),
    convertedVisitors,
  };
}

const modesAt = (arm: ArmModes | null, index: number): Modes<BaseMetrics | null> => ({
  discrete: arm?.series.discrete[index] ?? null,
  cumulative: arm?.series.cumulative[index] ?? null,
});

/** One arm's metrics against its benchmark arm (the control, or itself in the other period). */
export function presentArm(
  intervals: readonly Interval[],
  arm: ArmModes,
  benchmark: ArmModes | null,
): { overall: Modes<VariantMetrics>; timeSeries: TimeSeries<VariantMetrics> } {
  // Over the whole range the cumulative value is the total, as the discrete one.
  const total = variantMetrics(arm.total, benchmark?.total);
  return {
    overall: { discrete: total, cumulative: total },
    timeSeries: timeSeriesOf(intervals, (i) => {
      const against = modesAt(benchmark, i);
      return {
        discrete: variantMetrics(arm.series.discrete[i]!, against.discrete),
        cumulative: variantMetrics(arm.series.cumulative[i]!, against.cumulative),
      };
    }),
  };
}

/** Every arm of every element of a period, control first. */
export function periodArms(elements: readonly ElementShape[], period: Period) {
  const length = period.intervals.length;
  return new Map(
    elements.map((element) => [
      element.id,
      [CONTROL_ARM, ...element.variantIds].map((arm) =>
        armModes(armValues(period.series, element.id, arm, length)),
      ),
    ]),
  );
}

export type PeriodArms = ReturnType<typeof periodArms>;

/** The element whose arms speak for the campaign in this period (the domain's rule). */
export function leadElement(elements: readonly ElementShape[], arms: PeriodArms): number | null {
  return leadElementId(
    elements.map((element) => [
      element.id,
      (arms.get(element.id) ?? []).reduce((sum, arm) => sum + arm.total.views, 0),
    ]),
  );
}

/** The arms of one element only (a campaign whose elements change together: its first). */
export const onlyArmsOf = (arms: PeriodArms, elementId: number | null): PeriodArms =>
  new Map([...arms].filter(([id]) => id === elementId));

/** The campaign's base metrics per interval: the lead element's arms added up. */
export function campaignModes(arms: PeriodArms, lead: number | null, length: number): ArmModes {
  const elementArms = lead === null ? [] : (arms.get(lead) ?? []);
  const values = Array.from({ length }, (_, i) =>
    totalOf(elementArms.map((arm) => arm.series.discrete[i]!)),
  );
  const convertedVisitors = elementArms.reduce((sum, arm) => sum + arm.convertedVisitors, 0);
  return armModes({ values, convertedVisitors });
}

type Pick = (arm: ArmModes) => BaseMetrics;

export function campaignAt(
  arms: PeriodArms,
  base: BaseMetrics,
  benchmark: BaseMetrics | null,
  pick: Pick,
): CampaignMetrics {
  const elements = [...arms.values()].map(([control, ...variants]) => ({
    control: control ? pick(control) : totalOf([]),
    variants: variants.map(pick),
  }));
  return campaignMetrics({ base, benchmark, elements });
}
