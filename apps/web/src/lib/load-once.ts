/**
 * A value loaded on first use (a lazily imported module, a schema): one load however many ask at
 * once, the value kept once it arrived, and a failed load forgotten so the next use tries again.
 */
export interface LoadOnce<T> {
  /** The value, once loaded. */
  readonly current: T | undefined;
  load(): Promise<T>;
}

export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let pending: Promise<T> | undefined;
  const once: { current: T | undefined; load(): Promise<T> } = {
    current: undefined,
    load: () =>
      (pending ??= load().then(
        (value) => (once.current = value),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      )),
  };
  return once;
}
