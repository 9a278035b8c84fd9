import { HTTP_ONLY_HINT, httpFallbackOf, shownAddress } from '../../../lib/preview/http-fallback';
import type { PageCheck } from '../../../lib/preview/page-check';
import { Button } from '../../../ui/button';
import { PreviewWarning } from '../../../ui/preview-warning';
import styles from './http-only-hint.module.css';

interface HttpOnlyHintProps {
  url: string;
  check: PageCheck;
  onUseUrl: (url: string) => void;
}

/** An https address (often with the "https://" the wizard added) that could not be reached. */
export function HttpOnlyHint({ url, check, onUseUrl }: HttpOnlyHintProps) {
  const fallback = httpFallbackOf(url, check);
  if (fallback === undefined) return null;
  return (
    <PreviewWarning
      action={
        <Button
          size="sm"
          variant="outline"
          color="secondary"
          className={styles.try}
          onClick={() => onUseUrl(fallback)}
        >
          Try {shownAddress(fallback)}
        </Button>
      }
    >
      <span data-testid="http-only-hint">{HTTP_ONLY_HINT}</span>
    </PreviewWarning>
  );
}
