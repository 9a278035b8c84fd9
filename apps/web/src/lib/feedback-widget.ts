import type { FeedbackWidgetSettings } from './client-config';
import { logger } from './logger';

/**
 * The part of the widget's browser SDK we use. The shape is Gleap's (sdk.gleap.io): the script
 * defines `window.Gleap`; `initialize(key)` starts it with the public key, `identify(id, data)`
 * names the user, `clearIdentity()` forgets them.
 */
export interface FeedbackWidgetApi {
  initialize(key: string): void;
  identify(userId: string, data: { email: string; name?: string }): void;
  clearIdentity(): void;
}

export interface FeedbackIdentity {
  id: number;
  email: string;
  name: string;
}

declare global {
  interface Window {
    Gleap?: FeedbackWidgetApi;
  }
}

let loading: Promise<FeedbackWidgetApi | null> | undefined;
/** Who the widget was last told about ("" for nobody), so it is told only of changes. */
let identified = '';

/** Adds the script once per page and starts the widget; null when it cannot load. */
function loadWidget(settings: FeedbackWidgetSettings): Promise<FeedbackWidgetApi | null> {
  loading ??= new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = settings.scriptUrl;
    script.async = true;
    script.dataset.feedbackWidget = '';
    script.addEventListener('load', () => {
      const widget = window.Gleap;
      if (!widget) {
        logger.warn('ui', 'Feedback widget script loaded without defining its API');
        resolve(null);
        return;
      }
      widget.initialize(settings.key);
      resolve(widget);
    });
    script.addEventListener('error', () => {
      logger.warn('ui', 'Feedback widget script could not load', { url: settings.scriptUrl });
      resolve(null);
    });
    document.head.append(script);
  });
  return loading;
}

/**
 * Spec sections 1 and 3: the widget is told the signed-in user's e-mail and id. Signed out
 * (`identity` null), it forgets whoever it was told of. Loads the script on first use only.
 */
export async function identifyFeedbackUser(
  settings: FeedbackWidgetSettings,
  identity: FeedbackIdentity | null,
): Promise<void> {
  const next = identity ? `${identity.id}\n${identity.email}\n${identity.name}` : '';
  if (next === identified) return;
  // Nobody to forget and nobody to name: the script need not load yet.
  if (!identity && !loading) return;
  identified = next;
  const widget = await loadWidget(settings);
  if (!widget) return;
  try {
    if (identity) {
      widget.identify(String(identity.id), { email: identity.email, name: identity.name });
    } else {
      widget.clearIdentity();
    }
  } catch (error) {
    logger.warn('ui', 'Feedback widget refused the identity', error);
  }
}
