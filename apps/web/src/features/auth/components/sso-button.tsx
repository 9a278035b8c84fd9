import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../ui/button';
import { fetchSsoOffer, ssoOfferKey, ssoStartUrl } from '../api/auth-api';
import styles from './auth-form.module.css';

/** The server's single sign-on offer, shared by the sign-in and sign-up screens. */
export function useSsoOffer() {
  return useQuery({ queryKey: ssoOfferKey, queryFn: fetchSsoOffer, retry: false });
}

/** "Sign in with …" where the server has single sign-on (OIDC_ISSUER); a full-page trip. */
export function SsoButton({ next, alone = false }: { next: string; alone?: boolean }) {
  const offer = useSsoOffer();
  if (!offer.data) return null;
  const button = (
    <Button
      variant={alone ? 'solid' : 'outline'}
      color={alone ? 'primary' : 'secondary'}
      fullWidth
      onClick={() => window.location.assign(ssoStartUrl(next))}
      data-testid="sso-button"
    >
      Sign in with {offer.data.name}
    </Button>
  );
  if (alone) return button;
  return (
    <div className={styles.guest}>
      <span className={styles.or}>or</span>
      {button}
    </div>
  );
}
