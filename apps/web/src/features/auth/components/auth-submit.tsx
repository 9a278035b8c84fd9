import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from '../../../ui/button';
import styles from './auth-form.module.css';

/** The one wide submit button of an auth form. */
export function AuthSubmit({
  pending,
  loadingText,
  variant,
  children,
}: {
  pending: boolean;
  loadingText: string;
  variant?: ButtonVariant;
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      {...(variant ? { variant } : {})}
      size="lg"
      fullWidth
      className={styles.submit}
      loading={pending}
      loadingText={loadingText}
    >
      {children}
    </Button>
  );
}
