import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { WizardState } from '../state/wizard-types';
import { useDraftAutosave, type DraftOrigin } from './use-draft-autosave';
import { useLeaveGuard, type LeavePrompt } from './use-leave-guard';

export const LEAVE_PROMPTS = {
  draft: {
    title: 'Leave before your draft is saved?',
    message:
      'Your last changes are still being saved. Stay a moment and they will be kept, or leave and lose them.',
  },
  conflict: {
    title: 'Leave without keeping this tab’s changes?',
    message:
      'This draft was saved in another tab, so the changes made here since then are not saved. Leave and lose them?',
  },
  edit: {
    title: 'Leave without saving?',
    message:
      'You changed the goals or settings of this campaign. They are kept only when you save the campaign.',
  },
} satisfies Record<string, LeavePrompt>;

/** What update mode saves only with its final button. */
const editedParts = (state: WizardState) =>
  JSON.stringify([state.goals, state.extraMetrics, state.settings]);

interface Options {
  team: string;
  state: WizardState;
  initial: WizardState;
  origin: DraftOrigin | undefined;
}

/**
 * Nothing made in the wizard is lost without a word (issue 35): a new campaign is saved as a
 * draft as it is built; leaving with anything unsaved, a draft or an edit, asks first.
 */
export function useWorkKeeping({ team, state, initial, origin }: Options) {
  const navigate = useNavigate();
  const autosave = useDraftAutosave({
    team,
    state,
    origin,
    // The address names the draft, so a reload opens it again.
    onCreated: (id) => void navigate({ search: `?draft=${id}` }, { replace: true }),
  });
  const saving = useRef(autosave);
  saving.current = autosave;
  const finished = useRef(false);
  const latestState = useRef(state);
  latestState.current = state;
  const initialParts = useRef(editedParts(initial));

  const shouldBlock = useCallback((): LeavePrompt | undefined => {
    if (finished.current) return undefined;
    const current = latestState.current;
    if (current.mode === 'update') {
      return editedParts(current) === initialParts.current ? undefined : LEAVE_PROMPTS.edit;
    }
    const drafts = saving.current;
    if (!drafts.hasUnsaved()) return undefined;
    if (drafts.stopped()) return LEAVE_PROMPTS.conflict;
    void drafts.flush();
    return LEAVE_PROMPTS.draft;
  }, []);
  useLeaveGuard(shouldBlock);

  return {
    status: autosave.status,
    retry: autosave.flush,
    /** The campaign is being created from the draft: no more saves, and leaving is fine. */
    finishing: {
      draftId: autosave.draftId,
      start: () => {
        autosave.stop();
        finished.current = true;
      },
      failed: () => {
        finished.current = false;
        autosave.resume();
      },
    },
  };
}
