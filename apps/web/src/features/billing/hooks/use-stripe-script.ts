import { CARD_PAYMENT_MESSAGES } from '@kindling/domain';
import type { StripeConstructor } from '@stripe/stripe-js';
import { useEffect, useState } from 'react';

export type StripeScriptState =
  { status: 'off' | 'loading' | 'ready' } | { status: 'unavailable' | 'failed'; message: string };

/** One load per page, whichever screen asks first (a second script tag would run Stripe twice). */
const loads = new Map<string, Promise<StripeConstructor>>();
const started = new Set<string>();

class ScriptError extends Error {
  constructor(readonly status: 'unavailable' | 'failed') {
    super(
      status === 'failed'
        ? CARD_PAYMENT_MESSAGES.scriptFailed
        : CARD_PAYMENT_MESSAGES.scriptUnavailable,
    );
  }
}

function loadScript(url: string): Promise<StripeConstructor> {
  const known = loads.get(url);
  if (known) return known;
  const loading = new Promise<StripeConstructor>((resolve, reject) => {
    if (window.Stripe) return resolve(window.Stripe);
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.addEventListener('load', () =>
      window.Stripe ? resolve(window.Stripe) : reject(new ScriptError('unavailable')),
    );
    script.addEventListener('error', () => reject(new ScriptError('failed')));
    document.head.append(script);
  });
  // A failed load may be retried on the next visit to the screen (a blocker switched off).
  loading.catch(() => loads.delete(url));
  loads.set(url, loading);
  return loading;
}

/**
 * Loads Stripe.js at run time, in the browser only, from the configured address and starts it
 * with the publishable key. Checkout is Stripe's hosted page, so Stripe.js is not needed to pay;
 * it runs on the billing screen for Stripe's fraud signals (advanced fraud detection), as Stripe
 * asks. Its two failures are shown (spec section 8) and do not block the plan buttons.
 */
export function useStripeScript(
  stripe: { publishableKey: string; scriptUrl: string } | null,
): StripeScriptState {
  const [state, setState] = useState<StripeScriptState>({ status: stripe ? 'loading' : 'off' });
  const url = stripe?.scriptUrl;
  const key = stripe?.publishableKey;
  useEffect(() => {
    if (!url || !key) return setState({ status: 'off' });
    let current = true;
    setState({ status: 'loading' });
    loadScript(url)
      .then((Stripe) => {
        // One instance per key and page: Stripe.js warns when started twice.
        if (!started.has(key)) {
          Stripe(key);
          started.add(key);
        }
        if (current) setState({ status: 'ready' });
      })
      .catch((error: unknown) => {
        if (!current) return;
        setState(
          error instanceof ScriptError
            ? { status: error.status, message: error.message }
            : { status: 'unavailable', message: CARD_PAYMENT_MESSAGES.scriptUnavailable },
        );
      });
    return () => {
      current = false;
    };
  }, [url, key]);
  return state;
}
