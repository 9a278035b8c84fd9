import clsx from 'clsx';
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import styles from './field.module.css';

export interface ControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Live feedback that is not an error (e.g. "Username is available"). */
  status?: { tone: 'success' | 'pending' | 'error'; text: string } | undefined;
  className?: string;
  id?: string;
  children: (control: ControlProps) => ReactNode;
}

/** Label + control + hint/error, wired with aria-invalid and aria-describedby. */
export function Field({ label, error, hint, status, className, id, children }: FieldProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = `${controlId}-hint`;
  const messageId = `${controlId}-message`;
  const hasMessage = Boolean(error) || Boolean(status);
  const describedBy = clsx(hint ? hintId : null, hasMessage ? messageId : null) || undefined;

  return (
    <div className={clsx(styles.field, className)}>
      <label className={styles.label} htmlFor={controlId}>
        {label}
      </label>
      {children({
        id: controlId,
        'aria-invalid': error || status?.tone === 'error' ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={messageId} className={styles.error} role="alert">
          {error}
        </p>
      ) : status ? (
        <p
          id={messageId}
          className={clsx(styles.status, styles[status.tone])}
          aria-live="polite"
          data-testid="field-status"
        >
          {status.text}
        </p>
      ) : null}
    </div>
  );
}

type FieldChrome = Omit<FieldProps, 'children' | 'id'>;

/** The control's own aria props (e.g. an error shown elsewhere) join the ones Field wires. */
function mergeAria(
  control: ControlProps,
  own: { 'aria-invalid'?: unknown; 'aria-describedby'?: string | undefined },
): ControlProps {
  const ownInvalid = own['aria-invalid'] === true || own['aria-invalid'] === 'true';
  const invalid = control['aria-invalid'] ?? (ownInvalid || undefined);
  const describedBy = clsx(control['aria-describedby'], own['aria-describedby']) || undefined;
  return { ...control, 'aria-invalid': invalid, 'aria-describedby': describedBy };
}

/** Splits a wrapper's props into what Field draws around the control and what the control gets. */
function splitChrome<P extends FieldChrome & { id?: string | undefined }>(props: P) {
  const { label, error, hint, status, className, id, ...control } = props;
  return { chrome: { label, error, hint, status, className, id }, control };
}

export interface TextFieldProps extends FieldChrome, InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

export function TextField(props: TextFieldProps) {
  const { chrome, control: inputProps } = splitChrome(props);
  return (
    <Field {...chrome}>
      {(wired) => {
        const control = mergeAria(wired, inputProps);
        return (
          <input
            {...inputProps}
            {...control}
            className={clsx(styles.input, control['aria-invalid'] && styles.invalid)}
          />
        );
      }}
    </Field>
  );
}

export interface TextAreaFieldProps
  extends FieldChrome, TextareaHTMLAttributes<HTMLTextAreaElement> {}

export function TextAreaField(props: TextAreaFieldProps) {
  const { chrome, control: areaProps } = splitChrome(props);
  return (
    <Field {...chrome}>
      {(wired) => {
        const control = mergeAria(wired, areaProps);
        return (
          <textarea
            rows={4}
            {...areaProps}
            {...control}
            className={clsx(
              styles.input,
              styles.textarea,
              control['aria-invalid'] && styles.invalid,
            )}
          />
        );
      }}
    </Field>
  );
}

export interface SelectFieldProps extends FieldChrome, SelectHTMLAttributes<HTMLSelectElement> {
  children: ReactNode;
}

export function SelectField(props: SelectFieldProps) {
  const { chrome, control: selectProps } = splitChrome(props);
  return (
    <Field {...chrome}>
      {(control) => (
        <select
          {...selectProps}
          {...control}
          className={clsx(styles.input, styles.select, control['aria-invalid'] && styles.invalid)}
        />
      )}
    </Field>
  );
}

/** A form-level error, e.g. "Incorrect e-mail or password." */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div className={styles.formError} role="alert" data-testid="form-error">
      {message}
    </div>
  );
}
