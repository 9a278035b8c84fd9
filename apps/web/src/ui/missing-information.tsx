import { ERROR_MESSAGES } from '@kindling/domain';
import { config } from '../lib/config';
import styles from './missing-information.module.css';

const EMAIL_SLOT = '\u0000';

/**
 * Spec section 8, "Missing information": shown where a screen lacks data it needs (a campaign
 * without elements, a plan without its product id), with the support address as a mail link.
 */
export function MissingInformation({ subject }: { subject: string }) {
  const [before, after] = ERROR_MESSAGES.missingInformation(EMAIL_SLOT).split(EMAIL_SLOT);
  const mailto = `mailto:${config.supportEmail}?subject=${encodeURIComponent(subject)}`;
  return (
    <p className={styles.notice} role="alert" data-testid="missing-information">
      {before}
      <a href={mailto}>{config.supportEmail}</a>
      {after}
    </p>
  );
}
