import clsx from 'clsx';
import type { InstallationStatus } from '../lib/tracker/tracker-api';
import { installationVerdict } from '../lib/tracker/installation-verdict';
import styles from './install-tracker-card.module.css';

export function InstallationResult({
  status,
  pageUrl,
}: {
  status: InstallationStatus;
  pageUrl?: string | undefined;
}) {
  const verdict = installationVerdict(status, pageUrl ? { pageUrl } : {});
  return (
    <div
      className={clsx(styles.result, styles[verdict.tone])}
      role="status"
      data-testid="installation-result"
    >
      <strong>{verdict.title}</strong>
      <span>{verdict.detail}</span>
    </div>
  );
}
