import { popupClicksOf, type Campaign, type PageMeta, type WizardStep } from '@kindling/domain';
import type { ElementDescription } from '@kindling/page-runtime';
import clsx from 'clsx';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useCurrentTeam } from '../../../lib/current-team';
import type { PageCheck } from '../../../lib/preview/page-check';
import { useLatest } from '../../../lib/use-latest';
import { useOwnPagesOrigin } from '../../../lib/own-pages-origin';
import { useModals } from '../../../ui/modal-stack';
import { TabList, tabPanelProps } from '../../../ui/tab-list';
import { useAutoSuggestions } from '../elements/hooks/use-auto-suggestions';
import { activeGoalTarget } from '../goals/state/goal-rules';
import { usePreviewClientControls } from '../hooks/preview-controls';
import { WIZARD_TABS, useEditPreviewTabs } from '../hooks/use-edit-preview-tabs';
import { useOriginalPageForGoals } from '../hooks/use-original-page-for-goals';
import type { DraftOrigin } from '../hooks/use-draft-autosave';
import { useStepNavigation } from '../hooks/use-step-navigation';
import { useTargetPickerState } from '../hooks/target-picker';
import { useWorkKeeping } from '../hooks/use-work-keeping';
import type { WizardStore } from '../hooks/wizard-store';
import { ReviewDialog } from '../settings/components/review-dialog';
import { useSubmitCampaign } from '../settings/hooks/use-submit-campaign';
import { editModeFor } from '../state/edit-mode';
import { pageClickAction } from '../state/page-click';
import {
  canVisit,
  nextStep,
  pageBlocksForward,
  previousStep,
  stepContextFor,
} from '../state/step-rules';
import { wizardReducer } from '../state/wizard-state';
import type { WizardState } from '../state/wizard-types';
import { DraftSaveStatusLine } from './draft-save-status';
import { useOpenModeHelp } from './mode-help-dialog';
import { WizardFooter } from './wizard-footer';
import { WizardPreview } from './wizard-preview';
import { WizardProviders } from './wizard-providers';
import { WizardStepPanel } from './wizard-step-panel';
import { WizardStepper } from './wizard-stepper';
import styles from './wizard.module.css';

const TABS_ID = 'wizard-tabs';

interface WizardProps {
  initial: WizardState;
  /** Update mode: the campaign as loaded, for its automatic suggestions. */
  campaign?: Campaign;
  /** The draft this wizard reopened (issue 35). */
  draft?: DraftOrigin;
}

