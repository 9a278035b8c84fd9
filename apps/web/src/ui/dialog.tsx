import * as RadixDialog from '@radix-ui/react-dialog';
import clsx from 'clsx';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLatest } from '../lib/use-latest';
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
  const content = useDialogAnimations(modal);
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
          ref={content}
          data-animation={modal.animation}
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

/**
 * Reports the content's own entry and exit animations to the modal stack (children's animations
 * bubble too and are ignored). Without an exit animation (reduced motion) Radix unmounts the
 * content at once, and the dialog counts as removed right away.
 */
function useDialogAnimations<R>(modal: ModalControl<R>) {
  const node = useRef<HTMLDivElement>(null);
  const latest = useLatest(modal);

  useEffect(() => {
    const element = node.current;
    if (!element) return;
    const own = (handler: () => void) => (event: AnimationEvent) => {
      if (event.target === element) handler();
    };
    const started = own(() => latest.current.animationStarted());
    const ended = own(() => latest.current.animationEnded());
    element.addEventListener('animationstart', started);
    element.addEventListener('animationend', ended);
    element.addEventListener('animationcancel', ended);
    return () => {
      element.removeEventListener('animationstart', started);
      element.removeEventListener('animationend', ended);
      element.removeEventListener('animationcancel', ended);
    };
  }, [latest]);

  useEffect(() => {
    if (modal.animation !== 'show' && modal.animation !== 'hide') return;
    const element = node.current;
    if (!element?.isConnected || getComputedStyle(element).animationName === 'none') {
      modal.animationEnded();
    }
  }, [modal]);

  return node;
}
