import {
  BROWSERS,
  DEVICES,
  statsSegmentLabel,
  VISITOR_TYPES,
  type SegmentValuesAnswer,
  type StatsSegment,
  type StatsSegmentDimension,
} from '@kindling/domain';

// The results' "Segment" select: every visitor, or the visitors of one class (the stats route's
// segment filter). Its labels are the domain's, as the answer's heading names the segment; the
// open dimensions' values are the campaign's own (GET /campaign/segment-values).

/** 'all', or `${dimension}:${value}`. */
export type SegmentChoice = 'all' | `${StatsSegmentDimension}:${string}`;

export interface SegmentGroup {
  label: string;
  options: { value: SegmentChoice; label: string }[];
}

const group = (
  label: string,
  dimension: StatsSegmentDimension,
  values: readonly string[],
): SegmentGroup => ({
  label,
  options: values.map((value) => ({
    value: `${dimension}:${value}`,
    label: statsSegmentLabel(dimension, value),
  })),
});

export const SEGMENT_GROUPS: readonly SegmentGroup[] = [
  group('Device', 'device', DEVICES),
  group('Visitor', 'visitor', VISITOR_TYPES),
  group('Browser', 'browser', BROWSERS),
];

/** The groups of the open dimensions, as the API answers them (names and labels). */
export const openSegmentGroups = (answer: SegmentValuesAnswer): SegmentGroup[] =>
  answer.dimensions.map(({ dimension, label, values }) => ({
    label,
    options: values.map((value) => ({
      value: `${dimension}:${value.value}` as const,
      label: value.label,
    })),
  }));

export const ALL_VISITORS_LABEL = 'All visitors';

/** The request's segment of a choice; undefined for every visitor. */
export function segmentOfChoice(choice: SegmentChoice): StatsSegment | undefined {
  if (choice === 'all') return undefined;
  const at = choice.indexOf(':');
  return {
    dimension: choice.slice(0, at) as StatsSegmentDimension,
    value: choice.slice(at + 1),
  };
}
