import { GENERIC_FAILURE_TITLES, pickPhrase, SUCCESS_MESSAGES } from '@kindling/domain';
import { toast } from 'sonner';
import { errorMessage } from '../lib/error-message';
import styles from './toast.module.css';

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
