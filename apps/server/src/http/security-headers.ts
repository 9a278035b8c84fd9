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

/** `logCollector`: the web app posts its logs there (LOG_COLLECTOR_URL), so it may connect. */
export async function installSecurityHeaders(
  app: AppInstance,
  { logCollector }: { logCollector?: string | undefined } = {},
): Promise<void> {
  const directives = logCollector
    ? {
        ...APP_CSP_DIRECTIVES,
        connectSrc: [...APP_CSP_DIRECTIVES.connectSrc, new URL(logCollector).origin],
      }
    : APP_CSP_DIRECTIVES;
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
