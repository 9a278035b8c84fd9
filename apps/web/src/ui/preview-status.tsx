import type { PageHttpStatus } from '@kindling/page-runtime';
import { Badge } from './badge';
import { httpStatusLabel, isSuccessStatus } from '../lib/preview/page-check';
import type { LoadStatus } from '../lib/preview/preview-state';

interface PreviewStatusProps {
  status: LoadStatus;
  /** The site's answer; anything but 2xx is shown instead of "Ready", as a warning. */
  httpStatus?: PageHttpStatus | undefined;
}

/** One badge for both statuses: what the person cares about is whether the page is usable. */
export function PreviewStatus({ status, httpStatus }: PreviewStatusProps) {
  const badge = (() => {
    if (httpStatus && !isSuccessStatus(httpStatus.code) && status !== 'Error') {
      return <Badge tone="warning">{httpStatusLabel(httpStatus)}</Badge>;
    }
    switch (status) {
      case 'Initial':
        return <Badge>Waiting</Badge>;
      case 'Loading':
        return <Badge tone="info">Loading…</Badge>;
      case 'Success':
        return <Badge tone="success">Ready</Badge>;
      case 'Error':
        return <Badge tone="danger">Error</Badge>;
    }
  })();
  return (
    <span role="status" data-testid="preview-status">
      {badge}
    </span>
  );
}
