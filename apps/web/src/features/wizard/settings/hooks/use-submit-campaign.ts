import type { Thumbnail } from '@kindling/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../../lib/api-client';
import {
  campaignKey,
  campaignsKey,
  createCampaign,
  saveCampaign,
} from '../../../../lib/campaigns-api';
import { draftsKey } from '../../../../lib/drafts-api';
import { teamHref } from '../../../../lib/team-path';
import { toastSuccess } from '../../../../ui/toast';
import { campaignPayload } from '../../state/campaign-payload';
import type { EditModeStrategy } from '../../state/edit-mode';
import type { WizardState } from '../../state/wizard-types';
import { settingsErrors } from '../state/settings-rules';

interface Options {
  team: string;
  state: WizardState;
  editMode: EditModeStrategy;
  /** A retaken thumbnail (pop-ups closed) may still be on its way when the person saves. */
  settledThumbnail?: (limitMs: number) => Promise<Thumbnail | undefined>;
  /** The work being kept: create mode's draft stops saving meanwhile (use-work-keeping). */
  draft?: { draftId: () => number | undefined; start: () => void; failed: () => void };
  /** Create mode: the summary to confirm first; true to go on. */
  review?: (state: WizardState) => Promise<boolean | undefined>;
}

/** How long saving waits for a thumbnail still being taken before it goes without it. */
const THUMBNAIL_WAIT_MS = 20_000;

/**
 * From Settings: a new campaign is created (POST /create), a saved one saved (POST /save, it
 * has an id); then the campaign page opens.
 */
export function useSubmitCampaign({
  team,
  state,
  editMode,
  settledThumbnail,
  draft,
  review,
}: Options) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [showAllErrors, setShowAllErrors] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: async () => {
      const thumbnail = await settledThumbnail?.(THUMBNAIL_WAIT_MS);
      const payload = campaignPayload(thumbnail ? { ...state, thumbnail } : state);
      const id = state.campaignId;
      // Leaving for the campaign page once this succeeds must not ask about unsaved work.
      draft?.start();
      if (id === undefined) return (await createCampaign(team, payload, draft?.draftId())).id;
      return (await saveCampaign(team, { ...payload, id })).id;
    },
    onSuccess: async (id) => {
      await queryClient.invalidateQueries({ queryKey: campaignsKey(team) });
      await queryClient.invalidateQueries({ queryKey: draftsKey(team) });
      await queryClient.invalidateQueries({ queryKey: campaignKey(team, id) });
      toastSuccess(editMode.submit.successToast);
      await navigate(teamHref(team, `/campaign/${id}`));
    },
    onError: (error) => {
      draft?.failed();
      // Spec section 8: the general form error, with the server's reason when it gave one.
      const reason = isApiError(error) ? error.message : undefined;
      const general = editMode.submit.errorMessage;
      setFormError(reason ? `${general} ${reason}` : general);
    },
  });

  async function submit() {
    setFormError(null);
    const errors = settingsErrors(state.settings, state.ingestedUrl);
    if (Object.keys(errors).length > 0) {
      setShowAllErrors(true);
      return;
    }
    if (editMode.reviewsBeforeSubmit && review && !(await review(state))) return;
    mutation.mutate();
  }

  return { submit: () => void submit(), pending: mutation.isPending, showAllErrors, formError };
}
