import { describeSchedule, type CampaignSchedule, type StoredSchedule } from '@kindling/domain';
import type { CampaignRow } from './repo';

type ScheduleRow = Pick<
  CampaignRow,
  'startAt' | 'stopAt' | 'scheduleStartedAt' | 'scheduleStoppedAt' | 'scheduleStartRefusal'
>;

/** The schedule columns as the domain's rule reads them (instants as ISO 8601, UTC). */
export function storedScheduleOf(row: ScheduleRow): StoredSchedule {
  return {
    startAt: row.startAt?.toISOString() ?? null,
    stopAt: row.stopAt?.toISOString() ?? null,
    startedAt: row.scheduleStartedAt?.toISOString() ?? null,
    stoppedAt: row.scheduleStoppedAt?.toISOString() ?? null,
    startRefusal: row.scheduleStartRefusal,
  };
}

/** A campaign's `schedule` as the API answers it: times, state and words in the team's zone. */
export function presentSchedule(
  row: ScheduleRow,
  { timeZone, nowMs }: { timeZone: string; nowMs: number },
): CampaignSchedule {
  return describeSchedule(storedScheduleOf(row), { timeZone, nowMs });
}
