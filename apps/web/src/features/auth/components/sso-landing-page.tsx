import { SSO_MESSAGES } from '@kindling/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { LoadingState } from '../../../ui/spinner';
import { exchangeSsoCode } from '../api/auth-api';
import { useStartSession } from '../hooks/use-start-session';
import { AuthLayout } from './auth-layout';
import { AuthMessage } from './auth-message';
import { safeNext } from './safe-next';

/**
 * Where the server sends the browser after the provider's answer: the one-time code in the
 * fragment (never sent to a server, nor in a Referer) becomes the session, once.
 */
export function SsoLandingPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const next = safeNext(params.get('next'));
  const exchange = useMutation({
    mutationFn: exchangeSsoCode,
    onSuccess: async (tokens) => {
      startSession(tokens);
      await navigate(next, { replace: true });
    },
  });
  const started = useRef(false);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = new URLSearchParams(window.location.hash.slice(1)).get('code');
    // The code leaves the address bar (and the history) before it is used.
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    if (code) exchange.mutate(code);
    else setMissing(true);
  }, [exchange]);

  const failed = exchange.isError || missing;
  return (
    <AuthLayout documentTitle="Signing in" title="Signing you in" subtitle="One moment.">
      {failed ? (
        <AuthMessage tone="error" testId="sso-failed">
          {exchange.isError ? errorMessage(exchange.error) : SSO_MESSAGES.badHandoff}{' '}
          <Link to="/admin/auth/sign-in">Back to sign-in</Link>
        </AuthMessage>
      ) : (
        <LoadingState />
      )}
    </AuthLayout>
  );
}
