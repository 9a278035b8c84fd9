import type { PageMeta } from '@kindling/domain';
import type { ElementDescription, PreviewMode } from '@kindling/page-runtime';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { pageCheckOf, type PageCheck } from '../../../lib/preview/page-check';
import type { PreviewClient } from '../../../lib/preview/preview-client';
import { SIZE_OPTIONS, type PreviewSize } from '../../../lib/preview/preview-options';
import { useFrameSrc } from '../../../lib/preview/use-frame-src';
import { usePopupReplay } from '../../../lib/preview/use-popup-replay';
import { usePreviewClient } from '../../../lib/preview/use-preview-client';
import { usePreviewState } from '../../../lib/preview/use-preview-state';
import { PreviewError, PreviewStage } from '../../../ui/preview-stage';
import { PreviewStatus } from '../../../ui/preview-status';
import { PreviewWarning } from '../../../ui/preview-warning';
import { SegmentedControl } from '../../../ui/segmented-control';
import { Switch } from '../../../ui/switch';
import type { GoalTarget } from '../goals/state/goal-rules';
import { HttpOnlyHint } from './http-only-hint';
import { PageCheckBanner } from './page-check-banner';
import styles from './wizard-preview.module.css';

interface WizardPreviewProps {
  team: string;
  url: string;
  mode: PreviewMode;
  /** Selectors outlined in the page (the campaign's elements in CampaignPreview). */
  highlight: string[];
  /** In EditGoals: where the active goal counts. */
  goalTarget: GoalTarget | undefined;
  initialSize: PreviewSize;
  onPick: (element: ElementDescription) => void;
  onLoaded: () => void;
  clientRef: RefObject<PreviewClient | undefined>;
  /** Replayed on every load outside ClosePopups, so closed pop-ups stay closed. */
  popupClicks: readonly string[];
  /** In ClosePopups: a click the person made in the page. */
  onPopupClick: (selector: string) => void;
  onPageCheck: (check: PageCheck) => void;
  brokenPageAccepted: boolean;
  onAcceptBrokenPage: () => void;
  /** The page has loaded and told its meta; `url` is the address the preview asked for. */
  onPageMeta: (meta: PageMeta, url: string) => void;
  /** The campaign form's message for that meta (a redirect), shown over the page. */
  pageMetaError: string | undefined;
  /** Opens another address instead (the http one, for a page https could not reach). */
  onUseUrl: (url: string) => void;
}

const SELECT_HINT: Partial<Record<PreviewMode, string>> = {
  EditElements: 'Select text or images',
  EditGoals: 'Select buttons or links',
  PickTarget: 'Select the target',
};

export function WizardPreview(props: WizardPreviewProps) {
  const { team, url, mode, highlight, onPick, onLoaded, clientRef, onPopupClick, onPageCheck } =
    props;
  const [state, dispatch] = usePreviewState(team);
  const [size, setSize] = useState<PreviewSize>(props.initialSize);
  const [selecting, setSelecting] = useState(true);
  const [frame, setFrame] = useState<HTMLIFrameElement | null>(null);
  const src = useFrameSrc(state.url, state.attempt);
  const client = usePreviewClient({ frame, dispatch, onPick });
  const selectHint = SELECT_HINT[mode];

  useEffect(() => {
    clientRef.current = client;
  }, [client, clientRef]);

  usePopupReplay({
    client,
    state,
    popupClicks: props.popupClicks,
    replay: mode !== 'ClosePopups',
  });

  useEffect(
    () => client?.on('popupClick', ({ selector }) => onPopupClick(selector)),
    [client, onPopupClick],
  );

  // Back in ClosePopups, the page is loaded afresh: its pop-ups show, to be closed again.
  const previousMode = useRef(mode);
  useEffect(() => {
    if (mode === 'ClosePopups' && previousMode.current !== 'ClosePopups') {
      dispatch({ type: 'retry' });
    }
    previousMode.current = mode;
  }, [mode, dispatch]);

  const { onPageMeta } = props;
  const { pageMeta, url: shownUrl } = state;
  useEffect(() => {
    if (pageMeta && shownUrl !== undefined) onPageMeta(pageMeta, shownUrl);
  }, [pageMeta, shownUrl, onPageMeta]);

  const { frameStatus, loadStatus, httpStatus, errorMessage } = state;
  useEffect(() => {
    onPageCheck(pageCheckOf({ frameStatus, loadStatus, httpStatus, errorMessage }));
  }, [frameStatus, loadStatus, httpStatus, errorMessage, onPageCheck]);

  useEffect(() => {
    dispatch({ type: 'open', url });
  }, [dispatch, url]);

  useEffect(() => {
    if (state.loadStatus === 'Success') onLoaded();
  }, [state.loadStatus, onLoaded]);

  const highlightKey = highlight.join('\n');
  useEffect(() => {
    if (state.frameStatus !== 'Ready') return;
    // Picking a move's target is asked for by a button: it selects, whatever the switch says.
    const interaction =
      selectHint && (selecting || mode === 'PickTarget') ? 'selecting' : 'default';
    client?.send({
      type: 'mode',
      mode,
      interaction,
      ...(highlightKey ? { highlight: highlightKey.split('\n') } : {}),
    });
  }, [client, state.frameStatus, mode, selecting, selectHint, highlightKey]);

  return (
    <section className={styles.pane} aria-label="Live preview pane">
      <div className={styles.toolbar} role="toolbar" aria-label="Preview controls">
        <SegmentedControl
          legend="Preview size"
          name="wizard-preview-size"
          value={size}
          options={SIZE_OPTIONS}
          onChange={setSize}
        />
        {selectHint ? (
          <Switch
            label={selectHint}
            showLabel
            size="sm"
            checked={selecting}
            onCheckedChange={setSelecting}
          />
        ) : null}
        <span className={styles.spacer} />
        <PreviewStatus status={state.loadStatus} httpStatus={state.httpStatus} />
      </div>
      {props.goalTarget ? (
        <div className={styles.eventUrl} data-testid="goal-event-url">
          <span className={styles.eventLabel}>{props.goalTarget.label}</span>
          <code>{props.goalTarget.url}</code>
        </div>
      ) : null}
      <PageCheckBanner
        check={pageCheckOf(state)}
        accepted={props.brokenPageAccepted}
        onAccept={props.onAcceptBrokenPage}
      />
      {state.url === undefined ? null : (
        <HttpOnlyHint url={state.url} check={pageCheckOf(state)} onUseUrl={props.onUseUrl} />
      )}
      {props.pageMetaError ? (
        <PreviewWarning>
          <span data-testid="page-meta-error">{props.pageMetaError}</span>
        </PreviewWarning>
      ) : null}
      {state.loadStatus === 'Error' ? (
        <PreviewError message={state.errorMessage} onRetry={() => dispatch({ type: 'retry' })} />
      ) : null}
      <PreviewStage src={src} attempt={state.attempt} size={size} frameRef={setFrame} fill />
    </section>
  );
}
