import { useCallback, type ReactNode } from 'react';
import { logger } from '../lib/logger';
import type * as ConfirmDialogView from './confirm-dialog-view';
import { useModals } from './modal-stack';
import { toastError } from './toast';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  /** Runs when the user confirms; the dialog stays open (showing the error) if it throws. */
  onConfirm?: () => unknown;
}

/**
 * `await confirm({...})` is true only when the user pressed the confirm button. The dialog (and
 * Radix Dialog with it) loads when the first one opens, not with the screen that may ask.
 */
export function useConfirm(): (options: ConfirmOptions) => Promise<boolean> {
  const { open } = useModals();
  return useCallback(
    async (options: ConfirmOptions) => {
      let view: typeof ConfirmDialogView;
      try {
        view = await import('./confirm-dialog-view');
      } catch (error) {
        logger.warn('ui', 'The confirmation dialog failed to load', error);
        toastError(error, 'The dialog could not open');
        return false;
      }
      return (await open(view.ConfirmDialog, options)) === true;
    },
    [open],
  );
}
