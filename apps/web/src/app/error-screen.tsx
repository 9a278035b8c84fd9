import { ERROR_MESSAGES } from '@kindling/domain';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { config } from '../lib/config';
import { formatTitle } from '../lib/document-title';
import { logUncaughtError } from '../lib/logger';
import { Logo } from '../ui/logo';
import styles from './error-screen.module.css';

/** Full-screen fallback for any uncaught interface error (spec section 2: root error screen). */
export function ErrorScreen() {
  useEffect(() => {
    document.title = formatTitle(ERROR_MESSAGES.somethingWentWrong);
  }, []);
  return (
    <main className={styles.screen} data-testid="error-screen">
      <a href={config.marketingSiteUrl} className={styles.logo} aria-label={`${config.brand} home`}>
        <Logo wordmark={config.brand} size={36} />
      </a>
      <div className={styles.card}>
        <h1 className={styles.title}>{ERROR_MESSAGES.somethingWentWrong}</h1>
        <p className={styles.text}>
          An unexpected error stopped this screen. Try reloading the page; if it keeps happening,
          write to <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>.
        </p>
        <div className={styles.actions}>
          <button type="button" className={styles.reload} onClick={() => window.location.reload()}>
            Reload page
          </button>
          <a href="/admin" className={styles.home}>
            Back to the app
          </a>
        </div>
      </div>
    </main>
  );
}

/** React Router errorElement: logs the route error, then shows the error screen. */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    logUncaughtError(error);
  }, [error]);
  return <ErrorScreen />;
}
