import { useEffect, useReducer } from 'react';
import { logPreviewError } from './preview-api';
import { initialPreviewState, previewReducer, shouldReportError } from './preview-state';

/** Frame and load status of one preview pane; reports an address that keeps failing. */
export function usePreviewState(team: string) {
  const [state, dispatch] = useReducer(previewReducer, initialPreviewState);

  useEffect(() => {
    if (!shouldReportError(state) || state.url === undefined) return;
    dispatch({ type: 'reported' });
    // Best effort: the api client already logs a failed call, and the user can do nothing about it.
    logPreviewError(team, state.url).catch(() => undefined);
  }, [state, team]);

  return [state, dispatch] as const;
}
