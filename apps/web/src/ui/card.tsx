import clsx from 'clsx';
import type { HTMLAttributes, ReactNode } from 'react';
import styles from './card.module.css';

interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  footer?: ReactNode;
  padded?: boolean;
}

/** A bordered surface; with a title it is a labelled section. */
export function Card({
  title,
  description,
  actions,
  footer,
  padded = true,
  className,
  children,
  ...rest
}: CardProps) {
  return (
    <section {...rest} className={clsx(styles.card, className)}>
      {title ? (
        <div className={styles.header}>
          <div className={styles.heading}>
            <h2 className={styles.title}>{title}</h2>
            {description ? <p className={styles.description}>{description}</p> : null}
          </div>
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </div>
      ) : null}
      <div className={padded ? styles.body : undefined}>{children}</div>
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </section>
  );
}
