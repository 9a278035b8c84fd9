import type { Campaign, ScheduleInput } from '@kindling/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { campaignKey, campaignsKey } from '../../../lib/campaigns-api';
import { toastSuccess } from '../../../ui/toast';
import { saveSchedule } from '../api/schedule-api';

/** Saving the schedule: the page shows the answer at once; errors stay with the form, by field. */
export function useSaveSchedule(team: string, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (schedule: ScheduleInput) => saveSchedule(team, id, schedule),
    onSuccess: async (saved, schedule) => {
      queryClient.setQueryData<Campaign>(campaignKey(team, id), (old) =>
        old ? { ...old, ...saved } : saved,
      );
      toastSuccess(schedule.startAt || schedule.stopAt ? 'Schedule saved' : 'Schedule cleared');
      await queryClient.invalidateQueries({ queryKey: campaignsKey(team) });
    },
  });
}

/** How long after a scheduled time the page asks again, and then how often, until it changed. */
const FIRST_LOOK_MS = 2_000;
const LOOK_EVERY_MS = 5_000;
/** Times further away than this are not waited for: the page is reloaded long before. */
const WATCH_WITHIN_MS = 60 * 60_000;

/**
 * The worker switches the campaign at its time, not this page: once the next scheduled time has
 * passed, the campaign is read again until its schedule says the change was made.
 */
export function useScheduleWatch(team: string, campaign: Campaign) {
  const queryClient = useQueryClient();
  const schedule = campaign.schedule;
  const next =
    schedule?.state === 'start-pending'
      ? schedule.startAt
      : schedule?.state === 'stop-pending'
        ? schedule.stopAt
        : null;
  useEffect(() => {
    if (!next) return;
    const wait = Date.parse(next) - Date.now();
    if (wait > WATCH_WITHIN_MS) return;
    let timer: ReturnType<typeof setTimeout>;
    const look = (after: number) => {
      timer = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: campaignKey(team, campaign.id) });
        look(LOOK_EVERY_MS);
      }, after);
    };
    look(Math.max(0, wait) + FIRST_LOOK_MS);
    return () => clearTimeout(timer);
  }, [queryClient, team, campaign.id, next]);
}
