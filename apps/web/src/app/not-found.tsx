import { Link } from 'react-router';
import { config } from '../lib/config';
import { useDocumentTitle } from '../lib/document-title';
import { buttonClassName } from '../ui/button';
import { Logo } from '../ui/logo';
import styles from './not-found.module.css';

/** 404 screen; `embedded` renders it inside the team layout instead of full-screen. */
export function NotFoundScreen({
  embedded = false,
  title = 'Page not found',
  message = 'The page you are looking for does not exist or has moved.',
}: {
  embedded?: boolean;
  title?: string;
  message?: string;
}) {
  useDocumentTitle(title);
  return (
    <main className={embedded ? styles.embedded : styles.screen} data-testid="not-found">
      {embedded ? null : (
        <Link to="/admin" aria-label={`${config.brand} home`} className={styles.logo}>
          <Logo wordmark={config.brand} size={32} />
        </Link>
      )}
      <p className={styles.code}>404</p>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text}>{message}</p>
      <Link to="/admin" className={buttonClassName({ variant: 'outline', color: 'secondary' })}>
        Go to your campaigns
      </Link>
    </main>
  );
}
