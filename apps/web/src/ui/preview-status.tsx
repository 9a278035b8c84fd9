import { Badge } from './badge';
import type { LoadStatus } from '../lib/preview/preview-state';

/** One badge for both statuses: what the person cares about is whether the page is usable. */
export function PreviewStatus({ status }: { status: LoadStatus }) {
  const badge = (() => {
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
