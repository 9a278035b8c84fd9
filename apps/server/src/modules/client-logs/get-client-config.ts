import type { Config } from '../../config';
import { configuredPagesOrigin } from '../pages/page-origin';

/** Where logs go by default: this server's own collector. */
export const OWN_LOG_ENDPOINT = '/api/logs';

/** What the browser needs to know at run time; public, nothing secret. */
export function getClientConfig({ config }: { config: Config }) {
  return {
    logs: {
      endpoint: config.LOG_COLLECTOR_URL ?? OWN_LOG_ENDPOINT,
      allow: config.CLIENT_LOG_CATEGORIES_ALLOW,
      deny: config.CLIENT_LOG_CATEGORIES_DENY,
    },
    // The feedback widget (spec section 7): a public key, so it may be told to anyone.
    feedback: config.FEEDBACK_WIDGET_KEY
      ? { key: config.FEEDBACK_WIDGET_KEY, scriptUrl: config.FEEDBACK_WIDGET_SCRIPT_URL }
      : null,
    // The campaign rules accept the app's own published pages under it (issue 18).
    pagesOrigin: configuredPagesOrigin(config) ?? null,
  };
}
