import type { ElementDescription } from '@kindling/page-runtime';
import { useEffect, useState, type Dispatch } from 'react';
import { createPreviewClient, type PreviewClient } from './preview-client';
import type { PreviewAction } from './preview-state';

interface Options {
  frame: HTMLIFrameElement | null;
  dispatch: Dispatch<PreviewAction>;
  onPick: (element: ElementDescription) => void;
}

/** A client for the current frame element; a new one whenever the frame is recreated. */
export function usePreviewClient({ frame, dispatch, onPick }: Options): PreviewClient | undefined {
  const [client, setClient] = useState<PreviewClient>();

  useEffect(() => {
    if (!frame) return undefined;
    const next = createPreviewClient({ frame });
    const unsubscribe = [
      next.on('ready', ({ httpStatus }) => dispatch({ type: 'ready', httpStatus })),
      next.on('load', () => dispatch({ type: 'load' })),
      next.on('pageMeta', ({ meta }) => dispatch({ type: 'pageMeta', meta })),
      next.on('error', ({ message }) => dispatch({ type: 'error', message })),
      next.on('pick', ({ element }) => onPick(element)),
    ];
    setClient(next);
    return () => {
      unsubscribe.forEach((stop) => stop());
      next.dispose();
      setClient(undefined);
    };
  }, [frame, dispatch, onPick]);

  return client;
}
