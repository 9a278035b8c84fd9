import { GoalEventType, type Campaign, type WizardStep } from '@kindling/domain';
import type { ElementDescription } from '@kindling/page-runtime';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { useCurrentTeam } from '../../../lib/current-team';
import type { PreviewClient } from '../../../lib/preview/preview-client';
import { Button } from '../../../ui/button';
import { useAutoSuggestions } from '../elements/hooks/use-auto-suggestions';
import { useVariantActions } from '../elements/hooks/use-variant-actions';
import { useStepNavigation } from '../hooks/use-step-navigation';
import { useSubmitCampaign } from '../settings/hooks/use-submit-campaign';
import {
  WizardContext,
  type PreviewControls,
  type WizardContextValue,
} from '../hooks/wizard-context';
import { editModeFor } from '../state/edit-mode';
import { canVisit, nextStep, previousStep } from '../state/step-rules';
import { variantMutations } from '../elements/state/variant-mutations';
import { wizardReducer } from '../state/wizard-state';
import type { WizardState } from '../state/wizard-types';
import { activeGoalEventUrl } from '../goals/state/goal-rules';
import { WizardPreview } from './wizard-preview';
import { WizardStepper } from './wizard-stepper';
import { WizardStepPanel } from './wizard-step-panel';
import styles from './wizard.module.css';

interface WizardProps {
  initial: WizardState;
  /** Update mode: the campaign as loaded, for its automatic suggestions. */
  campaign?: Campaign;
}

export function Wizard({ initial, campaign }: WizardProps) {
  const { slug, featureFlags, membership, user } = useCurrentTeam();
  const [state, dispatch] = useReducer(wizardReducer, initial);
  const clientRef = useRef<PreviewClient | undefined>(undefined);
  const scrollRef = useRef<HTMLDivElement>(null);

  const preview = useMemo<PreviewControls>(
    () => ({
      showVariant(element, variant) {
        const client = clientRef.current;
        if (!client) return;
        client.send({ type: 'reset', selector: element.selector });
        if (variant)
          variantMutations(element, variant).forEach((mutation) => client.send(mutation));
      },
      focus(selector) {
        clientRef.current?.send({ type: 'focus', selector });
      },
    }),
    [],
  );
  const variants = useVariantActions({ team: slug, state, dispatch, preview });
  const navigation = useStepNavigation({ team: slug, state, dispatch });
  const submission = useSubmitCampaign(slug, state);
  useAutoSuggestions(slug, campaign, dispatch);

  const context = useMemo<WizardContextValue>(
    () => ({
      team: slug,
      state,
      dispatch,
      advancedAllowed: featureFlags.includes('variant_advanced_mode'),
      preview,
      variants,
    }),
    [slug, state, featureFlags, preview, variants],
  );

  // Spec section 2: changing step scrolls the scroll container back to the top.
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
    window.scrollTo({ top: 0 });
  }, [state.step]);

  const onLoaded = useCallback(() => dispatch({ type: 'previewLoaded' }), []);
  const onPick = useCallback(
    (element: ElementDescription) => {
      if (state.step === 'EditElements' && state.mode === 'create') {
        dispatch({ type: 'pick', picked: element });
      } else if (state.step === 'EditGoals' && !state.goalsConfirmed) {
        const goal = state.goals.find((candidate) => candidate.id === state.activeGoalId);
        if (goal?.event.type !== GoalEventType.Click) return;
        const label = element.text.trim().slice(0, 80) || element.tagName.toLowerCase();
        dispatch({
          type: 'toggleGoalElement',
          element: { id: element.selector, label, selector: element.selector },
        });
      }
    },
    [state.step, state.mode, state.goalsConfirmed, state.goals, state.activeGoalId],
  );

  const editMode = editModeFor(state.mode);
  const stepContext = {
    editMode,
    current: state.step,
    previewLoaded: state.previewLoaded,
    hasSeenModeHelp: true,
    screenshotRequested: state.screenshotRequested,
    goalsConfirmed: state.goalsConfirmed,
    elements: state.elements,
    goalCount: state.goals.length,
  };
  const goTo = (step: WizardStep | undefined) => {
    if (step) void navigation.goTo(step);
  };
  const back = previousStep(state.step);
  const next = nextStep(state.step);
  const previewMode = editMode.previewMode(state.step);
  const highlight =
    previewMode === 'CampaignPreview' ? state.elements.map((element) => element.selector) : [];
  const showPreview = state.step !== 'ChooseURL';

  return (
    <WizardContext value={context}>
      <div className={styles.wizard} data-testid="campaign-wizard" data-step={state.step}>
        <header className={styles.header}>
          <h1 className={styles.title}>
            {state.mode === 'update' ? `Edit “${state.settings.name}”` : 'New campaign'}
          </h1>
          <WizardStepper
            current={state.step}
            canVisit={(step) => canVisit(step, stepContext)}
            onVisit={goTo}
          />
        </header>
        <div className={styles.body}>
          <div className={styles.panel}>
            <div className={styles.panelScroll} ref={scrollRef}>
              <WizardStepPanel
                onNext={() => goTo(next)}
                screenshotPending={navigation.screenshotPending}
                settings={{
                  showAllErrors: submission.showAllErrors,
                  formError: submission.formError,
                  canEnable: state.mode === 'update' || membership.subscription != null,
                }}
              />
            </div>
            {navigation.stepError ? (
              <p className={styles.stepError} role="alert">
                {navigation.stepError}
              </p>
            ) : null}
            {state.step === 'ChooseURL' || state.draft ? null : (
              <footer className={styles.footer}>
                {back && canVisit(back, stepContext) ? (
                  <Button variant="outline" color="secondary" onClick={() => goTo(back)}>
                    Back
                  </Button>
                ) : (
                  <span />
                )}
                {next ? (
                  <Button onClick={() => goTo(next)}>Next</Button>
                ) : (
                  <Button
                    loading={submission.pending}
                    loadingText={state.mode === 'update' ? 'Saving…' : 'Creating…'}
                    onClick={submission.submit}
                  >
                    {state.mode === 'update' ? 'Save campaign' : 'Create campaign'}
                  </Button>
                )}
              </footer>
            )}
          </div>
          {showPreview ? (
            <div className={styles.previewColumn}>
              <WizardPreview
                team={slug}
                url={state.ingestedUrl}
                mode={previewMode}
                highlight={highlight}
                eventUrl={state.step === 'EditGoals' ? activeGoalEventUrl(state) : undefined}
                initialSize={user.preferences.previewSize}
                onPick={onPick}
                onLoaded={onLoaded}
                clientRef={clientRef}
              />
            </div>
          ) : null}
        </div>
      </div>
    </WizardContext>
  );
}
