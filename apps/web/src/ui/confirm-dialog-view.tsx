import { CONFIRM_DIALOG_DEFAULTS, CONFIRM_DIALOG_WIDTH_PX } from '@kindling/domain';
import { useState } from 'react';
import { Button } from './button';
import type { ConfirmOptions } from './confirm-dialog';
import { Dialog } from './dialog';
import { FormError } from './field';
import type { ModalProps } from './modal-stack';
import { errorMessage } from '../lib/error-message';

/** The confirmation dialog; loaded when the first one opens (see `useConfirm`). */
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
