import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A ref that always holds the value of the last render, for callbacks that run after an await
 * (a dialog, a request) or that must not re-run effects when a parent passes a new function.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
