import type { VariantPreviewLinkRequest } from '@kindling/domain';
import { useState } from 'react';
import { openVariantPreview } from '../lib/variant-preview-link';
import { Button } from './button';
import { ExternalIcon } from './icons';
import { toastError } from './toast';

/** "View on live page" for one arm: opens the campaign's page showing exactly that arm. */
export function ViewOnLivePageButton({
  team,
  target,
  armLabel,
}: {
  team: string;
  target: VariantPreviewLinkRequest;
  /** "Variant 2 of Heading “Build faster”", for screen readers. */
  armLabel: string;
}) {
  const [opening, setOpening] = useState(false);
  return (
    <Button
      variant="ghost-inline"
      size="sm"
      icon={<ExternalIcon size={14} />}
      loading={opening}
      aria-label={`View on live page: ${armLabel}`}
      data-testid="view-on-live-page"
      onClick={() => {
        setOpening(true);
        openVariantPreview(team, target)
          .catch((error: unknown) => toastError(error, 'Could not open the preview'))
          .finally(() => setOpening(false));
      }}
    >
      View on live page
    </Button>
  );
}
