import type { Campaign, RolloutChoice } from '@kindling/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  archiveCampaign,
  endCampaign,
  removeRollout,
  unarchiveCampaign,
} from '../../../lib/campaign-end-api';
import { campaignKey, campaignsKey } from '../../../lib/campaigns-api';
import { toastError, toastSuccess } from '../../../ui/toast';

type Action =
  | { type: 'end'; id: number; rollout: RolloutChoice }
  | { type: 'remove-rollout'; id: number }
  | { type: 'archive'; id: number }
  | { type: 'unarchive'; id: number };

const CALLS = {
  end: (team: string, action: Extract<Action, { type: 'end' }>) =>
    endCampaign(team, action.id, action.rollout),
  'remove-rollout': (team: string, action: Action) => removeRollout(team, action.id),
  archive: (team: string, action: Action) => archiveCampaign(team, action.id),
  unarchive: (team: string, action: Action) => unarchiveCampaign(team, action.id),
};

const WORDS: Record<Action['type'], { done: string; failed: string }> = {
  end: { done: 'Test ended', failed: 'Could not end the test' },
  'remove-rollout': { done: 'Rollout removed', failed: 'Could not remove the rollout' },
  archive: { done: 'Campaign archived', failed: 'Could not archive the campaign' },
  unarchive: { done: 'Campaign unarchived', failed: 'Could not unarchive the campaign' },
};

/** Ends, removes a rollout, archives or unarchives; the answer replaces the cached campaign. */
export function useCampaignEnd(team: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: Action): Promise<Campaign> =>
      action.type === 'end' ? CALLS.end(team, action) : CALLS[action.type](team, action),
    onSuccess: async (campaign, action) => {
      queryClient.setQueryData(campaignKey(team, campaign.id), campaign);
      toastSuccess(WORDS[action.type].done);
      await queryClient.invalidateQueries({ queryKey: campaignsKey(team) });
    },
    onError: (error, action) => toastError(error, WORDS[action.type].failed),
  });
}
