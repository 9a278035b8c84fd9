import helmet from '@fastify/helmet';
import type { AppInstance } from './types';

/**
 * The app's own pages and API: scripts only from this origin, no framing of the app, no
 * sniffing, no referrer beyond the origin. Routes that answer with a policy of their own (the
 * sandboxed preview page, stored files) set it after this and keep it.
 */
export const APP_CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // React sets styles through the CSSOM, but the toast library injects a <style> element.
  styleSrc: ["'self'", "'unsafe-inline'"],
  // Variant images may come from any address the customer's own pages use, http included;
  // an image cannot run anything.
  imgSrc: ["'self'", 'data:', 'blob:', 'http:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  // The editor frames the preview, served by this app at /api/preview/page.
  frameSrc: ["'self'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

export interface SecurityHeaderOptions {
  /** The web app posts its logs there (LOG_COLLECTOR_URL), so it may connect. */
  LOG_COLLECTOR_URL?: string | undefined;
  /** With a key, the feedback widget's script (and the origins it talks to) may load. */
  FEEDBACK_WIDGET_KEY?: string | undefined;
  FEEDBACK_WIDGET_SCRIPT_URL?: string;
  FEEDBACK_WIDGET_ORIGINS?: string[];
  /** With both Stripe keys the billing screen loads Stripe.js (STRIPE_JS_URL). */
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_PUBLISHABLE_KEY?: string | undefined;
  STRIPE_JS_URL?: string | undefined;
}

/**
 * Stripe.js runs from its own origin, frames its fraud-signal iframe from it and calls Stripe's
 * API (Stripe's published CSP list); a self-hoster's STRIPE_JS_URL origin takes js.stripe.com's
 * place in script-src.
 */
function stripeSources(options: SecurityHeaderOptions) {
  if (!options.STRIPE_SECRET_KEY || !options.STRIPE_PUBLISHABLE_KEY || !options.STRIPE_JS_URL) {
    return { script: [], frame: [], connect: [] };
  }
  const origin = new URL(options.STRIPE_JS_URL).origin;
  return {
    script: [origin],
    frame: [origin, 'https://js.stripe.com', 'https://hooks.stripe.com'],
    connect: ['https://api.stripe.com', 'https://m.stripe.network', 'https://r.stripe.com'],
  };
}

function widgetSources(options: SecurityHeaderOptions): string[] {
  if (!options.FEEDBACK_WIDGET_KEY || !options.FEEDBACK_WIDGET_SCRIPT_URL) return [];
  return [
    new URL(options.FEEDBACK_WIDGET_SCRIPT_URL).origin,
    ...(options.FEEDBACK_WIDGET_ORIGINS ?? []),
  ];
}

const unique = (values: string[]) => [...new Set(values)];

/** The app's policy widened by exactly what the configuration asks for, nothing else. */
export function appCspDirectives(options: SecurityHeaderOptions): typeof APP_CSP_DIRECTIVES {
  const connect = options.LOG_COLLECTOR_URL ? [new URL(options.LOG_COLLECTOR_URL).origin] : [];
  const widget = widgetSources(options);
  const stripe = stripeSources(options);
  return {
    ...APP_CSP_DIRECTIVES,
    scriptSrc: unique([...APP_CSP_DIRECTIVES.scriptSrc, ...widget, ...stripe.script]),
    connectSrc: unique([
      ...APP_CSP_DIRECTIVES.connectSrc,
      ...connect,
      ...widget,
      ...stripe.connect,
    ]),
    frameSrc: unique([...APP_CSP_DIRECTIVES.frameSrc, ...widget, ...stripe.frame]),
  };
}

export async function installSecurityHeaders(
  app: AppInstance,
  options: SecurityHeaderOptions = {},
): Promise<void> {
  const directives = appCspDirectives(options);
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Uploaded images are loaded by customers' pages on other origins.
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
    // Plain-HTTP self-hosting (localhost, intranet) must keep working: HSTS is the proxy's job.
    strictTransportSecurity: false,
  });
}
