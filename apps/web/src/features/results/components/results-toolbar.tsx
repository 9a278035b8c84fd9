import type { Granularity } from '@kindling/domain';
import { SelectField, TextField } from '../../../ui/field';
import { Switch } from '../../../ui/switch';
import type { RangeChoice, ToolbarValues } from '../state/results-controls';
import {
  ALL_VISITORS_LABEL,
  SEGMENT_GROUPS,
  type SegmentChoice,
  type SegmentGroup,
} from '../state/segment-choices';
import { GRANULARITY_LABELS, RANGE_PRESETS } from '../state/stats-range';
import styles from './campaign-results.module.css';

/** Range, granularity and comparison of the results; the calendar and comparison are flagged. */
export function ResultsToolbar({
  values,
  granularities,
  calendar,
  dateCompare,
  calendarError,
  openSegments,
  onChange,
}: {
  values: ToolbarValues;
  granularities: readonly Granularity[];
  calendar: boolean;
  dateCompare: boolean;
  calendarError: string | null;
  /** The referrers, UTM tags and countries the campaign keeps. */
  openSegments: readonly SegmentGroup[];
  onChange: (change: Partial<ToolbarValues>) => void;
}) {
  return (
    <div className={styles.toolbar} data-testid="results-toolbar">
      <SelectField
        label="Range"
        value={values.range}
        onChange={(event) => onChange({ range: event.target.value as RangeChoice })}
      >
        {RANGE_PRESETS.map((preset) => (
          <option key={preset.value} value={preset.value}>
            {preset.label}
          </option>
        ))}
        {calendar ? <option value="custom">Pick dates…</option> : null}
      </SelectField>
      {calendar && values.range === 'custom' ? (
        <>
          <TextField
            label="From"
            type="date"
            value={values.firstDay}
            onChange={(event) => onChange({ firstDay: event.target.value })}
            error={calendarError ?? undefined}
          />
          <TextField
            label="To"
            type="date"
            value={values.lastDay}
            onChange={(event) => onChange({ lastDay: event.target.value })}
          />
        </>
      ) : null}
      <SelectField
        label="Granularity"
        value={values.granularity}
        onChange={(event) => onChange({ granularity: event.target.value as Granularity })}
      >
        {granularities.map((granularity) => (
          <option key={granularity} value={granularity}>
            {GRANULARITY_LABELS[granularity]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Segment"
        value={values.segment}
        onChange={(event) => onChange({ segment: event.target.value as SegmentChoice })}
        data-testid="segment-select"
      >
        <option value="all">{ALL_VISITORS_LABEL}</option>
        {[...SEGMENT_GROUPS, ...openSegments].map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </optgroup>
        ))}
      </SelectField>
      {dateCompare ? (
        <div className={styles.compare}>
          <Switch
            checked={values.compare}
            onCheckedChange={(compare) => onChange({ compare })}
            label="Compare with the previous period"
            showLabel
            data-testid="compare-switch"
          />
        </div>
      ) : null}
    </div>
  );
}
