import { GENERIC_FAILURE_TITLES, TOAST_AUTO_CLOSE_MS } from '@kindling/domain';
import { Toaster, toast } from 'sonner';
import { useBelow } from '../lib/breakpoints';
import { errorMessage } from '../lib/error-message';

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

export function toastSuccess(message: string, description?: string): void {
  toast.success(message, { description });
}

/** Error toast: a generic, friendly title with the server's message as the description. */
export function toastError(error: unknown, title?: string): void {
  const message = errorMessage(error);
  const heading =
    title ?? GENERIC_FAILURE_TITLES[Math.floor(Math.random() * GENERIC_FAILURE_TITLES.length)];
  if (heading === message) {
    toast.error(message);
    return;
  }
  toast.error(heading ?? 'Uh oh!', { description: message });
}
