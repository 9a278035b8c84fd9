import * as RadixDialog from '@radix-ui/react-dialog';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { CloseIcon } from './icons';
import styles from './drawer.module.css';

interface DrawerProps {
  /** The button that opens it, and gets focus back when it closes. */
  trigger: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Read by screen readers as the dialog's name; not shown unless `showsOwnTitle`. */
  title: string;
  /** The children show the title themselves, in a `DrawerTitle`. */
  showsOwnTitle?: boolean;
  /** The edge it slides in from: the left as wide as the sidebar, the right a 420 px panel. */
  side?: 'left' | 'right';
  children: ReactNode;
  'data-testid'?: string;
}

/** The drawer's visible title, for a drawer with `showsOwnTitle`. */
export const DrawerTitle = RadixDialog.Title;

/**
 * A panel sliding in from the left (or right) edge, modal: Radix Dialog traps focus inside, closes on
 * Escape or a tap on the backdrop, and gives focus back to the button that opened it.
 */
export function Drawer(props: DrawerProps) {
  const { trigger, open, onOpenChange, title, showsOwnTitle, side = 'left', children } = props;
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={clsx(styles.content, side === 'right' && styles.right)}
          aria-describedby={undefined}
          data-testid={props['data-testid']}
        >
          {showsOwnTitle ? null : (
            <RadixDialog.Title className="visually-hidden">{title}</RadixDialog.Title>
          )}
          {children}
          <RadixDialog.Close className={styles.close} aria-label={`Close ${title.toLowerCase()}`}>
            <CloseIcon />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
