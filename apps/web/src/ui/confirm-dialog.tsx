import { CONFIRM_DIALOG_DEFAULTS, CONFIRM_DIALOG_WIDTH_PX } from '@kindling/domain';
import { useCallback, useState, type ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';
import { FormError } from './field';
import { useModals, type ModalProps } from './modal-stack';
import { errorMessage } from '../lib/error-message';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  /** Runs when the user confirms; the dialog stays open (showing the error) if it throws. */
  onConfirm?: () => unknown;
}

export function ConfirmDialog({
  modal,
  title,
  message,
  confirmLabel = CONFIRM_DIALOG_DEFAULTS.confirmLabel,
  cancelLabel = CONFIRM_DIALOG_DEFAULTS.cancelLabel,
  danger = false,
  onConfirm,
}: ConfirmOptions & ModalProps<boolean>) {
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (onConfirm) {
      setRunning(true);
      setError(null);
      try {
        await onConfirm();
      } catch (err) {
        setRunning(false);
        setError(errorMessage(err));
        return;
      }
    }
    modal.hide(true);
  }

  return (
    <Dialog
      modal={modal}
      title={title}
      description={message}
      width={CONFIRM_DIALOG_WIDTH_PX}
      dismissible={!running}
      data-testid="confirm-dialog"
      footer={
        <>
          <Button
            variant="outline"
            color="secondary"
            onClick={() => modal.hide(false)}
            disabled={running}
            data-testid="confirm-dialog-cancel"
          >
            {cancelLabel}
          </Button>
          <Button
            variant="solid"
            color={danger ? 'danger' : 'primary'}
            loading={running}
            onClick={() => void confirm()}
            data-testid="confirm-dialog-confirm"
            autoFocus
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {error ? <FormError message={error} /> : null}
    </Dialog>
  );
}

/** `await confirm({...})` is true only when the user pressed the confirm button. */
export function useConfirm(): (options: ConfirmOptions) => Promise<boolean> {
  const { open } = useModals();
  return useCallback(
    async (options: ConfirmOptions) => (await open(ConfirmDialog, options)) === true,
    [open],
  );
}
