import type { LogSettings } from './log-rules';

/** The feedback widget's public settings (FEEDBACK_WIDGET_KEY), or null when it is off. */
export interface FeedbackWidgetSettings {
  key: string;
  scriptUrl: string;
}

/** What the server tells the browser at run time (GET /api/client-config); public. */
export interface ClientConfig {
  logs: LogSettings;
  feedback: FeedbackWidgetSettings | null;
  /** Where the app's published pages live (PAGES_ORIGIN, else PUBLIC_URL); null when unset. */
  pagesOrigin: string | null;
}

const CLIENT_CONFIG_URL = '/api/client-config';
let loaded: Promise<ClientConfig | null> | undefined;

/**
 * Asked once a page, shared by the logger and the feedback widget; plain fetch (no token, no
 * logging), so the logger can use it. Null when the request fails.
 */
export function fetchClientConfig(): Promise<ClientConfig | null> {
  loaded ??= fetch(CLIENT_CONFIG_URL)
    .then(async (response) => (response.ok ? ((await response.json()) as ClientConfig) : null))
    .catch(() => null);
  return loaded;
}
