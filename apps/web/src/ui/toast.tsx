import { GENERIC_FAILURE_TITLES, pickPhrase, SUCCESS_MESSAGES } from '@kindling/domain';
import type { toast as sonnerToast } from 'sonner';
import { errorMessage } from '../lib/error-message';
import { logger } from '../lib/logger';
import { requestToastOutlet } from './toast-outlet';
import styles from './toast.module.css';

type Toast = typeof sonnerToast;
let sonner: Promise<Toast> | undefined;

/** Raises a toast once sonner is loaded: on the first toast, not with the first screen. */
function withToast(show: (toast: Toast) => void): void {
  requestToastOutlet();
  sonner ??= import('sonner').then(({ toast }) => toast);
  sonner.then(show, (error: unknown) => {
    sonner = undefined;
    logger.warn('ui', 'The toasts failed to load', error);
  });
}

/** Success toast: a cheerful phrase of the spec's list as the title, then what happened. */
export function toastSuccess(message: string, description?: string): void {
  const title = pickPhrase(SUCCESS_MESSAGES);
  withToast((toast) =>
    toast.success(title, {
      description: description ? (
        <>
          <span className={styles.line}>{message}</span>
          <span className={styles.line}>{description}</span>
        </>
      ) : (
        message
      ),
    }),
  );
}

/** Error toast: a generic, friendly title with the server's message as the description. */
export function toastError(error: unknown, title?: string): void {
  const message = errorMessage(error);
  const heading = title ?? pickPhrase(GENERIC_FAILURE_TITLES);
  withToast((toast) =>
    heading === message ? toast.error(message) : toast.error(heading, { description: message }),
  );
}
