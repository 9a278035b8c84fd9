import { useEffect, useRef } from 'react';
import { useLatest } from '../use-latest';
import type { PreviewClient } from './preview-client';
import type { PreviewState } from './preview-state';

interface Options {
  client: PreviewClient | undefined;
  state: Pick<PreviewState, 'attempt' | 'loadStatus'>;
  /** The clicks that close the page's pop-ups (a campaign's meta.popupClicks). */
  popupClicks: readonly string[];
  /** False while the person is closing pop-ups themselves: the page then shows as it is. */
  replay: boolean;
}

/**
 * Clicks the recorded pop-up selectors once per page load, so pop-ups the person closed stay
 * closed however often the page is loaded again. A load seen while replay is off (ClosePopups)
 * is left alone even after leaving that step: the person closed its pop-ups by hand.
 */
export function usePopupReplay({ client, state, popupClicks, replay }: Options): void {
  const handledAttempt = useRef(0);
  const latest = useLatest({ popupClicks, replay });
  const loaded = state.loadStatus === 'Success';

  useEffect(() => {
    if (!loaded || !client || handledAttempt.current === state.attempt) return;
    handledAttempt.current = state.attempt;
    const { popupClicks: selectors, replay: enabled } = latest.current;
    if (enabled && selectors.length > 0) {
      client.send({ type: 'replayClicks', selectors: [...selectors] });
    }
  }, [client, loaded, state.attempt, latest]);
}
