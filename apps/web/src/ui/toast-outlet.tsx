import { lazy, Suspense, useSyncExternalStore, type ComponentType } from 'react';
import { logger } from '../lib/logger';

// sonner (about 10 KB gzip) is not part of any first screen: its outlet mounts when the first
// toast is raised (`ui/toast.tsx`), and sonner replays toasts raised before its Toaster
// subscribed, so none is lost while the chunk is on its way. A failed load costs the toasts only.
const AppToaster = lazy<ComponentType>(() =>
  import('./app-toaster').then(
    ({ AppToaster: Toaster }) => ({ default: Toaster }),
    (error: unknown) => {
      logger.warn('ui', 'The toast outlet failed to load', error);
      return { default: () => null };
    },
  ),
);

let requested = false;
const listeners = new Set<() => void>();

/** Mounts the toast outlet (once); called with every toast. */
export function requestToastOutlet(): void {
  if (requested) return;
  requested = true;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The place of the app's one toast outlet; empty until the first toast. */
export function ToastOutlet() {
  const wanted = useSyncExternalStore(subscribe, () => requested);
  return wanted ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}
