import { z } from 'zod';
import { formatScheduleTime } from './schedule-time';

// Campaign schedules (issue 31): start at / stop at, applied by the server's job worker. The
// API takes and answers instants (ISO 8601; stored and answered in UTC); the app shows and edits
// them on the team's clocks (teams.time_zone). The rule of what a schedule is doing now, and the
// words for it, live here: the server answers them, the app shows them.

export const SCHEDULE_MESSAGES = {
  instant:
    'Give the time as an ISO 8601 instant with its offset, such as 2026-12-01T08:00:00Z, or null for none.',
  stopBeforeStart: 'The stop time must be after the start time.',
  startPassed:
    'The start time has passed: choose a time in the future, or switch the campaign on now.',
  stopPassed: 'The stop time has passed: choose a time in the future, or pause the campaign now.',
  ended: 'This test has ended: it can no longer be scheduled.',
  archived: 'This campaign is archived: bring it back to the list before scheduling it.',
  demo: 'A demo campaign has no live page: it cannot be scheduled.',
} as const;

const instant = z
  .string(SCHEDULE_MESSAGES.instant)
  .pipe(z.iso.datetime({ offset: true, error: SCHEDULE_MESSAGES.instant }))
  .transform((value) => new Date(value).toISOString())
  // An offset can carry 9999-12-31 past year 9999 (+010000-…), which no answer could write back.
  .pipe(z.string().regex(/^(19[7-9]\d|[2-9]\d{3})-/, SCHEDULE_MESSAGES.instant));

/** PUT /campaign/schedule: both times, each null for none (both null: no schedule). */
export const scheduleInputSchema = z
  .object({
    startAt: instant.nullable(),
    stopAt: instant.nullable(),
  })
  .refine(
    ({ startAt, stopAt }) => !startAt || !stopAt || Date.parse(stopAt) > Date.parse(startAt),
    { message: SCHEDULE_MESSAGES.stopBeforeStart, path: ['stopAt'] },
  );
export type ScheduleInput = z.infer<typeof scheduleInputSchema>;

/** A campaign's schedule as stored: the times, and what the worker did with them. */
export interface StoredSchedule {
  startAt: string | null;
  stopAt: string | null;
  /** When the worker applied the start (switched the campaign on, or found it on). */
  startedAt: string | null;
  /** When the worker applied the stop. */
  stoppedAt: string | null;
  /** Why the scheduled start was refused (the plan's running cap, say); null unless it was. */
  startRefusal: string | null;
}

/**
 * What a new schedule may not be, as { field, message }, or null when it is fine. A time that has
 * passed is refused, unless it is the one already stored (a running campaign's stop moved, its
 * applied start sent back as it was).
 */
export function scheduleProblem(
  input: ScheduleInput,
  { stored, nowMs }: { stored: Pick<StoredSchedule, 'startAt' | 'stopAt'>; nowMs: number },
): { field: 'startAt' | 'stopAt'; message: string } | null {
  const passed = (value: string | null, current: string | null) =>
    value !== null && value !== current && Date.parse(value) <= nowMs;
  if (passed(input.startAt, stored.startAt)) {
    return { field: 'startAt', message: SCHEDULE_MESSAGES.startPassed };
  }
  if (passed(input.stopAt, stored.stopAt)) {
    return { field: 'stopAt', message: SCHEDULE_MESSAGES.stopPassed };
  }
  return null;
}

/**
 * What the worker does now with a schedule: stop first (a start and a stop both due, after the
 * server was down through the window, switch nothing on), a start once, never after the stop or
 * a refusal.
 */
export function dueScheduleAction(
  schedule: StoredSchedule,
  nowMs: number,
): 'start' | 'stop' | null {
  const due = (at: string | null) => at !== null && Date.parse(at) <= nowMs;
  if (due(schedule.stopAt) && !schedule.stoppedAt) return 'stop';
  if (
    due(schedule.startAt) &&
    !schedule.startedAt &&
    !schedule.stoppedAt &&
    !schedule.startRefusal
  ) {
    return 'start';
  }
  return null;
}

