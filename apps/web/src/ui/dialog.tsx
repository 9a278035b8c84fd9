import * as RadixDialog from '@radix-ui/react-dialog';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import type { ModalControl } from './modal-stack';
import styles from './dialog.module.css';

interface DialogProps<R> {
  modal: ModalControl<R>;
  title: ReactNode;
  description?: ReactNode;
  width?: number;
  footer?: ReactNode;
  children?: ReactNode;
  className?: string;
  'data-testid'?: string;
  /** Block Esc/backdrop dismissal, e.g. while a confirm action is running. */
  dismissible?: boolean;
}

export function Dialog<R>({
  modal,
  title,
  description,
  width = 520,
  footer,
  children,
  className,
  'data-testid': testId,
  dismissible = true,
}: DialogProps<R>) {
  return (
    <RadixDialog.Root
      open={modal.visible}
      onOpenChange={(open) => {
        if (!open && dismissible) modal.hide();
      }}
    >
      <RadixDialog.Portal>
        {modal.showBackdrop ? <RadixDialog.Overlay className={styles.overlay} /> : null}
        <RadixDialog.Content
          className={clsx(styles.content, className)}
          style={{ width: `min(${width}px, calc(100vw - 32px))` }}
          data-testid={testId}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onEscapeKeyDown={(event) => {
            if (!dismissible) event.preventDefault();
          }}
          onPointerDownOutside={(event) => {
            if (!dismissible) event.preventDefault();
          }}
        >
          <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className={styles.description}>
              {description}
            </RadixDialog.Description>
          ) : null}
          {children ? <div className={styles.body}>{children}</div> : null}
          {footer ? <div className={styles.footer}>{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
