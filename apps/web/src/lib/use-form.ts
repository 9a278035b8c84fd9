import { validateField, validateForm } from '@kindling/domain';
import { useState, type ChangeEvent } from 'react';
import type { $ZodType } from 'zod/v4/core';
import { errorMessage } from './error-message';
import { isLazySchema, type LazySchema } from './lazy-schema';
import { logger } from './logger';
import { ApiError } from './api-client';

type Errors<V> = Partial<Record<keyof V & string, string>>;

interface UseFormOptions {
  /**
   * "change": validate a field on every change (campaign form, spec section 5).
   * "submit": only after the first submit attempt, then on every change.
   */
  validateOn?: 'change' | 'submit';
}

/** Form state validated by a domain schema: first message per field, plus a form-level error. */
export function useForm<V extends Record<string, unknown>>(
  schema: $ZodType | LazySchema,
  initialValues: V,
  { validateOn = 'submit' }: UseFormOptions = {},
) {
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<Errors<V>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const loaded = isLazySchema(schema) ? schema.current : schema;

  function setField<K extends keyof V & string>(name: K, value: V[K]): void {
    const next = { ...values, [name]: value };
    setValues(next);
    setFormError(null);
    if (isLazySchema(schema)) void schema.load().catch(() => undefined);
    if (loaded && (validateOn === 'change' || submitted)) {
      setErrors((current) => ({ ...current, [name]: validateField(loaded, name, next)?.message }));
    } else if (errors[name]) {
      setErrors((current) => ({ ...current, [name]: undefined }));
    }
  }

  function validateWith(ready: $ZodType, candidate: V): boolean {
    setSubmitted(true);
    const next: Errors<V> = {};
    for (const [field, error] of Object.entries(validateForm(ready, candidate))) {
      next[field as keyof V & string] = error.message;
    }
    setErrors(next);
    return Object.keys(next).length === 0;
  }

  /** Validates everything (pass values that were just set); true when the form may be submitted. */
  function validate(candidate: V = values): boolean {
    if (!loaded) throw new Error('The form schema is still loading: use validateWhenLoaded()');
    return validateWith(loaded, candidate);
  }

  /**
   * `validate` for a lazy schema: waits for it first. Should it fail to load, the form goes
   * unchecked: the server applies the same rules and its field errors show like ours.
   */
  async function validateWhenLoaded(candidate: V = values): Promise<boolean> {
    let ready: $ZodType;
    try {
      ready = isLazySchema(schema) ? await schema.load() : schema;
    } catch (error) {
      logger.warn('ui', 'The form rules failed to load; the server checks them', error);
      return true;
    }
    return validateWith(ready, candidate);
  }

  /** Shows a failed call: field errors next to their fields, anything else on the form. */
  function showError(error: unknown, fallback?: string): void {
    if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
      const known = Object.keys(values);
      const fieldErrors: Errors<V> = {};
      let unmatched = false;
      for (const [field, message] of Object.entries(error.fields)) {
        if (known.includes(field)) fieldErrors[field as keyof V & string] = message;
        else unmatched = true;
      }
      setErrors((current) => ({ ...current, ...fieldErrors }));
      if (unmatched) setFormError(fallback ?? error.message);
      return;
    }
    setFormError(fallback ?? errorMessage(error));
  }

  function inputProps<K extends keyof V & string>(name: K) {
    return {
      name,
      value: String(values[name] ?? ''),
      error: errors[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        setField(name, event.target.value as V[K]),
    };
  }

  return {
    values,
    errors,
    formError,
    setField,
    setValues,
    setErrors,
    setFormError,
    validate,
    validateWhenLoaded,
    showError,
    inputProps,
  };
}
