import { pageIdentity } from '@kindling/domain';
import clsx from 'clsx';
import styles from './page-identity.module.css';

interface PageIdentityProps {
  ingestedUrl: string;
  /** From the campaign's meta; missing -> the URL's host. */
  title: string | null | undefined;
  /** A stored data: address (docs/decisions.md); missing -> a neutral globe. */
  favicon: string | null | undefined;
  className?: string;
}

/** The tested page as people know it: its favicon and title. */
export function PageIdentity({ ingestedUrl, title, favicon, className }: PageIdentityProps) {
  const page = pageIdentity({
    ingestedUrl,
    meta: { title: title ?? undefined, favicon: favicon ?? undefined },
  });
  return (
    <span className={clsx(styles.identity, className)} data-testid="page-identity">
      {page.favicon ? (
        <img
          className={styles.icon}
          src={page.favicon}
          alt=""
          width={16}
          height={16}
          data-testid="page-favicon"
        />
      ) : (
        <GlobeIcon />
      )}
      <span className={styles.title} title={page.title} data-testid="page-title">
        {page.title}
      </span>
    </span>
  );
}

function GlobeIcon() {
  return (
    <svg
      className={styles.icon}
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
      data-testid="page-favicon-placeholder"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
    </svg>
  );
}
