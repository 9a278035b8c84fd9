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
}

/** The app's policy widened by exactly what the configuration asks for, nothing else. */
export function appCspDirectives(options: SecurityHeaderOptions): typeof APP_CSP_DIRECTIVES {
  const connect = options.LOG_COLLECTOR_URL ? [new URL(options.LOG_COLLECTOR_URL).origin] : [];
  if (!options.FEEDBACK_WIDGET_KEY || !options.FEEDBACK_WIDGET_SCRIPT_URL) {
    return { ...APP_CSP_DIRECTIVES, connectSrc: [...APP_CSP_DIRECTIVES.connectSrc, ...connect] };
  }
  const widget = [
    new URL(options.FEEDBACK_WIDGET_SCRIPT_URL).origin,
    ...(options.FEEDBACK_WIDGET_ORIGINS ?? []),
  ];
  return {
    ...APP_CSP_DIRECTIVES,
    scriptSrc: [...APP_CSP_DIRECTIVES.scriptSrc, ...widget],
    connectSrc: [...APP_CSP_DIRECTIVES.connectSrc, ...connect, ...widget],
    frameSrc: [...APP_CSP_DIRECTIVES.frameSrc, ...widget],
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
