import { DEMO_DATA_END_MS, type Campaign } from '@kindling/domain';
import { useState } from 'react';
import { useCurrentTeam } from '../../../lib/current-team';
import { useNow } from '../../../lib/use-now';
import type { StatsRequest } from '../api/stats-api';
import type { ToolbarValues } from '../state/results-controls';
import { segmentOfChoice } from '../state/segment-choices';
import {
  calendarDay,
  calendarRange,
  defaultGranularity,
  granularitiesFor,
  presetRange,
  previousRange,
  type StatsRange,
} from '../state/stats-range';

const DEMO_NOW = new Date(DEMO_DATA_END_MS);

const CALENDAR_ERROR = 'Pick a first day on or before the last day.';

/**
 * The results' range, granularity and comparison as the toolbar sets them, and the stats
 * request they make. A granularity the new range cannot show falls back to its default.
 */
export function useStatsRequest(campaign: Campaign) {
  const { user, featureFlags } = useCurrentTeam();
  const timezone = user.preferences.timezone;
  // Ranges end at the next hour: a page left open moves on to the new hour by itself. A demo
  // campaign's "now" is the end of its data, so the same presets show it.
  const liveNow = useNow(60_000);
  const now = campaign.isDemo ? DEMO_NOW : liveNow;
  const [values, setValues] = useState<
    Omit<ToolbarValues, 'granularity'> & { granularity: ToolbarValues['granularity'] | null }
  >(() => ({
    // Since the start: the whole test, as its verdict reads it, and nothing before it.
    range: 'sinceStart',
    firstDay: calendarDay(new Date(now.getTime() - 6 * 86_400_000), timezone),
    lastDay: calendarDay(now, timezone),
    granularity: null,
    compare: false,
    segment: 'all',
  }));

  const custom = values.range === 'custom' && featureFlags.includes('calendar');
  const picked = custom ? calendarRange(values.firstDay, values.lastDay, timezone) : null;
  const range: StatsRange =
    picked ??
    presetRange(values.range === 'custom' ? 'last7Days' : values.range, {
      now,
      timezone,
      campaignCreatedAt: campaign.createdAt,
    });
  const granularities = granularitiesFor(range);
  const granularity =
    values.granularity && granularities.includes(values.granularity)
      ? values.granularity
      : defaultGranularity(range);
  const compare = values.compare && featureFlags.includes('campaign_date_compare');

  const segment = segmentOfChoice(values.segment);
  const request: StatsRequest = {
    id: campaign.id,
    range: { start: range.start.toISOString(), end: range.end.toISOString() },
    timezone,
    granularity,
    ...(compare
      ? {
          compareRange: (({ start, end }) => ({
            start: start.toISOString(),
            end: end.toISOString(),
          }))(previousRange(range)),
        }
      : {}),
    ...(segment ? { segment } : {}),
  };

  return {
    request,
    toolbar: { ...values, granularity, compare } satisfies ToolbarValues,
    granularities,
    calendarError: custom && !picked ? CALENDAR_ERROR : null,
    change: (change: Partial<ToolbarValues>) => setValues((current) => ({ ...current, ...change })),
  };
}
