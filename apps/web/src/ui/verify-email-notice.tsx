import clsx from 'clsx';
import { useResendVerification } from '../lib/email-verification';
import type { MailDelivery } from '../lib/user-context';
import { Button } from './button';
import { CloseIcon, MailIcon } from './icons';
import { toastError, toastSuccess } from './toast';
import styles from './verify-email-notice.module.css';

interface VerifyEmailNoticeProps {
  email: string;
  delivery: MailDelivery;
  /** `banner`: a strip across the top of the app; `inline`: a box inside a form or card. */
  variant?: 'banner' | 'inline';
  onDismiss?: () => void;
}

/** "Please verify {email}" with a button that sends the link again. */
export function VerifyEmailNotice({
  email,
  delivery,
  variant = 'inline',
  onDismiss,
}: VerifyEmailNoticeProps) {
  const resend = useResendVerification({
    onSuccess: (sent) =>
      toastSuccess(
        sent.delivery === 'mail'
          ? `We sent a new link to ${sent.email}.`
          : 'A new link was written to the server log.',
      ),
    onError: (error) => toastError(error),
  });
  return (
    <div
      className={clsx(styles.notice, styles[variant])}
      role="region"
      aria-label="E-mail verification"
      data-testid="verify-email-notice"
    >
      <span className={styles.icon}>
        <MailIcon size={18} />
      </span>
      <p className={styles.text}>
        Please verify <strong className={styles.email}>{breakableEmail(email)}</strong>.{' '}
        {delivery === 'mail'
          ? 'We sent you a link.'
          : 'This server has no mail server set up, so the link was written to its log: ask the person who runs it to pass it on.'}
      </p>
      <div className={styles.actions}>
        <Button
          size="sm"
          variant="outline"
          color="secondary"
          onClick={() => resend.mutate()}
          loading={resend.isPending}
          loadingText="Sending…"
        >
          Send the link again
        </Button>
        {onDismiss ? (
          <button
            type="button"
            className={styles.dismiss}
            onClick={onDismiss}
            aria-label="Dismiss the verification notice"
          >
            <CloseIcon size={16} />
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** A long address wraps before its "@" rather than in the middle of a word. */
function breakableEmail(email: string) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}
