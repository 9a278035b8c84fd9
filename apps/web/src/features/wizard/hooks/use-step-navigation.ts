import {
  GOAL_CONFIRMATION,
  normalizeUrl,
  popupClicksOf,
  START_OVER,
  type Goal,
  type Thumbnail,
  type WizardStep,
} from '@kindling/domain';
import { useCallback, useEffect, useRef, useState, type Dispatch } from 'react';
import { useSearchParams } from 'react-router';
import { logger } from '../../../lib/logger';
import { useOwnPagesOrigin } from '../../../lib/own-pages-origin';
import { useConfirm } from '../../../ui/confirm-dialog';
import { captureThumbnail } from '../api/screenshot';
import { goalsReadyMessage } from '../goals/state/goal-rules';
import { needsOpeningShot } from '../state/opening-shot';
import type { EditModeStrategy } from '../state/edit-mode';
import { planStepChange, stepContextFor, type StepPlan } from '../state/step-rules';
import type { WizardAction, WizardState } from '../state/wizard-types';
import { readHasSeenModeHelp, recordHasSeenModeHelp } from './mode-help-store';

export const ZERO_VARIANTS_MESSAGE =
  'Add at least one variant to this element, or delete the element, before you continue.';

const normalizeGoalUrls = (goals: readonly Goal[]): Goal[] =>
  goals.map((goal) => ({
    ...goal,
    event: { ...goal.event, url: normalizeUrl(goal.event.url ?? '') },
  }));

interface Options {
  team: string;
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  editMode: EditModeStrategy;
  /** Shows the mode help; true when the person chose to start editing. */
  openModeHelp: () => Promise<boolean>;
}

