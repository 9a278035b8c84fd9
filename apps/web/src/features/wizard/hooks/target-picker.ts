import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { useLatest } from '../../../lib/use-latest';

/**
 * "Pick in preview" for a move's target (issue 32): while a field picks, the preview lets any
 * element be clicked (PickTarget mode) and the next click fills that field instead of picking
 * an element to test.
 */
export interface TargetPicker {
  /** The field picking now (its key), if any. */
  picking: string | undefined;
  start: (key: string, onPicked: (selector: string) => void) => void;
  cancel: () => void;
}

export const TargetPickerContext = createContext<TargetPicker | null>(null);

export function useTargetPicker(): TargetPicker {
  const picker = useContext(TargetPickerContext);
  if (!picker) throw new Error('useTargetPicker is used outside the campaign wizard');
  return picker;
}

/**
 * The wizard's picker. `take` hands a click in the preview to the picking field (true) or says
 * none is picking (false); `onPicking` tells the wizard a pick starts (true) or ends (false).
 */
export function useTargetPickerState(onPicking: (picking: boolean) => void) {
  const [picking, setPicking] = useState<string>();
  const onPicked = useRef<(selector: string) => void>(undefined);
  const changed = useLatest(onPicking);

  const stop = useCallback(() => {
    onPicked.current = undefined;
    setPicking(undefined);
    changed.current(false);
  }, [changed]);
  const picker = useMemo<TargetPicker>(
    () => ({
      picking,
      start(key, callback) {
        onPicked.current = callback;
        setPicking(key);
        changed.current(true);
      },
      cancel: stop,
    }),
    [picking, stop, changed],
  );
  const take = useCallback(
    (selector: string): boolean => {
      const callback = onPicked.current;
      if (!callback) return false;
      callback(selector);
      stop();
      return true;
    },
    [stop],
  );
  return { picker, take };
}
