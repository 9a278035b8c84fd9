import clsx from 'clsx';
import type { ReactNode } from 'react';
import styles from './stack.module.css';

/** Vertical rhythm between sections. */
export function Stack({
  gap = 'lg',
  children,
  className,
}: {
  gap?: 'sm' | 'md' | 'lg';
  children: ReactNode;
  className?: string;
}) {
  return <div className={clsx(styles.stack, styles[gap], className)}>{children}</div>;
}
