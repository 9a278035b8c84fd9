import * as RadixDialog from '@radix-ui/react-dialog';
import clsx from 'clsx';
import { DrawerTitleContext, type DrawerProps } from './drawer';
import { CloseIcon } from './icons';
import styles from './drawer.module.css';

/**
 * A panel sliding in from the left (or right) edge, modal: Radix Dialog traps focus inside, closes on
 * Escape or a tap on the backdrop, and gives focus back to the button that opened it.
 */
export function DrawerPanel(props: DrawerProps) {
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
          <DrawerTitleContext.Provider value={RadixDialog.Title}>
            {children}
          </DrawerTitleContext.Provider>
          <RadixDialog.Close className={styles.close} aria-label={`Close ${title.toLowerCase()}`}>
            <CloseIcon />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
