import {
  GENERIC_FAILURE_TITLES,
  pickPhrase,
  SUCCESS_MESSAGES,
  TOAST_AUTO_CLOSE_MS,
} from '@kindling/domain';
import { Toaster, toast } from 'sonner';
import { useBelow } from '../lib/breakpoints';
import { errorMessage } from '../lib/error-message';
import styles from './toast.module.css';

export function AppToaster() {
  // On a phone the top of the screen is the top bar and its menu button: toasts go below.
  const phone = useBelow('phone');
  return (
    <Toaster
      position={phone ? 'bottom-center' : 'top-center'}
      duration={TOAST_AUTO_CLOSE_MS}
      closeButton={false}
      richColors
      toastOptions={{ style: { fontFamily: 'var(--font-sans)' } }}
    />
  );
}

/** Success toast: a cheerful phrase of the spec's list as the title, then what happened. */
export function toastSuccess(message: string, description?: string): void {
  toast.success(pickPhrase(SUCCESS_MESSAGES), {
    description: description ? (
      <>
        <span className={styles.line}>{message}</span>
        <span className={styles.line}>{description}</span>
      </>
    ) : (
      message
    ),
  });
}

/** Error toast: a generic, friendly title with the server's message as the description. */
export function toastError(error: unknown, title?: string): void {
  const message = errorMessage(error);
  const heading = title ?? pickPhrase(GENERIC_FAILURE_TITLES);
  if (heading === message) {
    toast.error(message);
    return;
  }
  toast.error(heading, { description: message });
}
