import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchClientConfig } from '../lib/client-config';
import { identifyFeedbackUser } from '../lib/feedback-widget';
import { useIsSignedIn } from '../lib/use-session';
import { useUserContext } from '../lib/user-context';

/**
 * The third-party feedback widget (FEEDBACK_WIDGET_KEY). Without a key nothing is loaded or
 * asked; with one, the script loads once a user is signed in and is told who they are, and told
 * to forget them on sign-out. Guests share one account, so the widget is not told of them.
 */
export function FeedbackWidget() {
  const signedIn = useIsSignedIn();
  const config = useQuery({
    queryKey: ['client-config'],
    queryFn: fetchClientConfig,
    staleTime: Infinity,
  });
  const settings = config.data?.feedback ?? null;
  const context = useUserContext(undefined, { enabled: signedIn && settings !== null });
  const user = signedIn ? context.data?.user : undefined;

  useEffect(() => {
    if (!settings) return;
    if (!signedIn) {
      void identifyFeedbackUser(settings, null);
      return;
    }
    if (!user) return;
    void identifyFeedbackUser(
      settings,
      user.isGuest ? null : { id: user.id, email: user.email, name: user.realName },
    );
  }, [settings, signedIn, user]);

  return null;
}
