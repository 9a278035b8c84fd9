import type { ZodType } from 'zod';

// Spec section 5, "Form validation behaviour": every failing field gets an error of
// type "redux-validate" carrying the schema's message; only the first message per
// field is kept.

export const FORM_ERROR_TYPE = 'redux-validate';
/** Key for issues that belong to the whole form rather than to one field. */
export const FORM_ROOT_ERROR_KEY = '_error';

export interface FormError {
  type: typeof FORM_ERROR_TYPE;
  message: string;
}

export type FormErrors = Record<string, FormError>;

function toFormError(message: string): FormError {
  return { type: FORM_ERROR_TYPE, message };
}

function fieldKey(path: readonly PropertyKey[]): string {
  const [first] = path;
  return first === undefined ? FORM_ROOT_ERROR_KEY : String(first);
}

/**
 * Validates the whole form. Errors are keyed by the top-level field of each issue's
 * path (an issue at `elements.0.selector` is reported under `elements`); the
 * first message per field wins. Returns `{}` when the values are valid.
 */
export function validateForm(schema: ZodType, values: unknown): FormErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const key = fieldKey(issue.path);
    errors[key] ??= toFormError(issue.message);
  }
  return errors;
}

/**
 * Validates one field. The whole schema runs (so cross-field rules still apply) and
 * only the first message for `field` is kept; undefined when the field is valid.
 */
export function validateField(
  schema: ZodType,
  field: string,
  values: unknown,
): FormError | undefined {
  const result = schema.safeParse(values);
  if (result.success) return undefined;
  const issue = result.error.issues.find((candidate) => fieldKey(candidate.path) === field);
  return issue === undefined ? undefined : toFormError(issue.message);
}
