import { MINIMUM_VISITORS_PER_ARM } from '@kindling/domain';
import { formatCount } from '../../../lib/format';
import { NoteBanner } from '../../../ui/note-banner';

/**
 * Said in the page, once, while some element has too few visitors for any figure: the page
 * stays usable (no dialog to dismiss on every visit) and each element says what it still needs.
 */
export function NotEnoughDataNotice() {
  return (
    <NoteBanner tone="muted" title="Not enough data yet" testId="not-enough-data-notice">
      Until the original and each variant have {formatCount(MINIMUM_VISITORS_PER_ARM)} visitors,
      differences between them are mostly chance, so no uplift, chance to beat or verdict is shown:
      only how many more visitors are needed. Nothing to do but keep the campaign running.
    </NoteBanner>
  );
}