/** Carries out the step rules of spec section 4: dialogs, the screenshot, the mode help. */
export function useStepNavigation({ team, state, dispatch, editMode, openModeHelp }: Options) {
  const confirm = useConfirm();
  const ownPagesOrigin = useOwnPagesOrigin();
  const [, setParams] = useSearchParams();
  const [hasSeenModeHelp, setHasSeenModeHelp] = useState<boolean>();
  const [stepError, setStepError] = useState<string>();
  const [screenshotPending, setScreenshotPending] = useState(false);

  useEffect(() => {
    void readHasSeenModeHelp().then(setHasSeenModeHelp);
  }, []);

  // A message about missing elements or goals is stale once the person changes them.
  useEffect(() => {
    setStepError(undefined);
  }, [state.elements, state.goals]);

  const lastShot = useRef(0);
  /** The newest shot's thumbnail once it is taken (undefined if it failed). */
  const newestShot = useRef<Promise<Thumbnail | undefined>>(Promise.resolve(undefined));
  const takeScreenshot = useCallback(
    (url: string, popupClicks: readonly string[]) => {
      // A shot taken again (pop-ups closed since) wins over an earlier one that ends later.
      lastShot.current += 1;
      const shot = lastShot.current;
      setScreenshotPending(true);
      dispatch({ type: 'screenshotRequested', popupClicks });
      newestShot.current = captureThumbnail(team, url, popupClicks)
        .then((thumbnail) => {
          if (shot === lastShot.current) dispatch({ type: 'thumbnail', thumbnail, url });
          return thumbnail;
        })
        // Spec section 8: a failed screenshot is logged only.
        .catch((error: unknown) => {
          logger.warn('screenshot', 'Screenshot failed', { url, error });
          return undefined;
        })
        .finally(() => {
          if (shot === lastShot.current) setScreenshotPending(false);
        });
    },
    [team, dispatch],
  );

  /** For saving: the thumbnail of a shot still being taken, waited for at most `limitMs`. */
  const settledThumbnail = useCallback(
    (limitMs: number): Promise<Thumbnail | undefined> =>
      Promise.race([
        newestShot.current,
        new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), limitMs)),
      ]),
    [],
  );

  // Opened at ClosePopups (`?url=`): the shot entering the step would have taken. Once.
  const openingShot = useRef(needsOpeningShot(state));
  useEffect(() => {
    if (!openingShot.current) return;
    openingShot.current = false;
    takeScreenshot(state.ingestedUrl, []);
  }, [takeScreenshot, state.ingestedUrl]);

  const retakeWithPopupsClosed = useCallback(
    () => takeScreenshot(state.ingestedUrl, popupClicksOf(state.meta)),
    [takeScreenshot, state.ingestedUrl, state.meta],
  );

  const carryOut = useCallback(
    async (plan: StepPlan, target: WizardStep) => {
      switch (plan.kind) {
        case 'stay':
          return;
        case 'blocked':
          setStepError(plan.message);
          return;
        case 'confirmStartOver':
          if (!(await confirm(START_OVER))) return;
          dispatch({ type: 'startOver' });
          setParams({}, { replace: true });
          return;
        case 'showModeHelp':
          if (plan.requestScreenshot) retakeWithPopupsClosed();
          // The first visit only records the flag; "Start editing" in the help is a new request.
          await recordHasSeenModeHelp();
          setHasSeenModeHelp(true);
          if (await openModeHelp()) {
            dispatch({ type: 'goTo', step: target, clearSelectedVariants: true });
          }
          return;
        case 'openDraftEditor':
          if (state.step !== 'EditElements') {
            dispatch({ type: 'goTo', step: 'EditElements', clearSelectedVariants: false });
          }
          dispatch({ type: 'openDraft', elementId: plan.elementId, draftType: 'Default' });
          setStepError(ZERO_VARIANTS_MESSAGE);
          return;
        case 'confirmGoals': {
          const problem = goalsReadyMessage(state.goals, ownPagesOrigin);
          if (problem) {
            setStepError(problem);
            return;
          }
          if (!(await confirm(GOAL_CONFIRMATION))) return;
          dispatch({ type: 'confirmGoals', goals: normalizeGoalUrls(state.goals) });
          dispatch({ type: 'goTo', step: target, clearSelectedVariants: false });
          return;
        }
        case 'advance':
          if (plan.requestScreenshot && plan.to === 'ClosePopups') {
            const url = normalizeUrl(state.ingestedUrl);
            dispatch({ type: 'setUrl', url });
            setParams({ url }, { replace: true });
            // Entering ClosePopups reopens the pop-ups: nothing is clicked yet.
            takeScreenshot(url, []);
          } else if (plan.requestScreenshot) {
            retakeWithPopupsClosed();
          }
          dispatch({
            type: 'goTo',
            step: plan.to,
            clearSelectedVariants: plan.clearSelectedVariants,
          });
      }
    },
    [
      confirm,
      openModeHelp,
      dispatch,
      ownPagesOrigin,
      setParams,
      state.goals,
      state.ingestedUrl,
      state.step,
      takeScreenshot,
      retakeWithPopupsClosed,
    ],
  );

  const goTo = useCallback(
    async (target: WizardStep) => {
      setStepError(undefined);
      if (state.step === 'EditGoals' && target !== 'ChooseURL') {
        const problem = state.goalsConfirmed
          ? undefined
          : goalsReadyMessage(state.goals, ownPagesOrigin);
        if (problem && target !== 'EditElements' && target !== 'ClosePopups') {
          setStepError(problem);
          return;
        }
      }
      const context = stepContextFor({
        state,
        editMode,
        hasSeenModeHelp: hasSeenModeHelp === true,
      });
      await carryOut(planStepChange(target, context), target);
    },
    [carryOut, editMode, hasSeenModeHelp, ownPagesOrigin, state],
  );

  /** Another address for the page, at whatever step: opened, in the address bar and shot. */
  const switchUrl = useCallback(
    (url: string) => {
      dispatch({ type: 'setUrl', url });
      // The draft's id, if the address bar has it, stays.
      setParams(
        (params) => {
          params.set('url', url);
          return params;
        },
        { replace: true },
      );
      takeScreenshot(url, []);
    },
    [dispatch, setParams, takeScreenshot],
  );

  return {
    goTo,
    switchUrl,
    stepError,
    clearStepError: () => setStepError(undefined),
    screenshotPending,
    settledThumbnail,
  };
}
