import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useConfirm } from '../../../ui/confirm-dialog';

export interface LeavePrompt {
  title: string;
  message: string;
}

/**
 * Asks before the person leaves the wizard with work the server does not have: a link inside
 * the app opens a dialog; a reload or a closed tab gets the browser's own question.
 */
export function useLeaveGuard(shouldBlock: () => LeavePrompt | undefined): void {
  const confirm = useConfirm();
  const prompt = useRef<LeavePrompt | undefined>(undefined);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (currentLocation.pathname === nextLocation.pathname) return false;
    prompt.current = shouldBlock();
    return prompt.current !== undefined;
  });
  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;

  useEffect(() => {
    if (blocker.state !== 'blocked' || !prompt.current) return;
    void confirm({
      ...prompt.current,
      confirmLabel: 'Leave anyway',
      cancelLabel: 'Stay',
      danger: true,
    }).then((leave) => {
      const current = blockerRef.current;
      if (current.state !== 'blocked') return;
      if (leave) current.proceed();
      else current.reset();
    });
  }, [blocker.state, confirm]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (shouldBlock()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [shouldBlock]);
}
