import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { CloseIcon } from './icons';
import styles from './drawer.module.css';

interface DrawerProps {
  /** The button that opens it, and gets focus back when it closes. */
  trigger: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Read by screen readers as the dialog's name; not shown. */
  title: string;
  children: ReactNode;
  'data-testid'?: string;
}

/**
 * A panel sliding in from the left edge, modal: Radix Dialog traps focus inside, closes on
 * Escape or a tap on the backdrop, and gives focus back to the button that opened it.
 */
export function Drawer(props: DrawerProps) {
  const { trigger, open, onOpenChange, title, children, 'data-testid': testId } = props;
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={styles.content}
          aria-describedby={undefined}
          data-testid={testId}
        >
          <RadixDialog.Title className="visually-hidden">{title}</RadixDialog.Title>
          {children}
          <RadixDialog.Close className={styles.close} aria-label={`Close ${title.toLowerCase()}`}>
            <CloseIcon />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
