import { httpStatusLabel, type PageCheck } from '../../../lib/preview/page-check';
import { Button } from '../../../ui/button';
import { PreviewWarning } from '../../../ui/preview-warning';

interface PageCheckBannerProps {
  check: PageCheck;
  accepted: boolean;
  onAccept: () => void;
}

/** A page that answered 404, 500... is rarely the one to test: the person says so first. */
export function PageCheckBanner({ check, accepted, onAccept }: PageCheckBannerProps) {
  if (check.kind !== 'warning') return null;
  const status = httpStatusLabel(check.httpStatus);
  return (
    <PreviewWarning
      action={
        accepted ? null : (
          <Button size="sm" variant="outline" color="secondary" onClick={onAccept}>
            Use this page anyway
          </Button>
        )
      }
    >
      <strong>The page answered {status}.</strong>{' '}
      {accepted
        ? 'You chose to use it anyway.'
        : 'It may be an error page rather than the page you want to test.'}
    </PreviewWarning>
  );
}
