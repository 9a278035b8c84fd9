import type { $ZodType } from 'zod/v4/core';

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

function fieldKey(path: readonly (PropertyKey | { key: PropertyKey })[] | undefined): string {
  const [first] = path ?? [];
  if (first === undefined) return FORM_ROOT_ERROR_KEY;
  return String(typeof first === 'object' ? first.key : first);
}

/**
 * The schema's issues through its Standard Schema face: this module loads no zod itself, so a
 * screen pays for the validation library only with the schema it imports (or loads on first use).
 */
function issuesOf(schema: $ZodType, values: unknown) {
  const result = schema['~standard'].validate(values);
  if (result instanceof Promise) throw new Error('Form schemas must validate synchronously');
  return result.issues ?? [];
}

/**
 * Validates the whole form. Errors are keyed by the top-level field of each issue's
 * path (an issue at `elements.0.selector` is reported under `elements`); the
 * first message per field wins. Returns `{}` when the values are valid.
 */
export function validateForm(schema: $ZodType, values: unknown): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issuesOf(schema, values)) {
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
  schema: $ZodType,
  field: string,
  values: unknown,
): FormError | undefined {
  const issue = issuesOf(schema, values).find((candidate) => fieldKey(candidate.path) === field);
  return issue === undefined ? undefined : toFormError(issue.message);
}