export const SCHEDULE_STATES = [
  'none',
  'start-pending',
  'stop-pending',
  'start-refused',
  'done',
] as const;
export type ScheduleState = (typeof SCHEDULE_STATES)[number];

/** A campaign's schedule as the API answers it (campaign `schedule`). */
export const campaignScheduleSchema = z.object({
  startAt: z.iso.datetime({ offset: true }).nullable(),
  stopAt: z.iso.datetime({ offset: true }).nullable(),
  /** The team's zone, the one `summary` and `badges` are written in. */
  timeZone: z.string(),
  state: z.enum(SCHEDULE_STATES),
  /** One sentence for the campaign page. */
  summary: z.string(),
  /** Short labels for the campaign list: "Starts Tue 1 Dec, 09:00", "Stops …". */
  badges: z.array(z.string()),
  startRefusal: z.string().nullable(),
});
export type CampaignSchedule = z.infer<typeof campaignScheduleSchema>;

/** The schedule's state now, with its words on the team's clocks. */
export function describeSchedule(
  schedule: StoredSchedule,
  { timeZone, nowMs }: { timeZone: string; nowMs: number },
): CampaignSchedule {
  const at = (iso: string) => formatScheduleTime(iso, timeZone, nowMs);
  const base = {
    startAt: schedule.startAt,
    stopAt: schedule.stopAt,
    timeZone,
    startRefusal: schedule.startRefusal,
  };
  const { startAt, stopAt } = schedule;
  if (!startAt && !stopAt) {
    return { ...base, state: 'none', summary: 'No schedule.', badges: [] };
  }
  // A refused start stays on show (the list's badge too) until the schedule is changed.
  if (schedule.startRefusal && startAt) {
    return {
      ...base,
      state: 'start-refused',
      summary: `The scheduled start (${at(startAt)}) was refused: ${schedule.startRefusal}`,
      badges: ['Scheduled start refused'],
    };
  }
  if (startAt && !schedule.startedAt && !schedule.stoppedAt) {
    const stops = stopAt ? `, stops ${at(stopAt)}` : '';
    return {
      ...base,
      state: 'start-pending',
      summary: `Starts ${at(startAt)}${stops} (${timeZone}).`,
      badges: [`Starts ${at(startAt)}`, ...(stopAt ? [`Stops ${at(stopAt)}`] : [])],
    };
  }
  if (stopAt && !schedule.stoppedAt) {
    // Without a start the campaign may be paused now: say when it stops, not that it runs.
    const summary = startAt
      ? `Started by schedule ${at(startAt)}; runs until ${at(stopAt)} (${timeZone}).`
      : `Stops ${at(stopAt)} (${timeZone}).`;
    return {
      ...base,
      state: 'stop-pending',
      summary,
      badges: [`Stops ${at(stopAt)}`],
    };
  }
  const done = stopAt
    ? `Stopped by schedule ${at(stopAt)}`
    : `Started by schedule ${at(startAt ?? '')}`;
  return { ...base, state: 'done', summary: `${done} (${timeZone}).`, badges: [] };
}

/** The team's notice when the worker started, stopped, or could not start a campaign. */
export function scheduleNotice(input: {
  campaignName: string;
  campaignId: number;
  action: 'started' | 'stopped' | 'refused';
  /** The scheduled time (ISO 8601), written on the team's clocks. */
  at: string;
  timeZone: string;
  nowMs: number;
  reason?: string;
}): { title: string; body: string; teamPath: string } {
  const teamPath = `/campaign/${input.campaignId}`;
  const when = `${formatScheduleTime(input.at, input.timeZone, input.nowMs)} (${input.timeZone})`;
  switch (input.action) {
    case 'started':
      return {
        title: `${input.campaignName} started by schedule`,
        body: `The campaign was switched on at its scheduled start, ${when}.`,
        teamPath,
      };
    case 'stopped':
      return {
        title: `${input.campaignName} stopped by schedule`,
        body: `The campaign was paused at its scheduled stop, ${when}.`,
        teamPath,
      };
    case 'refused':
      return {
        title: `${input.campaignName}: scheduled start refused`,
        body: `The campaign was not switched on at its scheduled start, ${when}: ${input.reason ?? ''}`,
        teamPath,
      };
  }
}
