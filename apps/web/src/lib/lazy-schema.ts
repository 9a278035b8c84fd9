import type { $ZodType } from 'zod/v4/core';
import { loadOnce, type LoadOnce } from './load-once';

/**
 * A form schema loaded on first use (the first keystroke, or the submit), so a screen paints
 * without the validation library. `useForm` takes it in place of a schema.
 */
export type LazySchema = LoadOnce<$ZodType>;

export const lazySchema = (load: () => Promise<$ZodType>): LazySchema => loadOnce(load);

export const isLazySchema = (schema: $ZodType | LazySchema): schema is LazySchema =>
  !('_zod' in schema);