export function Wizard({ initial, campaign, draft }: WizardProps) {
  const { slug, user } = useCurrentTeam();
  const ownPagesOrigin = useOwnPagesOrigin();
  const [state, dispatch] = useReducer(wizardReducer, initial);
  const latest = useLatest(state);
  // A wizard never changes mode: the strategy is chosen once, when it opens.
  const [editMode] = useState(() => editModeFor(initial.mode));
  const { controls: preview, clientRef } = usePreviewClientControls();
  const scrollRef = useRef<HTMLDivElement>(null);
  const openModeHelp = useOpenModeHelp();
  const { open: openModal } = useModals();
  const navigation = useStepNavigation({ team: slug, state, dispatch, editMode, openModeHelp });
  const keeping = useWorkKeeping({ team: slug, state, initial, origin: draft });
  const submission = useSubmitCampaign({
    team: slug,
    state,
    editMode,
    settledThumbnail: navigation.settledThumbnail,
    draft: keeping.finishing,
    review: (toReview) => openModal(ReviewDialog, { state: toReview }),
  });
  useAutoSuggestions(slug, campaign, dispatch);
  useOriginalPageForGoals({
    editingGoals: state.step === 'EditGoals',
    elements: state.elements,
    selectedVariants: state.selectedVariants,
    preview,
  });
  const phoneTabs = useEditPreviewTabs(state.activeElementId);
  // On a phone, picking a move's target shows the preview, and the pick the editor again.
  const targets = useTargetPickerState((picking) => phoneTabs.setTab(picking ? 'preview' : 'edit'));
  const store = useMemo<WizardStore>(() => ({ state, dispatch, latest }), [state, latest]);

  // Spec section 2: changing step scrolls the scroll container back to the top.
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
    window.scrollTo({ top: 0 });
  }, [state.step]);

  const onLoaded = useCallback(() => dispatch({ type: 'previewLoaded' }), []);
  const onPopupClick = useCallback(
    (selector: string) => dispatch({ type: 'popupClick', selector }),
    [],
  );
  const onPageCheck = useCallback(
    (check: PageCheck) => dispatch({ type: 'pageChecked', check }),
    [],
  );
  const onAcceptBrokenPage = useCallback(() => dispatch({ type: 'acceptBrokenPage' }), []);
  const onPageMeta = useCallback(
    (meta: PageMeta, url: string) => dispatch({ type: 'pageMeta', meta, url }),
    [],
  );
  const onPick = useCallback(
    (clicked: ElementDescription) => {
      if (targets.take(clicked.selector)) return;
      const { changesElements } = editMode;
      const action = pageClickAction({ state: latest.current, changesElements, clicked });
      if (action) dispatch(action);
    },
    [editMode, latest, targets],
  );

  const stepContext = stepContextFor({ state, editMode, hasSeenModeHelp: true });
  const goTo = (step: WizardStep | undefined) => {
    if (step) void navigation.goTo(step);
  };
  const back = previousStep(state.step);
  const next = nextStep(state.step);
  const previewMode = targets.picker.picking ? 'PickTarget' : editMode.previewMode(state.step);
  const highlight =
    previewMode === 'CampaignPreview' ? state.elements.map((element) => element.selector) : [];
  const showPreview = state.step !== 'ChooseURL';
  const tabs = showPreview && phoneTabs.tabs;
  // Both panels stay mounted whatever the tab: switching must not reload the preview frame.
  const panelProps = (tab: 'edit' | 'preview') =>
    tabs ? tabPanelProps(TABS_ID, tab, phoneTabs.tab) : {};

  return (
    <WizardProviders
      store={store}
      editMode={editMode}
      preview={preview}
      targetPicker={targets.picker}
    >
      <div className={styles.wizard} data-testid="campaign-wizard" data-step={state.step}>
        <header className={styles.header}>
          <div className={styles.titleRow}>
            <h1 className={styles.title}>{editMode.title(state.settings.name)}</h1>
            <DraftSaveStatusLine status={keeping.status} onRetry={() => void keeping.retry()} />
          </div>
          <WizardStepper
            current={state.step}
            canVisit={(step) => canVisit(step, stepContext)}
            onVisit={goTo}
          />
        </header>
        {tabs ? (
          <TabList
            label="Editor and preview"
            idPrefix={TABS_ID}
            value={phoneTabs.tab}
            options={WIZARD_TABS}
            onChange={phoneTabs.setTab}
            className={styles.tabs}
          />
        ) : null}
        <div className={clsx(styles.body, tabs && styles.tabbed)}>
          <div className={styles.panel} {...panelProps('edit')}>
            <div className={styles.panelScroll} ref={scrollRef}>
              <WizardStepPanel
                onNext={() => goTo(next)}
                screenshotPending={navigation.screenshotPending}
                settings={{
                  showAllErrors: submission.showAllErrors,
                  formError: submission.formError,
                }}
              />
            </div>
            {navigation.stepError ? (
              <p className={styles.stepError} role="alert">
                {navigation.stepError}
              </p>
            ) : null}
            {state.step === 'ChooseURL' || state.draft ? null : (
              <WizardFooter
                back={back && canVisit(back, stepContext) ? back : undefined}
                next={next}
                nextBlocked={pageBlocksForward(stepContext)}
                onGoTo={goTo}
                submitting={submission.pending}
                onSubmit={submission.submit}
              />
            )}
          </div>
          {showPreview ? (
            <div className={styles.previewColumn} {...panelProps('preview')}>
              <WizardPreview
                team={slug}
                url={state.ingestedUrl}
                mode={previewMode}
                highlight={highlight}
                goalTarget={
                  state.step === 'EditGoals' ? activeGoalTarget(state, ownPagesOrigin) : undefined
                }
                initialSize={user.preferences.previewSize}
                onPick={onPick}
                onLoaded={onLoaded}
                clientRef={clientRef}
                popupClicks={popupClicksOf(state.meta)}
                onPopupClick={onPopupClick}
                onPageCheck={onPageCheck}
                brokenPageAccepted={state.brokenPageAccepted}
                onAcceptBrokenPage={onAcceptBrokenPage}
                onPageMeta={onPageMeta}
                pageMetaError={state.pageMetaError}
                onUseUrl={navigation.switchUrl}
              />
            </div>
          ) : null}
        </div>
      </div>
    </WizardProviders>
  );
}
