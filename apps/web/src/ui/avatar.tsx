import clsx from 'clsx';
import styles from './avatar.module.css';

interface AvatarProps {
  initials: string;
  size?: 'sm' | 'md';
  className?: string;
}

export function Avatar({ initials, size = 'md', className }: AvatarProps) {
  return (
    <span className={clsx(styles.avatar, styles[size], className)} aria-hidden="true">
      {initials || '?'}
    </span>
  );
}
