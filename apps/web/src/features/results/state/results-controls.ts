import type { Granularity } from '@kindling/domain';
import type { SegmentChoice } from './segment-choices';
import type { RangePreset } from './stats-range';

export type RangeChoice = RangePreset | 'custom';

/** What the results toolbar sets. */
export interface ToolbarValues {
  range: RangeChoice;
  /** Calendar days (yyyy-mm-dd) of a picked range. */
  firstDay: string;
  lastDay: string;
  granularity: Granularity;
  compare: boolean;
  /** Whose results: every visitor or one segment's. */
  segment: SegmentChoice;
}
