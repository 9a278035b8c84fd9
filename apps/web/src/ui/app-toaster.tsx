import { TOAST_AUTO_CLOSE_MS } from '@kindling/domain';
import { Toaster } from 'sonner';
import { useBelow } from '../lib/breakpoints';

/**
 * The one toast outlet. Mounted with the first toast (see `toast-outlet.tsx`): sonner replays toasts
 * raised before its Toaster subscribed, so none is lost while this chunk is on its way.
 */
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
