import { useMutation } from '@tanstack/react-query';
import { fetchInstallationStatus } from './tracker-api';

/** "Check installation": asked on demand, so the answer is as fresh as the click. */
export function useInstallationCheck(team: string, campaignId?: number) {
  return useMutation({ mutationFn: () => fetchInstallationStatus(team, campaignId) });
}
