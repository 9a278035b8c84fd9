import type { CampaignElement, Variant } from '@kindling/domain';
import { createContext, useContext, useMemo, useRef, type RefObject } from 'react';
import { variantMutations } from '@kindling/page-runtime';
import type { PreviewClient } from '../../../lib/preview/preview-client';

/** What the step panels may do to the page in the preview. */
export interface PreviewControls {
  /** Shows `variant` of the element in the page, or the original when undefined. */
  showVariant: (element: CampaignElement, variant: Variant | undefined) => void;
  focus: (element: Pick<CampaignElement, 'selector' | 'fingerprint'>) => void;
}

/** Lets the preview find the element by fingerprint should its selector fail there. */
function remember(
  client: PreviewClient,
  { selector, fingerprint }: Pick<CampaignElement, 'selector' | 'fingerprint'>,
): void {
  if (fingerprint) client.send({ type: 'fingerprint', selector, fingerprint });
}

export const PreviewControlsContext = createContext<PreviewControls | null>(null);

export function usePreviewControls(): PreviewControls {
  const controls = useContext(PreviewControlsContext);
  if (!controls) throw new Error('usePreviewControls is used outside the campaign wizard');
  return controls;
}

/**
 * Controls that talk to the preview's client; the preview pane puts its client in `clientRef`
 * once its frame exists. Until then, and while the pane is hidden, the calls do nothing.
 */
export function usePreviewClientControls(): {
  controls: PreviewControls;
  clientRef: RefObject<PreviewClient | undefined>;
} {
  const clientRef = useRef<PreviewClient | undefined>(undefined);
  const controls = useMemo<PreviewControls>(
    () => ({
      showVariant(element, variant) {
        const client = clientRef.current;
        if (!client) return;
        remember(client, element);
        client.send({ type: 'reset', selector: element.selector });
        if (variant)
          variantMutations(element, variant).forEach((mutation) => client.send(mutation));
      },
      focus(element) {
        const client = clientRef.current;
        if (!client) return;
        remember(client, element);
        client.send({ type: 'focus', selector: element.selector });
      },
    }),
    [],
  );
  return { controls, clientRef };
}
