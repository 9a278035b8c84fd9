import clsx from 'clsx';
import type { ReactNode } from 'react';
import { config } from '../../../lib/config';
import { useDocumentTitle } from '../../../lib/document-title';
import { Logo } from '../../../ui/logo';
import styles from './auth-layout.module.css';

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  documentTitle: string;
  footer?: ReactNode;
  /**
   * The server's sign-in options (single sign-on, guest access) are still on their way: the box
   * stays out of sight, so it appears once at its full size and nothing moves under the pointer
   * (it is centred: a button added below moved every link above it).
   */
  settling?: boolean;
  children: ReactNode;
}

export function AuthLayout({
  title,
  subtitle,
  documentTitle,
  footer,
  settling = false,
  children,
}: AuthLayoutProps) {
  useDocumentTitle(documentTitle);
  return (
    <div className={styles.page}>
      <aside className={styles.brandPanel} aria-hidden="true">
        <Logo wordmark={config.brand} size={36} className={styles.brandLogo} />
        <div className={styles.pitch}>
          <p className={styles.pitchTitle}>{config.description}.</p>
          <p className={styles.pitchText}>
            Point {config.brand} at any landing page, try new headlines and images on real traffic,
            and keep what converts.
          </p>
        </div>
        <ul className={styles.points}>
          <li>Visual variants of live pages, no code changes</li>
          <li>Goals as funnels: clicks and page views</li>
          <li>Self-hosted: your data stays with you</li>
        </ul>
      </aside>
      <main className={styles.formPanel}>
        <div className={clsx(styles.formBox, settling && styles.settling)} aria-busy={settling}>
          <Logo wordmark={config.brand} size={32} className={styles.mobileLogo} />
          <h1 className={styles.title}>{title}</h1>
          {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
          <div className={styles.form}>{children}</div>
          {footer ? <div className={styles.footer}>{footer}</div> : null}
        </div>
      </main>
    </div>
  );
}
