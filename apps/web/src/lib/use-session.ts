import { useSyncExternalStore } from 'react';
import { isSignedIn, subscribeSession } from './session';

export function useIsSignedIn(): boolean {
  return useSyncExternalStore(subscribeSession, isSignedIn, () => false);
}
