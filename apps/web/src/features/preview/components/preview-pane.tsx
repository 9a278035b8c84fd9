import type { ElementDescription } from '@kindling/page-runtime';
import { useCallback, useEffect, useState } from 'react';
import { PreviewError, PreviewStage } from '../../../ui/preview-stage';
import { useFrameSrc } from '../../../lib/preview/use-frame-src';
import { usePopupReplay } from '../../../lib/preview/use-popup-replay';
import { usePreviewClient } from '../../../lib/preview/use-preview-client';
import { usePreviewState } from '../../../lib/preview/use-preview-state';
import { ElementPanel } from './element-panel';
import { MakeVariantsBar } from './make-variants-bar';
import type { EditorMode, PreviewSize } from '../../../lib/preview/preview-options';
import { PreviewToolbar } from './preview-toolbar';
import styles from './preview-pane.module.css';

interface PreviewPaneProps {
  team: string;
  url: string;
  /** Changes whenever the person asks to load the page again, even at the same address. */
  loadRequest: number;
  /** The pop-up clicks of the campaign this page belongs to, replayed on every load. */
  popupClicks: readonly string[];
  campaignName: string | undefined;
}

/** Live preview of a customer page with element picking; the campaign wizard builds on it. */
export function PreviewPane({
  team,
  url,
  loadRequest,
  popupClicks,
  campaignName,
}: PreviewPaneProps) {
  const [state, dispatch] = usePreviewState(team);
  const [size, setSize] = useState<PreviewSize>('desktop');
  const [mode, setMode] = useState<EditorMode>('ClosePopups');
  const [selecting, setSelecting] = useState(false);
  const [picked, setPicked] = useState<ElementDescription>();
  const [frame, setFrame] = useState<HTMLIFrameElement | null>(null);
  /** A change tried in the element panel is on screen (until reset or reload). */
  const [showingChange, setShowingChange] = useState(false);
  const src = useFrameSrc(state.url, state.attempt);
  const client = usePreviewClient({ frame, dispatch, onPick: setPicked });
  usePopupReplay({ client, state, popupClicks, replay: true });

  useEffect(() => {
    dispatch({ type: 'open', url });
    setPicked(undefined);
    setShowingChange(false);
  }, [dispatch, url, loadRequest]);

  // The agent starts in its default mode after every (re)load, so the choice is sent again.
  useEffect(() => {
    if (state.frameStatus !== 'Ready') return;
    client?.send({ type: 'mode', mode, interaction: selecting ? 'selecting' : 'default' });
  }, [client, state.frameStatus, mode, selecting]);

  const applyText = useCallback(
    (element: ElementDescription, value: string) => {
      client?.send({ type: 'textValue', selector: element.selector, value });
      setShowingChange(true);
    },
    [client],
  );
  const reset = useCallback(() => {
    client?.send({ type: 'reset' });
    setShowingChange(false);
  }, [client]);

  return (
    <section className={styles.pane} aria-label="Live preview pane">
      <PreviewToolbar
        size={size}
        onSizeChange={setSize}
        mode={mode}
        onModeChange={setMode}
        selecting={selecting}
        onSelectingChange={setSelecting}
        status={state.loadStatus}
        httpStatus={state.httpStatus}
      />
      <MakeVariantsBar team={team} url={url} showingChange={showingChange} />
      {campaignName && popupClicks.length > 0 ? (
        <p className={styles.replayNote} data-testid="popup-replay-note">
          {replayNote(campaignName, popupClicks.length)}
        </p>
      ) : null}
      {state.loadStatus === 'Error' ? (
        <PreviewError message={state.errorMessage} onRetry={() => dispatch({ type: 'retry' })} />
      ) : null}
      <div className={styles.body}>
        <PreviewStage src={src} attempt={state.attempt} size={size} frameRef={setFrame} />
        <div className={styles.panelSlot}>
          <ElementPanel element={picked} onApplyText={applyText} onReset={reset} />
        </div>
      </div>
    </section>
  );
}

const replayNote = (campaign: string, clicks: number): string =>
  `Pop-ups closed for “${campaign}” stay closed: ${clicks === 1 ? 'its click is' : `its ${clicks} clicks are`} replayed on every load.`;
