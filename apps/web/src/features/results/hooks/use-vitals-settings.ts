import type { VitalsSettings } from '@kindling/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toastError, toastSuccess } from '../../../ui/toast';
import { campaignStatsKey } from '../api/stats-api';
import { fetchVitalsSettings, saveVitalsSettings, vitalsSettingsKey } from '../api/vitals-api';

/** The campaign's Web Vitals settings, and saving them (results re-read: guardrails changed). */
export function useVitalsSettings(team: string, campaignId: number) {
  const queryClient = useQueryClient();
  const key = vitalsSettingsKey(team, campaignId);
  const settings = useQuery({
    queryKey: key,
    queryFn: () => fetchVitalsSettings(team, campaignId),
  });
  const save = useMutation({
    mutationFn: (next: VitalsSettings) => saveVitalsSettings(team, campaignId, next),
    onSuccess: async (saved) => {
      queryClient.setQueryData(key, saved);
      toastSuccess('Web Vitals settings saved.');
      await queryClient.invalidateQueries({ queryKey: campaignStatsKey(team, campaignId) });
    },
    onError: (error) => toastError(error),
  });
  return { settings, save };
}
