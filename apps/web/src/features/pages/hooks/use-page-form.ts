import type { LandingPageInput } from '@kindling/domain';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import {
  checkPageForm,
  splitServerErrors,
  suggestedSlug,
  type PageFormErrors,
  type PageFormValues,
} from '../state/page-form';

/**
 * The page form's values and errors. Errors show after the first submit and then follow every
 * change; a server refusal puts its messages next to their fields. Values are never reset by an
 * error, so nothing typed is lost.
 */
export function usePageForm(initial: PageFormValues, { followHeadline = false } = {}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<PageFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [slugTouched, setSlugTouched] = useState(!followHeadline);

  function update(patch: Partial<PageFormValues>) {
    const next = { ...values, ...patch };
    if (patch.slug !== undefined) setSlugTouched(true);
    else if (!slugTouched && patch.headline !== undefined) {
      next.slug = suggestedSlug(patch.headline);
    }
    setValues(next);
    setFormError(null);
    if (submitted) {
      const check = checkPageForm(next);
      setErrors(check.ok ? {} : check.errors);
    }
  }

  /** The input to send, or undefined after showing what is wrong. */
  function validate(): LandingPageInput | undefined {
    setSubmitted(true);
    const check = checkPageForm(values);
    setErrors(check.ok ? {} : check.errors);
    return check.ok ? check.input : undefined;
  }

  function showServerError(error: unknown) {
    if (isApiError(error) && Object.keys(error.fields).length > 0) {
      const { errors: fieldErrors, unmatched } = splitServerErrors(error.fields);
      setErrors((current) => ({ ...current, ...fieldErrors }));
      setFormError(unmatched.length > 0 ? unmatched.join(' ') : null);
      return;
    }
    setFormError(errorMessage(error));
  }

  /** After a save: the saved values are the new starting point. */
  function reset(next: PageFormValues) {
    setValues(next);
    setErrors({});
    setSubmitted(false);
  }

  return { values, errors, formError, update, validate, showServerError, reset };
}

export type PageForm = ReturnType<typeof usePageForm>;
