import type { $ZodType } from 'zod/v4/core';

/**
 * A form schema loaded on first use (the first keystroke, or the submit), so a screen paints
 * without the validation library. `useForm` takes it in place of a schema.
 */
export interface LazySchema {
  /** The schema, once loaded. */
  readonly current: $ZodType | undefined;
  load(): Promise<$ZodType>;
}

export function lazySchema(load: () => Promise<$ZodType>): LazySchema {
  let pending: Promise<$ZodType> | undefined;
  const lazy: { current: $ZodType | undefined; load(): Promise<$ZodType> } = {
    current: undefined,
    load: () =>
      (pending ??= load().then(
        (schema) => (lazy.current = schema),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      )),
  };
  return lazy;
}

export const isLazySchema = (schema: $ZodType | LazySchema): schema is LazySchema =>
  !('_zod' in schema);
