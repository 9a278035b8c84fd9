import { ERROR_MESSAGES } from '@kindling/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  campaignKey,
  campaignsKey,
  createCampaign,
  saveCampaign,
} from '../../../../lib/campaigns-api';
import { isApiError } from '../../../../lib/api-client';
import { teamHref } from '../../../../lib/team-path';
import { toastSuccess } from '../../../../ui/toast';
import { campaignPayload } from '../../state/campaign-payload';
import { settingsErrors } from '../state/settings-rules';
import type { WizardState } from '../../state/wizard-types';

/** Create (POST /create, then the campaign page opens) or save (POST /save) from Settings. */
export function useSubmitCampaign(team: string, state: WizardState) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [showAllErrors, setShowAllErrors] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: async () => {
      const payload = campaignPayload(state);
      if (state.mode === 'update' && state.campaignId !== undefined) {
        return (await saveCampaign(team, { ...payload, id: state.campaignId })).id;
      }
      return (await createCampaign(team, payload)).id;
    },
    onSuccess: async (id) => {
      await queryClient.invalidateQueries({ queryKey: campaignsKey(team) });
      await queryClient.invalidateQueries({ queryKey: campaignKey(team, id) });
      toastSuccess(state.mode === 'update' ? 'Campaign saved' : 'Campaign created');
      await navigate(teamHref(team, `/campaign/${id}`));
    },
    onError: (error) => {
      // Spec section 8: the general form error, with the server's reason when it gave one.
      const reason = isApiError(error) ? error.message : undefined;
      const general =
        state.mode === 'update'
          ? 'There was an error saving the campaign.'
          : ERROR_MESSAGES.createCampaign;
      setFormError(reason ? `${general} ${reason}` : general);
    },
  });

  function submit() {
    setFormError(null);
    const errors = settingsErrors(state.settings, state.ingestedUrl);
    if (Object.keys(errors).length > 0) {
      setShowAllErrors(true);
      return;
    }
    mutation.mutate();
  }

  return { submit, pending: mutation.isPending, showAllErrors, formError };
}
